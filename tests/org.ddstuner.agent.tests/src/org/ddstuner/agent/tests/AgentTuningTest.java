package org.ddstuner.agent.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.ddstuner.agent.AgentClient;
import org.ddstuner.agent.AgentEntity;
import org.ddstuner.agent.AgentInfo;
import org.ddstuner.agent.AgentProtocol;
import org.ddstuner.agent.AgentReply;
import org.ddstuner.agent.AgentResult;
import org.ddstuner.dds.BuiltinReader;
import org.ddstuner.dds.CycloneConfig;
import org.ddstuner.dds.Domain;
import org.ddstuner.dds.EndpointData;
import org.ddstuner.dds.Participant;
import org.ddstuner.dds.ParticipantData;
import org.ddstuner.dds.Sample;
import org.ddstuner.dds.Qos;
import org.ddstuner.system.ToolMarker;
import org.ddstuner.testsupport.NetNs;
import org.ddstuner.testsupport.TunedApp;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The agent in a real C application (built here, calling ddstuner_agent_start(), started with a secret), tuned
 * through AgentClient; a third participant's discovery shows what changed. Runs in a private network namespace.
 */
class AgentTuningTest {

    static final int DOMAIN = 163;
    static final byte[] SECRET = "test-secret-4711".getBytes(StandardCharsets.UTF_8);
    static final Duration T = Duration.ofSeconds(10);

    @TempDir
    static Path dir;
    static Domain domain;
    static Participant tool;
    static Participant third;
    static AgentClient client;
    static DiscoveryWatch discovery;
    static TunedApp app;
    static Path log;
    static AgentInfo agent;

    @BeforeAll
    static void start() throws Exception {
        NetNs.requireIsolated();
        Path exe = TunedApp.build(dir, true);
        log = dir.resolve("agent.log");
        app = new TunedApp(exe, DOMAIN, Map.of("DDSTUNER_AGENT_SECRET", new String(SECRET, StandardCharsets.UTF_8),
                "DDSTUNER_AGENT_LOG", log.toString()), dir.resolve("app.err"));
        domain = Domain.create(DOMAIN, CycloneConfig.loopbackOnly());
        tool = domain.createParticipant(Qos.EMPTY.with(ToolMarker.userData()));
        third = domain.createParticipant();
        discovery = new DiscoveryWatch(third);
        client = new AgentClient(tool);
        agent = client.awaitAgent(app.pid, Duration.ofSeconds(20));
    }

    @AfterAll
    static void stop() throws Exception {
        if (app != null) {
            app.close();
        }
        if (client != null) {
            client.close();
        }
        if (discovery != null) {
            discovery.close();
        }
        if (domain != null) {
            domain.close();
        }
    }

    @Test
    void announcesItselfWritableWithTheApplicationsLibrary() {
        assertTrue(agent.writable(), agent.toString());
        assertEquals(AgentProtocol.VERSION, agent.version());
        assertTrue(agent.library().contains("libddsc"), agent.library());
        assertEquals("running", agent.state());
    }

    @Test
    void agentsParticipantIsFlaggedAsTheToolsTheApplicationsIsNot() throws Exception {
        String appPrefix = app.writerGuid.substring(0, 24);
        Boolean agentIsTool = null;
        Boolean appIsTool = null;
        try (BuiltinReader<ParticipantData> participants = BuiltinReader.participants(third)) {
            long end = System.nanoTime() + T.toNanos();
            while ((agentIsTool == null || appIsTool == null) && System.nanoTime() < end) {
                for (Sample<ParticipantData> s : participants.take(256)) {
                    if (!s.info().validData()) {
                        continue;
                    }
                    byte[] ud = s.data().qos().userData() == null ? new byte[0] : s.data().qos().userData().value();
                    if (new String(ud, StandardCharsets.UTF_8).equals(AgentProtocol.AGENT_USER_DATA)) {
                        agentIsTool = ToolMarker.isTool(s.data().qos());
                    } else if (java.util.HexFormat.of().formatHex(s.data().key().bytes()).startsWith(appPrefix)) {
                        appIsTool = ToolMarker.isTool(s.data().qos());
                    }
                }
                participants.waitForData(Duration.ofMillis(100));
            }
        }
        assertEquals(Boolean.TRUE, agentIsTool, "the agent's participant was discovered and carries the tool's marker");
        assertEquals(Boolean.FALSE, appIsTool, "the application's own participant is not the tool's");
    }

    @Test
    void listsTheApplicationsEntitiesButNotItsOwn() throws Exception {
        List<AgentEntity> es = client.list(agent.agent(), T);
        AgentEntity w = es.stream().filter(e -> e.id().equals(app.writerGuid)).findFirst().orElseThrow();
        assertEquals("writer", w.kind());
        assertEquals("TunedTopic", w.topic());
        assertEquals("tuned::Reading", w.type());
        assertEquals("5", w.qos().get("ownership_strength"));
        assertEquals("tuned_writer", w.qos().get("entity_name"));
        assertTrue(es.stream().anyMatch(e -> e.id().equals(app.readerGuid) && e.kind().equals("reader")));
        assertEquals(1, es.stream().filter(e -> e.kind().equals("participant")).count(), "only the application's participant: " + es);
        assertTrue(es.stream().noneMatch(e -> e.topic().startsWith("DDSTunerAgent_")), es.toString());
    }

    @Test
    void signedLiveChangeIsAppliedAndSeenInAnotherParticipantsDiscovery() throws Exception {
        long t0 = System.nanoTime();
        AgentReply r = client.setQos(agent.agent(), app.writerGuid, "ownership_strength=42;user_data=tuned%3Bby agent", SECRET, T);
        long t1 = System.nanoTime();
        assertEquals(AgentResult.OK, r.result(), r.message());
        assertEquals("42", r.qos().get("ownership_strength"));
        EndpointData seen = discovery.await(app.writerGuid, d -> d.qos().ownershipStrength() != null
                && d.qos().ownershipStrength().value() == 42, T);
        long t2 = System.nanoTime();
        // a figure for the report, not a bound: request → reply, and request → change seen by another participant
        System.out.printf("agent live change: reply after %.1f ms, seen in discovery after %.1f ms%n", (t1 - t0) / 1e6,
                (t2 - t0) / 1e6);
        assertNotNull(seen, "the writer was never discovered");
        assertEquals(42, seen.qos().ownershipStrength().value(), "discovery: " + seen.qos());
        assertArrayEquals("tuned;by agent".getBytes(StandardCharsets.UTF_8), seen.qos().userData().value());
        assertTrue(Files.readString(log).contains("SET_QOS"), "change logged");
    }

    @Test
    void refusalsChangeNothing() throws Exception {
        String before = client.getQos(agent.agent(), app.writerGuid, T).qos().get("lifespan");
        String w = app.writerGuid;
        String a = agent.agent();
        assertRefused(AgentResult.NOT_AUTHORIZED, client.setQos(a, w, "lifespan=1s", "wrong".getBytes(), T));
        assertRefused(AgentResult.NOT_AUTHORIZED, client.setQos(a, w, "lifespan=1s", null, T));
        assertRefused(AgentResult.UNKNOWN_ENTITY, client.setQos(a, "0110aaaabbbbccccddddeeee00000102", "lifespan=1s", SECRET, T));
        assertRefused(AgentResult.IMMUTABLE_POLICY, client.setQos(a, w, "lifespan=1s;durability=transient_local", SECRET, T));
        assertRefused(AgentResult.UNSUPPORTED, client.setQos(a, w, "lifespan=1s;deadline=1s", SECRET, T));
        assertRefused(AgentResult.MALFORMED, client.setQos(a, w, "lifespan=soon", SECRET, T));
        assertRefused(AgentResult.MALFORMED, client.setQos(a, w, "no_such_policy=1", SECRET, T));
        assertRefused(AgentResult.BAD_VERSION, client.send(0, a, AgentProtocol.OP_SET_QOS, w, "lifespan=1s", SECRET, T));
        AgentReply after = client.getQos(a, w, T);
        assertEquals(before, after.qos().get("lifespan"), "lifespan unchanged by refused requests");
        EndpointData seen = discovery.await(w, d -> true, T);
        assertNotNull(seen);
        assertTrue(seen.qos().lifespan() == null || Qos.isInfinite(seen.qos().lifespan().duration()),
                "discovery shows no lifespan change: " + seen.qos().lifespan());
        String logged = Files.readString(log);
        for (String result : List.of("NOT_AUTHORIZED", "UNKNOWN_ENTITY", "IMMUTABLE_POLICY", "UNSUPPORTED", "MALFORMED", "BAD_VERSION")) {
            assertTrue(logged.contains("-> " + result), result + " logged:\n" + logged);
        }
    }

    private static void assertRefused(AgentResult expected, AgentReply r) {
        assertEquals(expected, r.result(), r.message());
    }
}
