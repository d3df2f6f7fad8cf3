package org.ddstuner.cli.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.ddstuner.cli.tests.CliTest.Result;
import org.ddstuner.dds.CycloneConfig;
import org.ddstuner.dds.Domain;
import org.ddstuner.dds.Guid;
import org.ddstuner.dds.Qos;
import org.ddstuner.json.StrictJson;
import org.ddstuner.qos.DiscoveryConfirm;
import org.ddstuner.testsupport.NetNs;
import org.ddstuner.testsupport.TunedApp;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code qos show|set GUID --remote} through {@code ddstuner serve} (a process) to a real C application embedding the
 * tuning agent (started with a secret) on the agent's side: the QoS as the application's agent says; a live change
 * applied and confirmed from the remote agent's discovery, and seen by a third participant; an immutable policy, a
 * wrong secret and an unknown GUID refused with nothing changed; an agent without {@code --allow qos} refuses with
 * exit 4; the agent audits requests and refusals.
 */
class RemoteQosCliTest {

    static final int DOMAIN = 176;
    static final String SECRET = "remote-secret-4711";
    private static final Pattern READY = Pattern.compile("READY serving domain " + DOMAIN
            + " on 127\\.0\\.0\\.1:(\\d+), .*");

    @TempDir
    static Path dir;
    static TunedApp app;
    static Domain domain;
    static DiscoveryConfirm third;
    static String writer;
    static Path secretFile;

    @BeforeAll
    static void start() throws Exception {
        NetNs.requireIsolated();
        app = new TunedApp(TunedApp.build(dir, true), DOMAIN, Map.of("DDSTUNER_AGENT_SECRET", SECRET), dir.resolve(
                "app.err"));
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

    private static CliProcess serve(String name, String... allow) throws IOException {
        List<String> args = new ArrayList<>(List.of("serve", "--listen", "127.0.0.1:0", "--token-file",
                dir.resolve("token").toString(), "--identity-dir", dir.resolve(name).toString(), "--audit-log",
                dir.resolve(name + "-audit.log").toString(), "--domain", "" + DOMAIN));
        args.addAll(List.of(allow));
        return CliProcess.start(args.toArray(String[]::new));
    }

    private static String port(CliProcess agent) throws IOException {
        String line = agent.awaitLine("READY");
        Matcher m = READY.matcher(line);
        assertTrue(m.matches(), line);
        return m.group(1);
    }

    private static Result remote(String port, String... args) {
        List<String> all = new ArrayList<>(List.of(args));
        all.addAll(List.of("--remote", "127.0.0.1:" + port, "--token-file", dir.resolve("token").toString(),
                "--known-agents", dir.resolve("known-agents").toString()));
        return CliTest.run(all.toArray(String[]::new));
    }

    private static int strength() {
        return third.awaitEndpoint(Guid.parse(writer), q -> true, Duration.ofSeconds(10)).orElseThrow().qos()
                .ownershipStrength().value();
    }

    @Test
    void showAndSetGoThroughTheAgentAndRefusalsChangeNothing() throws Exception {
        try (CliProcess agent = serve("agent", "--allow", "qos")) {
            String port = port(agent);
            Result show = remote(port, "qos", "show", writer, "--json", "--wait", "10");
            assertEquals(0, show.code(), show.err());
            Map<String, Object> m = StrictJson.parseMap(show.out().strip());
            assertEquals("writer", m.get("kind"));
            assertEquals("TunedTopic", m.get("topic"));
            assertEquals(writer, m.get("guid"));
            assertEquals(app.pid, ((Number) ((Map<?, ?>) m.get("process")).get("pid")).longValue());
            assertEquals("tuned_writer", ((Map<?, ?>) m.get("qos")).get("entity_name"));
            Result text = remote(port, "qos", "show", writer);
            assertEquals(0, text.code(), text.err());
            assertTrue(text.out().startsWith("writer " + writer + " on TunedTopic"), text.out());
            assertTrue(text.out().contains("through the agent"), text.out());

            int target = strength() == 9 ? 11 : 9;
            Result set = remote(port, "qos", "set", writer, "ownership_strength=" + target, "--secret-file",
                    secretFile.toString());
            assertEquals(0, set.code(), set.out() + set.err());
            assertTrue(set.out().contains("ownership_strength=" + target
                    + "  (confirmed from the remote agent's discovery)"), set.out());
            assertTrue(third.awaitEndpoint(Guid.parse(writer), q -> q.ownershipStrength().value() == target,
                    Duration.ofSeconds(10)).isPresent(), "a third participant sees strength " + target);

            Result immutable = remote(port, "qos", "set", writer, "durability=transient_local",
                    "ownership_strength=" + (target + 1), "--secret-file", secretFile.toString());
            assertEquals(1, immutable.code(), immutable.out() + immutable.err());
            assertTrue(immutable.err().contains("(qos-refused)") && immutable.err().contains("IMMUTABLE_POLICY")
                    && immutable.err().contains("nothing changed"), immutable.err());
            Path wrong = dir.resolve("wrong");
            Files.writeString(wrong, "not-the-secret");
            Result badSecret = remote(port, "qos", "set", writer, "ownership_strength=" + (target + 2),
                    "--secret-file", wrong.toString());
            assertEquals(1, badSecret.code(), badSecret.err());
            assertTrue(badSecret.err().contains("NOT_AUTHORIZED"), badSecret.err());
            Result unknown = remote(port, "qos", "show", "01020304:05060708:090a0b0c:00000102", "--wait", "1");
            assertEquals(1, unknown.code(), unknown.err());
            assertTrue(unknown.err().contains("(unknown-entity)"), unknown.err());
            Qos q = third.awaitEndpoint(Guid.parse(writer), x -> true, Duration.ofSeconds(10)).orElseThrow().qos();
            assertEquals(target, q.ownershipStrength().value(), "the refused sets changed nothing");
            assertTrue(q.durability() == null || q.durability().kind() == Qos.DurabilityKind.VOLATILE, q.toString());

            List<String> audit = Files.readAllLines(dir.resolve("agent-audit.log"));
            assertTrue(audit.stream().anyMatch(l -> l.contains("\"request\"") && l.contains("set-qos")),
                    audit.toString());
            assertTrue(audit.stream().anyMatch(l -> l.contains("request-refused") && l.contains("qos-refused")),
                    audit.toString());
        }
    }

    @Test
    void anAgentWithoutQosRefusesWithExitFour() throws Exception {
        try (CliProcess agent = serve("readonly")) {
            String port = port(agent);
            int before = strength();
            Result r = remote(port, "qos", "set", writer, "ownership_strength=" + (before + 5), "--secret-file",
                    secretFile.toString());
            assertEquals(4, r.code(), r.out() + r.err());
            assertTrue(r.err().contains("(not-allowed)") && r.err().contains("--allow qos"), r.err());
            assertEquals(before, strength());
            List<String> audit = Files.readAllLines(dir.resolve("readonly-audit.log"));
            assertTrue(audit.stream().anyMatch(l -> l.contains("request-refused") && l.contains("not-allowed")),
                    audit.toString());
        }
    }

    @Test
    void capsThroughAReadOnlyAgentAreTheAgentsLibrarysTable() throws Exception {
        try (CliProcess agent = serve("caps")) {
            String port = port(agent);
            Result local = CliTest.run("qos", "caps", "--json");
            assertEquals(0, local.code(), local.err());
            Result json = remote(port, "qos", "caps", "--json");
            assertEquals(0, json.code(), json.out() + json.err());
            // the agent runs on this host's libddsc: the same table, read-only (no --allow needed)
            assertEquals(StrictJson.parse(local.out()), StrictJson.parse(json.out()));
            Result text = remote(port, "qos", "caps");
            assertEquals(0, text.code(), text.err());
            assertEquals(CliTest.run("qos", "caps").out(), text.out(), "printed as a local qos caps prints");
            assertTrue(text.out().contains("ownership_strength"), text.out());
        }
    }
}
