package org.ddstuner.config.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.ddstuner.config.scenario.GeneratedConfig;
import org.ddstuner.config.scenario.Scenario;
import org.ddstuner.config.scenario.ScenarioOptions;
import org.ddstuner.config.scenario.ScenarioWriter;
import org.ddstuner.testsupport.NetNs;
import org.junit.jupiter.api.Test;

/**
 * Two processes (Cyclone's ddsperf ping and pong, libddsc 0.10.2) started with the generated unicast-peers
 * configuration find each other and exchange samples, and send no multicast datagram meanwhile (the namespace's
 * IpExt OutMcastPkts counter stays put).
 */
class UnicastPeersDiscoveryTest {

    @Test
    void pingAndPongDiscoverEachOtherWithMulticastOff() throws Exception {
        NetNs.requireIsolated();
        GeneratedConfig g = ScenarioWriter.write(Scenario.UNICAST_PEERS,
                ScenarioOptions.defaults().withInterface("127.0.0.1").withPeers(List.of("127.0.0.1")));
        assertTrue(g.xml().contains("<AllowMulticast>false</AllowMulticast>"), g.xml());
        Path file = Files.createTempFile("unicast-peers", ".xml");
        Files.writeString(file, g.xml());
        long mcastBefore = outMcastPackets();
        Path pongOut = Files.createTempFile("pong", ".out");
        Path pingOut = Files.createTempFile("ping", ".out");
        Process pong = ddsperf(file, pongOut, "-D", "6", "pong");
        Process ping = ddsperf(file, pingOut, "-D", "4", "ping");
        try {
            assertTrue(ping.waitFor(20, TimeUnit.SECONDS), "ping did not end");
            assertTrue(pong.waitFor(20, TimeUnit.SECONDS), "pong did not end");
        } finally {
            ping.destroyForcibly();
            pong.destroyForcibly();
        }
        String pingText = Files.readString(pingOut);
        assertTrue(pingText.contains(":" + pong.pid() + ": new"), "ping never discovered pong:\n" + pingText);
        assertTrue(Files.readString(pongOut).contains(":" + ping.pid() + ": new"), "pong never discovered ping");
        Matcher m = Pattern.compile("size 12 mean [0-9.]+us .* cnt (\\d+)").matcher(pingText);
        assertTrue(m.find() && Long.parseLong(m.group(1)) > 0, "no round trips measured:\n" + pingText);
        assertEquals(mcastBefore, outMcastPackets(), "multicast datagrams were sent");
    }

    /**
     * A two-node deployment: node B in a network namespace of its own, joined to this one by a veth pair
     * (10.77.0.1 here, 10.77.0.2 there), each with its own generated file naming its interface and the other node
     * as peer. Checking B's file here says Cyclone accepts it but this host lacks B's interface.
     */
    @Test
    void twoNodesOnAVethPairDiscoverEachOther() throws Exception {
        NetNs.requireIsolated();
        GeneratedConfig a = ScenarioWriter.write(Scenario.UNICAST_PEERS,
                ScenarioOptions.defaults().withInterface("10.77.0.1").withPeers(List.of("10.77.0.2")));
        GeneratedConfig b = ScenarioWriter.write(Scenario.UNICAST_PEERS,
                ScenarioOptions.defaults().withInterface("10.77.0.2").withPeers(List.of("10.77.0.1")));
        Path fa = Files.createTempFile("node-a", ".xml");
        Path fb = Files.createTempFile("node-b", ".xml");
        Files.writeString(fa, a.xml());
        Files.writeString(fb, b.xml());
        var reportB = org.ddstuner.config.check.ConfigChecker.withDefaultLibrary().check(fb);
        assertTrue(reportB.valid(), reportB.problems().toString());
        assertEquals(1, reportB.of(org.ddstuner.config.check.ConfigProblem.Kind.INTERFACE_MISSING).size(),
                reportB.problems().toString());
        Path pongOut = Files.createTempFile("pong-b", ".out");
        Path pingOut = Files.createTempFile("ping-a", ".out");
        ProcessBuilder nodeB = new ProcessBuilder("unshare", "-n", "sh", "-c", """
                while ! ip link show vethb >/dev/null 2>&1; do sleep 0.05; done
                ip link set lo up
                ip addr add 10.77.0.2/24 dev vethb
                ip link set vethb up
                exec ddsperf -D 6 pong
                """).redirectErrorStream(true).redirectOutput(pongOut.toFile());
        nodeB.environment().put("CYCLONEDDS_URI", "file://" + fb);
        Process pong = nodeB.start();
        Process ping = null;
        try {
            String self = Files.readSymbolicLink(Path.of("/proc/self/ns/net")).toString();
            Path theirs = Path.of("/proc", Long.toString(pong.pid()), "ns/net");
            long end = System.nanoTime() + 5_000_000_000L;
            while (Files.readSymbolicLink(theirs).toString().equals(self)) { // until unshare made its namespace
                assertTrue(System.nanoTime() < end, "node B's namespace never appeared");
                Thread.sleep(20);
            }
            run("ip", "link", "add", "vetha", "type", "veth", "peer", "name", "vethb");
            run("ip", "link", "set", "vethb", "netns", Long.toString(pong.pid()));
            run("ip", "addr", "add", "10.77.0.1/24", "dev", "vetha");
            run("ip", "link", "set", "vetha", "up");
            long mcastBefore = outMcastPackets();
            ping = ddsperf(fa, pingOut, "-D", "4", "ping");
            assertTrue(ping.waitFor(20, TimeUnit.SECONDS), "ping did not end");
            assertTrue(pong.waitFor(20, TimeUnit.SECONDS), "pong did not end");
            String pingText = Files.readString(pingOut);
            assertTrue(pingText.contains(":" + pong.pid() + ": new"), "node A never discovered node B:\n" + pingText
                    + "\nB:\n" + Files.readString(pongOut));
            Matcher m = Pattern.compile("size 12 mean [0-9.]+us .* cnt (\\d+)").matcher(pingText);
            assertTrue(m.find() && Long.parseLong(m.group(1)) > 0, "no round trips between the nodes:\n" + pingText);
            assertEquals(mcastBefore, outMcastPackets(), "node A sent multicast");
        } finally {
            if (ping != null) {
                ping.destroyForcibly();
            }
            pong.destroyForcibly();
            new ProcessBuilder("ip", "link", "del", "vetha").start().waitFor(5, TimeUnit.SECONDS);
        }
    }

    private static void run(String... cmd) throws Exception {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertTrue(p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0, String.join(" ", cmd) + ": " + out);
    }

    private static Process ddsperf(Path config, Path out, String... args) throws IOException {
        List<String> cmd = new java.util.ArrayList<>(List.of("ddsperf"));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(out.toFile());
        pb.environment().put("CYCLONEDDS_URI", "file://" + config);
        return pb.start();
    }

    /** IpExt OutMcastPkts of this network namespace. */
    private static long outMcastPackets() throws IOException {
        List<String> lines = Files.readAllLines(Path.of("/proc/net/netstat"));
        for (int i = 0; i + 1 < lines.size(); i++) {
            if (lines.get(i).startsWith("IpExt:") && lines.get(i + 1).startsWith("IpExt:")) {
                List<String> names = List.of(lines.get(i).split("\\s+"));
                return Long.parseLong(lines.get(i + 1).split("\\s+")[names.indexOf("OutMcastPkts")]);
            }
        }
        throw new IllegalStateException("no IpExt in /proc/net/netstat");
    }
}
