package org.ddstuner.cli.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.ddstuner.cli.tests.CliTest.Result;
import org.ddstuner.dds.CycloneConfig;
import org.ddstuner.dds.Domain;
import org.ddstuner.dds.EndpointData;
import org.ddstuner.dds.Guid;
import org.ddstuner.dds.Qos;
import org.ddstuner.json.StrictJson;
import org.ddstuner.qos.Capability;
import org.ddstuner.qos.CapabilityProbe;
import org.ddstuner.qos.QosCapabilities;
import org.ddstuner.qos.DiscoveryConfirm;
import org.ddstuner.testsupport.NetNs;
import org.ddstuner.testsupport.TunedApp;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ddstuner qos} in a child JVM against a real C application that embeds the agent (started with a secret);
 * a third participant (this JVM) checks in discovery what changed and what did not. Runs in a private network
 * namespace.
 */
class QosCommandsTest {

    static final int DOMAIN = 173;
    static final int OVERRIDE_DOMAIN = 174;
    static final String SECRET = "cli-secret-0815";

    @TempDir
    static Path dir;
    static TunedApp app;
    static Domain domain;
    static DiscoveryConfirm third;
    static Path secretFile;
    /** The writer's GUID as ls --json prints it (dotted). */
    static String writer;

    @BeforeAll
    static void start() throws Exception {
        NetNs.requireIsolated();
        app = new TunedApp(TunedApp.build(dir, true), DOMAIN, Map.of("DDSTUNER_AGENT_SECRET", SECRET,
                "DDSTUNER_AGENT_LOG", dir.resolve("agent.log").toString()), dir.resolve("app.err"));
        writer = Guid.parse(app.writerGuid).toString();
        domain = Domain.create(DOMAIN, CycloneConfig.loopbackOnly());
        third = new DiscoveryConfirm(domain.createParticipant());
        secretFile = dir.resolve("secret");
        Files.writeString(secretFile, SECRET + "\n");
    }

    @AfterAll
    static void stop() throws Exception {
        if (app != null) {
            app.close();
        }
        if (third != null) {
            third.close();
        }
        if (domain != null) {
            domain.close();
        }
    }

    /** Runs ddstuner in a child JVM (this JVM has the domain open) until it exits. */
    static Result cli(String... args) throws Exception {
        try (CliProcess p = CliProcess.start(args)) {
            String out = new String(p.process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(p.process.waitFor(90, TimeUnit.SECONDS), "ddstuner " + String.join(" ", args) + " did not end");
            return new Result(p.process.exitValue(), out, p.stderr());
        }
    }

    static Qos announced(String guid) {
        return third.awaitEndpoint(Guid.parse(guid), q -> true, Duration.ofSeconds(10)).map(EndpointData::qos)
                .orElseThrow(() -> new AssertionError("discovery never showed " + guid));
    }

    static int strength() {
        return announced(writer).ownershipStrength().value();
    }

    @Test
    void capsTextAndJsonAreTheProbesTable() throws Exception {
        QosCapabilities probe = CapabilityProbe.forLoadedLibrary();
        Result json = cli("qos", "caps", "--json");
        assertEquals(0, json.code(), json.err());
        Map<String, Object> root = StrictJson.parseMap(json.out().strip());
        Map<?, ?> kinds = (Map<?, ?>) root.get("kinds");
        Result text = cli("qos", "caps");
        assertEquals(0, text.code(), text.err());
        assertTrue(text.out().startsWith("libddsc " + probe.libraryVersion()), text.out());
        assertTrue(probe.capabilities().size() > 20, "a table with substance: " + probe.table());
        for (Capability c : probe.capabilities()) {
            Map<?, ?> cell = (Map<?, ?>) ((Map<?, ?>) kinds.get(c.kind().jsonName())).get(c.policy());
            assertEquals(c.own().jsonName(), cell.get("own"), c.tableLine());
            assertEquals(c.remote().jsonName(), cell.get("remote"), c.tableLine());
            assertEquals(c.reason(), cell.get("reason"), c.tableLine());
            assertTrue(text.out().contains(String.format("  %-22s %-10s %-10s %s%n", c.policy(), c.own().jsonName(),
                    c.remote().jsonName(), c.reason())), "text lacks " + c.tableLine());
        }
    }

    @Test
    void showPrintsTheWritersQos() throws Exception {
        Result r = cli("qos", "show", writer, "--domain", "" + DOMAIN, "--wait", "15", "--json");
        assertEquals(0, r.code(), r.err());
        Map<String, Object> m = StrictJson.parseMap(r.out().strip());
        assertEquals("writer", m.get("kind"));
        assertEquals("TunedTopic", m.get("topic"));
        assertEquals(writer, m.get("guid"));
        assertEquals(app.pid, ((Number) ((Map<?, ?>) m.get("process")).get("pid")).longValue());
        Map<?, ?> qos = (Map<?, ?>) m.get("qos");
        assertEquals("exclusive", qos.get("ownership"));
        assertEquals("tuned_writer", qos.get("entity_name"));
        Result text = cli("qos", "show", app.writerGuid, "--domain", "" + DOMAIN, "--wait", "15");
        assertEquals(0, text.code(), text.err());
        assertTrue(text.out().startsWith("writer " + writer + " on TunedTopic"), text.out());
        assertTrue(text.out().contains("ownership "), text.out());
    }

    @Test
    void setLiveIsAppliedAndConfirmedFromDiscovery() throws Exception {
        int target = strength() == 9 ? 11 : 9;
        Result r = cli("qos", "set", writer, "ownership_strength=" + target, "--secret-file", secretFile.toString(),
                "--domain", "" + DOMAIN, "--wait", "15");
        assertEquals(0, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("ownership_strength=" + target + "  (confirmed from discovery)"), r.out());
        assertTrue(third.awaitEndpoint(Guid.parse(writer), q -> q.ownershipStrength().value() == target,
                Duration.ofSeconds(10)).isPresent(), "a third participant sees strength " + target);
    }

    @Test
    void immutablePolicyIsRefusedWithTheReasonAndNothingChanges() throws Exception {
        int before = strength();
        Result r = cli("qos", "set", writer, "durability=transient_local", "ownership_strength=" + (before + 1),
                "--secret-file", secretFile.toString(), "--domain", "" + DOMAIN, "--wait", "15");
        assertEquals(1, r.code(), r.out() + r.err());
        assertTrue(r.err().contains("IMMUTABLE_POLICY") && r.err().contains("nothing changed"), r.err());
        Qos q = announced(writer);
        assertTrue(q.durability() == null || q.durability().kind() == Qos.DurabilityKind.VOLATILE, q.toString());
        assertEquals(before, q.ownershipStrength().value(), "libddsc refuses the whole set");
    }

    /**
     * The Cyclone 11 Python peer (its wheel's own libddsc) with the agent by LD_PRELOAD and the secret: qos set changes
     * its writer, confirmed from discovery and seen by the third participant; a wrong secret changes nothing.
     */
    @Test
    void thePythonPeerWithThePreloadedAgentIsTunedFromTheCli() throws Exception {
        org.ddstuner.testsupport.Peers.requireAvailable();
        try (var peer = org.ddstuner.testsupport.Peers.start("cyclone_peer", DOMAIN, Map.of("LD_PRELOAD",
                TunedApp.agentLibrary().toString(), "DDSTUNER_AGENT_SECRET", SECRET));
                var client = new org.ddstuner.agent.AgentClient(domain.createParticipant())) {
            var agent = client.awaitAgent(peer.pid(), Duration.ofSeconds(30));
            assertTrue(agent.library().contains("cyclonedds"), "the wheel's own libddsc: " + agent.library());
            String id = client.list(agent.agent(), Duration.ofSeconds(10)).stream()
                    .filter(e -> e.kind().equals("writer") && e.topic().equals("SensorData")).findFirst()
                    .orElseThrow().id();
            String guid = Guid.parse(id).toString();
            int before = announced(guid).ownershipStrength().value();
            Path wrong = dir.resolve("wrong-python");
            Files.writeString(wrong, "not-the-secret");
            Result refused = cli("qos", "set", guid, "ownership_strength=" + (before + 5), "--secret-file",
                    wrong.toString(), "--domain", "" + DOMAIN, "--wait", "15");
            assertEquals(1, refused.code(), refused.out() + refused.err());
            assertTrue(refused.err().contains("NOT_AUTHORIZED"), refused.err());
            Result r = cli("qos", "set", guid, "ownership_strength=" + (before + 7), "--secret-file",
                    secretFile.toString(), "--domain", "" + DOMAIN, "--wait", "15");
            assertEquals(0, r.code(), r.out() + r.err());
            assertTrue(r.out().contains("ownership_strength=" + (before + 7) + "  (confirmed from discovery)"), r.out());
            assertTrue(third.awaitEndpoint(Guid.parse(guid), q -> q.ownershipStrength().value() == before + 7,
                    Duration.ofSeconds(10)).isPresent(), "a third participant sees the new strength");
            assertTrue(peer.isAlive(), "the peer keeps running");
        }
    }

    @Test
    void wrongOrMissingSecretIsRefused() throws Exception {
        int before = strength();
        Path wrong = dir.resolve("wrong");
        Files.writeString(wrong, "not-the-secret");
        Result r = cli("qos", "set", writer, "ownership_strength=" + (before + 2), "--secret-file", wrong.toString(),
                "--domain", "" + DOMAIN, "--wait", "15");
        assertEquals(1, r.code(), r.out() + r.err());
        assertTrue(r.err().contains("NOT_AUTHORIZED"), r.err());
        Result none = cli("qos", "set", writer, "ownership_strength=" + (before + 2), "--domain", "" + DOMAIN,
                "--wait", "15");
        assertEquals(1, none.code(), none.err());
        assertTrue(none.err().contains("--secret-file"), none.err());
        Thread.sleep(500);
        assertEquals(before, strength());
    }

    @Test
    void badInputIsAUsageErrorAndAnUnknownGuidIsNotFound() throws Exception {
        for (List<String> args : List.of(List.of("qos", "set", writer, "ownership_strength=strong"),
                List.of("qos", "set", writer, "no_such_policy=1"), List.of("qos", "set", writer, "lifespan=5 minutes"),
                List.of("qos", "set", "not-a-guid", "ownership_strength=1"), List.of("qos", "show"),
                List.of("qos", "set", writer), List.of("qos", "override", "--output", dir.resolve("x.xml").toString(),
                        "durability=volatile"), List.of("qos", "override", "--process", "1", "--output",
                        dir.resolve("x.xml").toString(), "partition=a"))) {
            Result r = CliTest.run(args.toArray(String[]::new)); // fails before joining a domain: in this JVM
            assertEquals(2, r.code(), args + ": " + r.out() + r.err());
            assertTrue(r.err().startsWith("ddstuner: ") || r.err().contains("Usage:"), args + ": " + r.err());
        }
        assertTrue(CliTest.run("qos", "set", writer, "ownership_strength=strong").err()
                .contains("bad value for ownership_strength"));
        String unknown = "01020304:05060708:090a0b0c:00000102";
        Result r = cli("qos", "show", unknown, "--domain", "" + DOMAIN, "--wait", "5");
        assertEquals(1, r.code(), r.out() + r.err());
        assertTrue(r.err().contains("no agent in domain " + DOMAIN + " knows entity " + unknown), r.err());
        Result noAgent = cli("qos", "show", writer, "--domain", "" + (DOMAIN + 2), "--wait", "2");
        assertEquals(1, noAgent.code(), noAgent.err());
        assertTrue(noAgent.err().contains("no DDS Tuner agent announced itself"), noAgent.err());
    }

    @Test
    void overrideWritesAFileTheAgentApplies() throws Exception {
        Path file = dir.resolve("overrides.xml");
        Result r = CliTest.run("qos", "override", "--process", "tuned_app_plain", "--output", file.toString(),
                "--topic", "Tuned*", "durability=transient_local", "history=keep_last,7", "ownership_strength=3");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("takes effect when tuned_app_plain restarts"), r.out());
        Map<String, String> env = Map.of("LD_PRELOAD", TunedApp.agentLibrary().toString(), "DDSTUNER_QOS_OVERRIDES",
                file.toString(), "DDSTUNER_AGENT_LOG", dir.resolve("override.log").toString());
        try (TunedApp plain = new TunedApp(TunedApp.build(dir, false), OVERRIDE_DOMAIN, env, dir.resolve("plain.err"));
                Domain d = Domain.create(OVERRIDE_DOMAIN, CycloneConfig.loopbackOnly());
                DiscoveryConfirm seen = new DiscoveryConfirm(d.createParticipant())) {
            Qos q = seen.awaitEndpoint(Guid.parse(plain.writerGuid), x -> x.durability() != null, Duration.ofSeconds(10))
                    .map(EndpointData::qos).orElseThrow(() -> new AssertionError("writer not discovered"));
            assertEquals(Qos.DurabilityKind.TRANSIENT_LOCAL, q.durability().kind(), q.toString());
            assertEquals(new Qos.History(Qos.HistoryKind.KEEP_LAST, 7), q.history(), q.toString());
            assertEquals(3, q.ownershipStrength().value(), q.toString());
            Qos rq = seen.awaitEndpoint(Guid.parse(plain.readerGuid), x -> true, Duration.ofSeconds(10))
                    .map(EndpointData::qos).orElseThrow(() -> new AssertionError("reader not discovered"));
            assertEquals(Qos.DurabilityKind.TRANSIENT_LOCAL, rq.durability().kind(), "both kinds by default: " + rq);
        }
    }
}
