package org.ddstuner.pother.runs.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.ddstuner.pother.LatencyReport;
import org.ddstuner.pother.ThroughputReport;
import org.ddstuner.pother.runs.AgentResources;
import org.ddstuner.pother.runs.BenchmarkRun;
import org.ddstuner.pother.runs.DiscoveryResult;
import org.ddstuner.pother.runs.ReportEvents;
import org.ddstuner.pother.runs.ReportSink;
import org.ddstuner.pother.runs.RunDefinition;
import org.ddstuner.pother.runs.RunEnvironment;
import org.junit.jupiter.api.Test;

/**
 * {@link ReportEvents}: what a remote agent's run sends its clients. Every sink call comes back the same on the other
 * side (NaN, the resources, a discovery result), and a report delivered late is recorded at the time it was measured.
 */
class ReportEventsTest {

    @Test
    void everyCallComesBackTheSameAndLateReportsKeepTheirTime() throws Exception {
        List<String> sent = new ArrayList<>();
        double[] clock = { 0.1 };
        ReportSink enc = ReportEvents.encoder(sent::add, () -> clock[0]);
        ThroughputReport tp = new ThroughputReport(1_000_000_000L, 1999, 511_744, 3, 1, Double.NaN, 2000);
        AgentResources res = new AgentResources(12.5, 3.25, 104_857_600);
        LatencyReport lat = new LatencyReport(500_000_000L, 100, 99, Map.of());
        DiscoveryResult disc = new DiscoveryResult(2, false, 1_234_567, 2_345_678, 0, 5, -1, -1, -1);
        enc.throughput("app 32", tp, res);
        enc.latency("app 31", lat, null);
        enc.resources("app 31", res);
        enc.message("app 31", "ERROR: \"quoted\" ünïcode");
        enc.discovery("app 32", disc);
        assertEquals(5, sent.size());

        BenchmarkRun run = BenchmarkRun.unsaved(RunDefinition.throughput(256, Duration.ofSeconds(5)),
                RunEnvironment.capture(null));
        long start = System.nanoTime(); // the sender's clock 0, just after the run began here
        Thread.sleep(600); // the reports arrive late, as after a link cut
        sent.forEach(json -> ReportEvents.replay(json, run, start));
        assertEquals(tp, run.throughput().get(0).report());
        assertEquals("app 32", run.throughput().get(0).agent());
        assertTrue(run.throughput().get(0).time() < 0.3, "recorded when measured (0.1 s), not on arrival (0.6 s): "
                + run.throughput().get(0).time());
        assertEquals(lat.sent(), run.latency().get(0).report().sent());
        assertEquals(lat.received(), run.latency().get(0).report().received());
        assertEquals(res, run.resources().get(run.resources().size() - 1).resources());
        assertEquals("ERROR: \"quoted\" ünïcode", run.messages().get(0).text());
        assertEquals(disc, run.discovery().get(0).result());

        RunDefinition d = RunDefinition.latency(64, Duration.ofSeconds(7)).withRate(100, 1);
        assertEquals(d, ReportEvents.definition(ReportEvents.definition(d)));
        assertThrows(IllegalArgumentException.class, () -> ReportEvents.replay("{\"type\":\"nonsense\"}", run, start));
    }
}
