package org.ddstuner.cli.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.ddstuner.json.StrictJson;
import org.ddstuner.testsupport.PeerProcess;
import org.ddstuner.testsupport.Peers;
import org.ddstuner.testsupport.TwoHosts;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * A foreign application on the remote host (issue 15): the Cyclone DDS 11 Python peer and {@code ddstuner serve} run in
 * namespace A of the two-host setup; this JVM (namespace B, joined only by the veth pair) sees the peer's participant
 * with {@code ls --remote} and gets its SensorData samples (partition "sensors", type learned over the wire) with
 * {@code subscribe --remote}. B never joins A's domain.
 */
class TwoHostPythonPeerRemoteTest {

    private static final int DOMAIN = 128;
    private static final Pattern READY = Pattern.compile("READY serving domain 128 on 10\\.77\\.0\\.1:(\\d+), .*");

    @TempDir
    Path dir;

    private String[] remote(String port, String command, String... more) {
        List<String> args = new ArrayList<>(List.of(command));
        args.addAll(List.of(more));
        args.addAll(List.of("--remote", TwoHosts.A_ADDRESS + ":" + port, "--token-file", dir.resolve("token")
                .toString(), "--known-agents", dir.resolve("known-agents").toString()));
        return args.toArray(String[]::new);
    }

    @Test
    void theCyclone11PeerInASeenAndSubscribedFromB() throws Exception {
        Peers.requireAvailable();
        try (TwoHosts hosts = TwoHosts.startHereAsB();
                PeerProcess peer = Peers.startIn(hosts.a(), "cyclone_peer", DOMAIN, "--name", "peer_on_host_a");
                CliProcess agent = CliProcess.startIn(hosts.a(), "serve", "--listen", TwoHosts.A_ADDRESS + ":0",
                        "--token-file", dir.resolve("token").toString(), "--identity-dir", dir.resolve("agent")
                                .toString(), "--domain", Integer.toString(DOMAIN))) {
            Matcher m = READY.matcher(agent.awaitLine("READY"));
            assertTrue(m.matches(), m.toString());
            String port = m.group(1);

            CliTest.Result ls = CliTest.run(remote(port, "ls", "--json", "--wait", "0"));
            boolean seen = false;
            long end = System.nanoTime() + 30_000_000_000L;
            while (true) {
                assertEquals(0, ls.code(), ls.err());
                JsonNode root = StrictJson.parse(ls.out());
                for (JsonNode p : root.get("participants")) {
                    seen |= "peer_on_host_a".equals(p.get("name").asText()) && p.get("alive").asBoolean();
                }
                if (seen || System.nanoTime() > end) {
                    break;
                }
                Thread.sleep(1000);
                ls = CliTest.run(remote(port, "ls", "--json", "--wait", "0"));
            }
            assertTrue(seen, "ls --remote from B lists the Python peer's participant in A: " + ls.out()
                    + "\npeer: " + peer.stderr());
            assertTrue(ls.out().contains("\"SensorData\""), ls.out());

            CliTest.Result sub = CliTest.run(remote(port, "subscribe", "SensorData", "--json", "--count", "5",
                    "--timeout", "60"));
            assertEquals(0, sub.code(), sub.err());
            String[] lines = sub.out().strip().split("\n");
            assertEquals(5, lines.length, sub.out());
            for (String line : lines) {
                JsonNode s = StrictJson.parse(line);
                assertTrue(s.path("value").has("sensor_id"), "a decoded tuner::SensorReading: " + line);
            }
        }
    }
}
