package org.ddstuner.cli.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.ddstuner.connection.ConnectionProfile;
import org.ddstuner.connection.NetworkOptions;
import org.ddstuner.json.StrictJson;

import com.fasterxml.jackson.databind.JsonNode;
import org.ddstuner.testsupport.RepoLocator;
import org.ddstuner.testsupport.TwoHosts;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 15, way 1: the CLI joins a domain on another "host" directly. The demo runs in namespace A (10.77.0.1), this
 * JVM is namespace B (10.77.0.2), joined by a veth pair only ({@link TwoHosts}). With unicast peers and multicast off
 * ({@code --peer 10.77.0.1 --interface veth-b}) and with Cyclone's TCP transport ({@code --transport tcp}, the demo
 * listening on a fixed TCP port), {@code ls} in B sees the demo's participants in A; in a secured domain only with an
 * identity and permissions of its own.
 */
class TwoHostDirectJoinTest {

    private static Set<String> participantNames(String lsJson) {
        Set<String> names = new HashSet<>();
        StrictJson.parse(lsJson).get("participants").forEach(p -> names.add(p.get("name").asText()));
        return names;
    }

    @Test
    void unicastPeersWithoutMulticastAcrossTheLink() throws Exception {
        try (TwoHosts hosts = TwoHosts.startHereAsB();
                CliProcess demo = CliProcess.startIn(hosts.a(), "demo", "--domain", "124", "--peer",
                        TwoHosts.B_ADDRESS, "--interface", "veth-a", "--duration", "120")) {
            demo.awaitLine("READY");
            CliTest.Result r = CliTest.run("ls", "--domain", "124", "--peer", TwoHosts.A_ADDRESS, "--interface",
                    "veth-b", "--json", "--wait", "15", "--expect-participant", "SensorHub", "--expect-participant",
                    "Radar");
            assertEquals(0, r.code(), r.err());
            assertTrue(participantNames(r.out()).containsAll(LsJsonAssertions.ENDPOINTS.keySet()),
                    "ls in B sees the demo in A: " + r.out());
        }
    }

    @Test
    void tcpTransportAcrossTheLink() throws Exception {
        try (TwoHosts hosts = TwoHosts.startHereAsB();
                CliProcess demo = CliProcess.startIn(hosts.a(), "demo", "--domain", "125", "--config", "default",
                        "--transport", "tcp", "--tcp-port", "7610", "--interface", "veth-a", "--duration", "120")) {
            demo.awaitLine("READY");
            CliTest.Result r = CliTest.run("ls", "--domain", "125", "--peer", TwoHosts.A_ADDRESS + ":7610",
                    "--transport", "tcp", "--interface", "veth-b", "--json", "--wait", "15", "--expect-participant",
                    "SensorHub", "--expect-participant", "Radar");
            assertEquals(0, r.code(), r.err());
            assertTrue(participantNames(r.out()).containsAll(LsJsonAssertions.ENDPOINTS.keySet()),
                    "ls over TCP in B sees the demo in A: " + r.out());
        }
    }

    /**
     * A secured domain (DDS Security: authentication, access control, encrypted discovery and data; files made by
     * {@code resources/security/make-domain.sh} with openssl): with its own identity and permissions the tool in B sees
     * the demo in A; without them (a child process: the same domain, no security) it sees none of the demo's readers,
     * writers and topics (participants may show: SPDP is never protected).
     */
    @Test
    void securedDomainAcrossTheLinkAndWhatItHidesWithoutAnIdentity(@TempDir Path dir) throws Exception {
        Path script = RepoLocator.repoRoot().resolve("tests/org.ddstuner.cli.tests/resources/security/make-domain.sh");
        Process make = new ProcessBuilder("bash", script.toString(), dir.toString(), "demo", "tool")
                .redirectErrorStream(true).start();
        String made = new String(make.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(make.waitFor(60, TimeUnit.SECONDS) && make.exitValue() == 0, made);
        try (TwoHosts hosts = TwoHosts.startHereAsB();
                CliProcess demo = CliProcess.startIn(hosts.a(), "demo", "--domain", "126", "--peer",
                        TwoHosts.B_ADDRESS, "--interface", "veth-a", "--security", dir.resolve("demo").toString(),
                        "--duration", "120")) {
            demo.awaitLine("READY");
            CliTest.Result r = CliTest.run("ls", "--domain", "126", "--peer", TwoHosts.A_ADDRESS, "--interface",
                    "veth-b", "--security", dir.resolve("tool").toString(), "--json", "--wait", "20",
                    "--expect-participant", "SensorHub", "--expect-participant", "Radar", "--expect-topic",
                    "SensorReadings");
            assertEquals(0, r.code(), r.err());
            assertTrue(participantNames(r.out()).containsAll(LsJsonAssertions.ENDPOINTS.keySet()),
                    "ls with an identity in B sees the secured demo in A: " + r.out());

            try (CliProcess plain = CliProcess.start("ls", "--domain", "126", "--peer", TwoHosts.A_ADDRESS,
                    "--interface", "veth-b", "--json", "--wait", "8")) {
                String out = new String(plain.process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                assertTrue(plain.process.waitFor(60, TimeUnit.SECONDS), plain.stderr());
                assertEquals(0, plain.process.exitValue(), plain.stderr());
                // SPDP is never protected (the authentication handshake needs it), so the demo's participants may
                // show; discovery protection hides every reader, writer and topic of theirs
                JsonNode root = StrictJson.parse(out);
                Set<String> topics = new HashSet<>();
                root.get("endpoints").forEach(e -> topics.add(e.get("topic").asText()));
                root.get("topics").forEach(t -> topics.add(t.get("name").asText()));
                assertTrue(topics.stream().noneMatch(org.ddstuner.demo.DemoSystem.TOPICS::contains),
                        "without an identity no endpoint or topic of the secured demo shows: " + topics
                                + "; participants: " + participantNames(out));
            }
        }
    }

    /** What the options make of Cyclone's configuration, and usage errors for options that cannot apply. */
    @Test
    void networkOptionsMakeTheCycloneXml() {
        ConnectionProfile peers = new ConnectionProfile("p", 3, ConnectionProfile.ConfigKind.PEERS, "",
                List.of("10.77.0.1:7610"), false).withNetwork(new NetworkOptions("veth-b", NetworkOptions.Transport.TCP,
                        0, null));
        String xml = peers.connectionConfigXml();
        assertTrue(xml.contains("<AllowMulticast>false</AllowMulticast>"), xml);
        assertTrue(xml.contains("<NetworkInterface name=\"veth-b\"/>"), xml);
        assertTrue(xml.contains("<Transport>tcp</Transport>"), xml);
        assertTrue(xml.contains("<Tcp><Port>-1</Port></Tcp>"), xml);
        assertTrue(xml.contains("<Peer address=\"10.77.0.1:7610\"/>"), xml);
        assertEquals("domain 3, peers 10.77.0.1:7610, interface veth-b, TCP", peers.summary());

        ConnectionProfile secured = new ConnectionProfile("s", 3, ConnectionProfile.ConfigKind.DEFAULT, "", List.of(),
                false).withNetwork(new NetworkOptions("10.77.0.2", NetworkOptions.Transport.UDP, 0,
                        NetworkOptions.Security.inDirectory(Path.of("/etc/dds&sec"))));
        String sx = secured.configXml();
        assertTrue(sx.contains("<NetworkInterface address=\"10.77.0.2\"/>"), sx);
        assertTrue(sx.contains("<IdentityCA>file:/etc/dds&amp;sec/identity_ca.pem</IdentityCA>"), sx);
        assertTrue(sx.contains("<Library path=\"dds_security_crypto\""), sx);
        assertFalse(sx.contains("<Transport>"), sx);

        CliTest.Result loopback = CliTest.run("ls", "--interface", "eth0");
        assertEquals(2, loopback.code());
        assertTrue(loopback.err().contains("need --peer ADDR or --config default"), loopback.err());
        CliTest.Result port = CliTest.run("ls", "--peer", "10.77.0.1", "--tcp-port", "7");
        assertEquals(2, port.code());
        assertTrue(port.err().contains("--tcp-port needs --transport tcp"), port.err());
        CliTest.Result sec = CliTest.run("ls", "--config", "default", "--security", "/nonexistent");
        assertEquals(2, sec.code());
        assertTrue(sec.err().contains("--security needs a folder with identity_ca.pem"), sec.err());
    }
}
