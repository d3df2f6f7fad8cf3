package org.ddstuner.agent.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.ddstuner.agent.AgentClient;
import org.ddstuner.agent.AgentEntity;
import org.ddstuner.dds.CycloneConfig;
import org.ddstuner.dds.Domain;
import org.ddstuner.dds.EndpointData;
import org.ddstuner.dds.Qos;
import org.ddstuner.testsupport.NetNs;
import org.ddstuner.testsupport.RepoLocator;
import org.ddstuner.testsupport.TunedApp;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Policies that cannot change live come from the override file (DDSTUNER_QOS_OVERRIDES, DDS-XML) when the
 * application creates the entity: the plain C application, LD_PRELOADed, gets a transient-local writer with history 7
 * and a reader with a 3 s deadline although its code asks for neither.
 */
class AgentOverridesTest {

    static final int DOMAIN = 167;

    @TempDir
    Path dir;

    @Test
    void overrideFileAppliesAtCreation() throws Exception {
        NetNs.requireIsolated();
        Path xml = RepoLocator.repoRoot().resolve("tests/org.ddstuner.agent.tests/resources/overrides.xml");
        Path log = dir.resolve("agent.log");
        Map<String, String> env = Map.of("LD_PRELOAD", TunedApp.agentLibrary().toString(), "DDSTUNER_QOS_OVERRIDES",
                xml.toString(), "DDSTUNER_AGENT_LOG", log.toString());
        try (TunedApp app = new TunedApp(TunedApp.build(dir, false), DOMAIN, env, dir.resolve("app.err"));
                Domain domain = Domain.create(DOMAIN, CycloneConfig.loopbackOnly())) {
            AgentClient client = new AgentClient(domain.createParticipant());
            DiscoveryWatch discovery = new DiscoveryWatch(domain.createParticipant());
            String agent = client.awaitAgent(app.pid, Duration.ofSeconds(20)).agent();
            List<AgentEntity> es = client.list(agent, Duration.ofSeconds(10));
            AgentEntity w = es.stream().filter(e -> e.id().equals(app.writerGuid)).findFirst().orElseThrow();
            AgentEntity r = es.stream().filter(e -> e.id().equals(app.readerGuid)).findFirst().orElseThrow();
            assertEquals("transient_local", w.qos().get("durability"));
            assertEquals("keep_last,7", w.qos().get("history"));
            assertEquals("5", w.qos().get("ownership_strength"), "the application's own policies stay");
            assertEquals("3000000000", r.qos().get("deadline"));
            assertEquals("volatile", r.qos().get("durability"), "the writer's entry is not applied to the reader");
            EndpointData seen = discovery.await(app.writerGuid, d -> d.qos().durability() != null
                    && d.qos().durability().kind() == Qos.DurabilityKind.TRANSIENT_LOCAL, Duration.ofSeconds(10));
            assertNotNull(seen);
            assertEquals(Qos.DurabilityKind.TRANSIENT_LOCAL, seen.qos().durability().kind(), "discovery: " + seen.qos());
            String logged = Files.readString(log);
            assertTrue(logged.contains("override applied to new writer on TunedTopic"), logged);
            discovery.close();
            client.close();
        }
    }
}
