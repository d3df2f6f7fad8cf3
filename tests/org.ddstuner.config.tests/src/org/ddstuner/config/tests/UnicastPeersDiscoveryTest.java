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
