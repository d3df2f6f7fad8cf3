package org.ddstuner.pother.runs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumMap;
import java.util.Map;

import org.ddstuner.pother.BestFraction;
import org.ddstuner.pother.LatencyColumn;
import org.ddstuner.pother.LatencyHistogram;
import org.ddstuner.pother.LatencyReport;
import org.ddstuner.pother.StatSummary;
import org.junit.jupiter.api.Test;

/** A saved run keeps a period's warm-up pings (as JSON text and back); runs saved before there were any load with 0. */
class WarmupSavedTest {

    private static LatencyReport period(long warmup) {
        Map<BestFraction, StatSummary> rows = new EnumMap<>(BestFraction.class);
        for (BestFraction f : BestFraction.values()) {
            rows.put(f, new StatSummary(10, 1e5, 2e5, 3e5, 1e4));
        }
        return new LatencyReport(1_000_000_000L, 10, 10,
                Map.of(LatencyColumn.TRIP, new LatencyReport.Column(rows, 2e5, 3e5, 3e5, true)), LatencyHistogram.EMPTY,
                warmup);
    }

    @Test
    void warmUpPingsSurviveSavingAndLoading() {
        String text = RunJson.write(RunCodec.latency(period(141)));
        assertTrue(text.contains("\"warmup\":141"), text);
        LatencyReport back = RunCodec.latency(RunJson.parseObject(text));
        assertEquals(141, back.warmup());
        assertEquals(10, back.sent());
        assertEquals(10, back.received());
    }

    @Test
    void aPeriodWithoutWarmUpSavesNoMemberAndOlderRunsLoadWithZero() {
        String text = RunJson.write(RunCodec.latency(period(0)));
        assertFalse(text.contains("warmup"), text);
        assertEquals(0, RunCodec.latency(RunJson.parseObject(text)).warmup());
    }
}
