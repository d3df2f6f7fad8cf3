package org.ddstuner.pother.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import org.ddstuner.dds.CycloneConfig;
import org.ddstuner.dds.Domain;
import org.ddstuner.pother.BestFraction;
import org.ddstuner.pother.LatencyColumn;
import org.ddstuner.pother.LatencyHistogram;
import org.ddstuner.pother.StatSummary;
import org.ddstuner.pother.agent.Agent;
import org.ddstuner.pother.control.AgentStatus;
import org.ddstuner.pother.control.PotherController;
import org.ddstuner.pother.protocol.AgentAnnouncement;
import org.ddstuner.pother.protocol.LatencyPeriodReport;
import org.ddstuner.pother.protocol.ProtocolTypes;
import org.ddstuner.pother.protocol.ResourceUsage;
import org.ddstuner.pother.protocol.Target;
import org.ddstuner.pother.protocol.TestDefinition;
import org.junit.jupiter.api.Test;

/**
 * The round trips' histogram in the latency reports of two real agents and a controller on loopback-only domain 5:
 * every round trip is counted once, in a bucket that holds its value.
 */
class RoundTripHistogramTest {

    private static final int DOMAIN = 5;
    private static final Duration WAIT = Duration.ofSeconds(20);

    @Test
    void theHistogramCountsEveryRoundTripBetweenTheReportsMinAndMax() throws Exception {
        int n = 600;
        ReportLog log = new ReportLog();
        try (Domain domain = Domain.create(DOMAIN, CycloneConfig.loopbackOnly());
                Agent tx = Agent.start(domain, 1, "h", System.out::println);
                Agent echo = Agent.start(domain, 2, "h", System.out::println);
                PotherController controller = PotherController.open(domain)) {
            controller.addListener(log);
            assertTrue(controller.awaitAgents(WAIT, 1, 2), "both agents announced: " + controller.agents());
            for (AgentStatus st : controller.statuses().values()) {
                assertEquals(AgentAnnouncement.currentVersion(), st.announcement().version());
                assertEquals(null, st.announcement().protocolMismatch(), "an agent of this build speaks its protocol");
                assertEquals("live", st.describe());
            }
            controller.send(TestDefinition.transponder(Target.app(2), "hist").withReportPeriodMillis(200));
            controller.send(TestDefinition.transceiver(Target.app(1), "hist_tx", "hist", 64).withSampleCount(n)
                    .withRate(2000, 1).withReportPeriodMillis(100));
            LatencyPeriodReport last = log.await(LatencyPeriodReport.class, r -> r.name().equals("hist_tx") && r.last(),
                    WAIT);
            assertNotNull(last, "the transceiver finished:\n" + log.dump());
            List<LatencyPeriodReport> periods = log.all(LatencyPeriodReport.class, r -> r.name().equals("hist_tx"));
            long counted = 0;
            int withSamples = 0;
            for (LatencyPeriodReport p : periods) {
                StatSummary trip = p.report().column(LatencyColumn.TRIP).rows().get(BestFraction.ALL);
                LatencyHistogram h = p.report().histogram();
                assertEquals(trip.count(), h.count(), "period " + p.period() + ": the histogram counts every round trip");
                counted += h.count();
                if (trip.count() == 0) {
                    assertTrue(h.isEmpty(), "no round trips, no buckets");
                    continue;
                }
                withSamples++;
                List<LatencyHistogram.Bucket> b = h.buckets();
                LatencyHistogram.Bucket first = b.get(0);
                LatencyHistogram.Bucket top = b.get(b.size() - 1);
                assertTrue(first.lowerNs() <= trip.min() && trip.min() < first.upperNs(),
                        "the first bucket " + first + " holds the minimum " + trip.min());
                assertTrue(top.lowerNs() <= trip.max() && trip.max() < top.upperNs(),
                        "the last bucket " + top + " holds the maximum " + trip.max());
                assertTrue(b.stream().allMatch(x -> x.count() > 0), "only non-empty buckets travel: " + b);
                assertTrue(b.size() * 6 < 1000, "a period's histogram stays small: " + b.size() + " buckets");
            }
            assertEquals(n, counted, "round trips counted over all periods");
            assertTrue(withSamples >= 2, "several periods had round trips: " + withSamples);
            controller.remove(TestDefinition.transponder(Target.app(2), "hist"));
        }
    }

    @Test
    void anAgentOfAnotherProtocolVersionIsFlagged() {
        AgentAnnouncement old = new AgentAnnouncement(7, "h", "host", 1234, "ddstuner-pother protocol 1",
                AgentAnnouncement.RUNNING, "", 0, new ResourceUsage(0, 0, 0));
        assertEquals("protocol 1, this controller speaks protocol " + ProtocolTypes.PROTOCOL_VERSION,
                old.protocolMismatch());
        AgentStatus st = new AgentStatus(old, AgentStatus.Liveness.LIVE, Instant.now(), Duration.ZERO);
        assertTrue(st.describe().startsWith("live, MISMATCH: protocol 1"), st.describe());
        AgentAnnouncement foreign = new AgentAnnouncement(8, "h", "host", 1, "something else", AgentAnnouncement.RUNNING,
                "", 0, new ResourceUsage(0, 0, 0));
        assertTrue(foreign.protocolMismatch().contains("unknown protocol (\"something else\")"),
                foreign.protocolMismatch());
    }

    @Test
    void theWireFormRoundTripsAndAMalformedOneIsAClearError() {
        LatencyHistogram.Recorder r = new LatencyHistogram.Recorder();
        long[] values = { 0, 15, 16, 17, 1000, 1001, 123_456, 9_000_000_000L, Long.MAX_VALUE };
        for (long v : values) {
            r.record(v);
            int i = LatencyHistogram.index(v);
            assertTrue(LatencyHistogram.lowerNanos(i) <= v && (v < LatencyHistogram.upperNanos(i)
                    || LatencyHistogram.upperNanos(i) == Long.MAX_VALUE), v + " in bucket " + i);
        }
        LatencyHistogram h = r.snapshot();
        assertEquals(values.length, h.count());
        assertEquals(h, LatencyHistogram.decode(h.encode()));
        assertArrayEquals(new byte[0], LatencyHistogram.EMPTY.encode());
        IllegalArgumentException odd = assertThrows(IllegalArgumentException.class,
                () -> LatencyHistogram.decode(new byte[5]));
        assertTrue(odd.getMessage().contains("6 bytes per bucket"), odd.getMessage());
        byte[] twice = new byte[12]; // bucket 0 twice: out of order
        IllegalArgumentException order = assertThrows(IllegalArgumentException.class, () -> LatencyHistogram.decode(twice));
        assertTrue(order.getMessage().contains("out of order"), order.getMessage());
    }
}
