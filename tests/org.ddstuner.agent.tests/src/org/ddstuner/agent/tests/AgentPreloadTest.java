package org.ddstuner.agent.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.ddstuner.agent.AgentClient;
import org.ddstuner.agent.AgentEntity;
import org.ddstuner.agent.AgentInfo;
import org.ddstuner.agent.AgentReply;
import org.ddstuner.agent.AgentResult;
import org.ddstuner.dds.CycloneConfig;
import org.ddstuner.dds.Domain;
import org.ddstuner.dds.EndpointData;
import org.ddstuner.dds.Participant;
import org.ddstuner.testsupport.NetNs;
import org.ddstuner.testsupport.PeerProcess;
import org.ddstuner.testsupport.Peers;
import org.ddstuner.testsupport.TunedApp;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The agent with no code change: LD_PRELOAD into an application that knows nothing of it, once the C application
 * (libddsc 0.10 from Debian) and once the Cyclone DDS 11 Python peer (the wheel's own libddsc copy).
 */
class AgentPreloadTest {

    static final byte[] SECRET = "preload-secret".getBytes(StandardCharsets.UTF_8);
    static final Duration T = Duration.ofSeconds(10);

    @TempDir
    Path dir;

    @Test
    void preloadedIntoThePlainCAppWithoutSecretItOnlyReports() throws Exception {
        NetNs.requireIsolated();
        int domainId = 165;
        Map<String, String> env = Map.of("LD_PRELOAD", TunedApp.agentLibrary().toString());
        try (TunedApp app = new TunedApp(TunedApp.build(dir, false), domainId, env, dir.resolve("app.err"));
                Domain domain = Domain.create(domainId, CycloneConfig.loopbackOnly())) {
            AgentClient client = new AgentClient(domain.createParticipant());
            AgentInfo agent = client.awaitAgent(app.pid, Duration.ofSeconds(20));
            assertFalse(agent.writable(), "no DDSTUNER_AGENT_SECRET: report only");
            List<AgentEntity> es = client.list(agent.agent(), T);
            assertTrue(es.stream().anyMatch(e -> e.id().equals(app.writerGuid) && e.topic().equals("TunedTopic")), es.toString());
            AgentReply r = client.setQos(agent.agent(), app.writerGuid, "ownership_strength=9", SECRET, T);
            assertEquals(AgentResult.NOT_AUTHORIZED, r.result(), r.message());
            assertEquals("5", r.qos().get("ownership_strength"), "unchanged");
            client.close();
        }
    }

    @Test
    void preloadedIntoTheCyclone11PythonPeerItTunesAWriterSeenInDiscovery() throws Exception {
        NetNs.requireIsolated();
        Peers.requireAvailable();
        int domainId = 166;
        Map<String, String> env = Map.of("LD_PRELOAD", TunedApp.agentLibrary().toString(), "DDSTUNER_AGENT_SECRET",
                new String(SECRET, StandardCharsets.UTF_8));
        try (PeerProcess peer = Peers.start("cyclone_peer", domainId, env);
                Domain domain = Domain.create(domainId, CycloneConfig.loopbackOnly())) {
            Participant tool = domain.createParticipant();
            Participant third = domain.createParticipant();
            AgentClient client = new AgentClient(tool);
            DiscoveryWatch discovery = new DiscoveryWatch(third);
            long pid = Long.parseLong(peer.info("pid").orElseThrow());
            AgentInfo agent = client.awaitAgent(pid, Duration.ofSeconds(20));
            assertTrue(agent.writable());
            assertTrue(agent.library().contains("cyclonedds") && agent.library().contains("11"),
                    "the wheel's own libddsc 11: " + agent.library());
            AgentEntity w = client.list(agent.agent(), T).stream()
                    .filter(e -> e.kind().equals("writer") && e.topic().equals("SensorData")).findFirst().orElseThrow();
            AgentReply r = client.setQos(agent.agent(), w.id(), "ownership_strength=77;user_data=from%20the%20tool", SECRET, T);
            assertEquals(AgentResult.OK, r.result(), r.message());
            assertEquals("77", r.qos().get("ownership_strength"));
            EndpointData seen = discovery.await(w.id(), d -> d.qos().ownershipStrength() != null
                    && d.qos().ownershipStrength().value() == 77, T);
            assertNotNull(seen);
            assertEquals(77, seen.qos().ownershipStrength().value(), "discovery: " + seen.qos());
            assertEquals("from the tool", new String(seen.qos().userData().value(), StandardCharsets.UTF_8));
            assertEquals(AgentResult.IMMUTABLE_POLICY,
                    client.setQos(agent.agent(), w.id(), "reliability=best_effort", SECRET, T).result());
            assertTrue(peer.isAlive(), "the application keeps running");
            discovery.close();
            client.close();
        }
    }
}
