package org.ddstuner.pother.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.time.Duration;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

import org.ddstuner.dds.CycloneConfig;
import org.ddstuner.pother.BestFraction;
import org.ddstuner.pother.LatencyColumn;
import org.ddstuner.pother.LatencyReport;
import org.ddstuner.pother.StatSummary;
import org.ddstuner.pother.runs.BenchmarkRun;
import org.ddstuner.pother.runs.Points;
import org.ddstuner.pother.runs.RunDefinition;
import org.ddstuner.pother.runs.RunEnvironment;
import org.junit.jupiter.api.Test;

/**
 * What the Percentiles table shows per agent: its newest period with samples. A pipeline's agents close one more
 * period after the run stops, with nothing in it; it must not replace the numbers of the last real one.
 */
class NewestPeriodTest {

    private static LatencyReport report(long count) {
        Map<BestFraction, StatSummary> rows = new EnumMap<>(BestFraction.class);
        for (BestFraction f : BestFraction.values()) {
            rows.put(f, count == 0 ? StatSummary.EMPTY : new StatSummary(count, 1000, 2000, 3000, 100));
        }
        double p = count == 0 ? Double.NaN : 2000;
        return new LatencyReport(250_000_000L, count, 0, Map.of(LatencyColumn.SEND, new LatencyReport.Column(rows, p, p, p, true)));
    }

    @Test
    void anEmptyLastPeriodKeepsTheAgentsNewestPeriodWithSamples() {
        BenchmarkRun run = BenchmarkRun.unsaved(RunDefinition.relay(1024, Duration.ofSeconds(1)),
                RunEnvironment.capture(CycloneConfig.loopbackOnly()));
        run.latency("app 2 write", report(500), null);
        run.latency("app 3 write", report(0), null); // an agent that never timed anything still has a block
        run.latency("app 2 write", report(700), null);
        run.latency("app 2 write", report(0), null); // closed after the run stopped
        List<Points.Latency> all = run.latency();
        assertEquals(4, all.size(), "the run keeps every period");
        Map<String, Points.Latency> newest = run.lastLatencyByAgent();
        assertEquals(List.of("app 2 write", "app 3 write"), List.copyOf(newest.keySet()));
        assertSame(all.get(2), newest.get("app 2 write"), "the period with 700 samples, not the empty one after it");
        assertEquals(700, newest.get("app 2 write").report().column(LatencyColumn.SEND).rows().get(BestFraction.ALL).count());
        assertSame(all.get(1), newest.get("app 3 write"));
        run.latency("app 3 write", report(5), null);
        assertEquals(5, run.lastLatencyByAgent().get("app 3 write").report().column(LatencyColumn.SEND).rows()
                .get(BestFraction.ALL).count(), "a period with samples replaces an empty one");
    }
}
