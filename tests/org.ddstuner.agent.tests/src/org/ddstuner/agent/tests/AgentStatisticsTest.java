package org.ddstuner.agent.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

import org.ddstuner.agent.AgentClient;
import org.ddstuner.agent.AgentStatistics;
import org.ddstuner.dds.CycloneConfig;
import org.ddstuner.dds.Domain;
import org.ddstuner.dds.Participant;
import org.ddstuner.testsupport.NetNs;
import org.ddstuner.testsupport.TunedApp;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The agent publishes libddsc's per-endpoint statistics of the application's readers and writers at its period. */
class AgentStatisticsTest {

    static final int DOMAIN = 164;

    @TempDir
    java.nio.file.Path dir;

    @Test
    void writerAndReaderCountersArrivePerPeriod() throws Exception {
        NetNs.requireIsolated();
        try (TunedApp app = new TunedApp(TunedApp.build(dir, true), DOMAIN, Map.of("DDSTUNER_AGENT_STATS_MS", "200"),
                dir.resolve("app.err"));
                Domain domain = Domain.create(DOMAIN, CycloneConfig.loopbackOnly())) {
            Participant p = domain.createParticipant();
            AgentClient client = new AgentClient(p);
            String agent = client.awaitAgent(app.pid, Duration.ofSeconds(20)).agent();
            Map<String, AgentStatistics> last = new HashMap<>();
            Map<String, Integer> count = new HashMap<>();
            long end = System.nanoTime() + Duration.ofSeconds(15).toNanos();
            while (System.nanoTime() < end && (count.getOrDefault(app.writerGuid, 0) < 3 || count.getOrDefault(app.readerGuid, 0) < 3)) {
                for (AgentStatistics s : client.statistics()) {
                    if (s.agent().equals(agent)) {
                        last.put(s.entity(), s);
                        count.merge(s.entity(), 1, Integer::sum);
                    }
                }
                Thread.sleep(100);
            }
            AgentStatistics w = last.get(app.writerGuid);
            AgentStatistics r = last.get(app.readerGuid);
            assertTrue(w != null && r != null, "statistics of both endpoints: " + last);
            assertTrue(count.get(app.writerGuid) >= 3, "periodic: " + count);
            assertEquals("writer", w.kind());
            assertEquals("TunedTopic", w.topic());
            assertTrue(w.counters().keySet().containsAll(java.util.List.of("rexmit_bytes", "throttle_count", "time_throttle", "time_rexmit")),
                    w.counters().toString());
            assertEquals("reader", r.kind());
            assertTrue(r.counters().containsKey("discarded_bytes"), r.counters().toString());
            client.close();
        }
    }
}
