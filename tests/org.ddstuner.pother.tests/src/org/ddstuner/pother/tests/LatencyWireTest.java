package org.ddstuner.pother.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import org.ddstuner.pother.BestFraction;
import org.ddstuner.pother.LatencyColumn;
import org.ddstuner.pother.LatencyReport;
import org.ddstuner.pother.LatencyStats;
import org.ddstuner.pother.StatSummary;
import org.ddstuner.pother.protocol.LatencyAssembler;
import org.ddstuner.pother.protocol.LatencyPeriodReport;
import org.ddstuner.pother.protocol.ReportCodec;
import org.ddstuner.pother.protocol.ResourceUsage;
import org.junit.jupiter.api.Test;

/** A latency period on known samples survives the trip to rows and back, with the right statistics. */
class LatencyWireTest {

    /** Column c holds (c+1) × 1 µs, 2 µs, …, 1000 µs in shuffled order. */
    static LatencyReport knownReport() {
        Map<LatencyColumn, LatencyReport.Column> cols = new EnumMap<>(LatencyColumn.class);
        for (LatencyColumn c : LatencyColumn.values()) {
            LatencyStats s = new LatencyStats(2000);
            List<Long> v = new ArrayList<>();
            for (long i = 1; i <= 1000; i++) {
                v.add(i * 1000 * (c.ordinal() + 1));
            }
            Collections.shuffle(v, new Random(c.ordinal()));
            v.forEach(s::record);
            Map<BestFraction, StatSummary> rows = new EnumMap<>(BestFraction.class);
            for (BestFraction f : BestFraction.values()) {
                rows.put(f, s.summary(f));
            }
            cols.put(c, new LatencyReport.Column(rows, s.percentile(50), s.percentile(90), s.percentile(99), s.exact()));
        }
        return new LatencyReport(1_000_000_000L, 1000, 1000, cols);
    }

    @Test
    void rowsReassembleIntoTheSameReportWithTheKnownStatistics() {
        LatencyPeriodReport sent = new LatencyPeriodReport(7, "g", "rtt", 3, false, 123L, new ResourceUsage(1, 2, 3),
                knownReport());
        List<Map<String, Object>> rows = new ArrayList<>(ReportCodec.encode(sent));
        assertEquals(24, rows.size());
        Collections.shuffle(rows, new Random(1));
        LatencyAssembler a = new LatencyAssembler();
        LatencyPeriodReport got = null;
        for (int i = 0; i < rows.size(); i++) {
            got = a.add(rows.get(i));
            if (i < rows.size() - 1) {
                assertNull(got, "complete only with the last row");
            }
        }
        assertEquals(sent, got);
        assertEquals(0, a.pending());
        LatencyReport.Column trip = got.report().column(LatencyColumn.TRIP); // ordinal 4: values 5 µs … 5000 µs
        StatSummary all = trip.rows().get(BestFraction.ALL);
        assertEquals(1000, all.count());
        assertEquals(5_000, all.min());
        assertEquals(5_000_000, all.max());
        assertEquals(2_502_500, all.avg(), 1e-6);
        StatSummary p999 = trip.rows().get(BestFraction.P99_9);
        assertEquals(999, p999.count());
        assertEquals(4_995_000, p999.max());
        assertEquals(2_500_000, p999.avg(), 1e-6); // mean of 5 µs × 1..999
        StatSummary p90 = trip.rows().get(BestFraction.P90);
        assertEquals(900, p90.count());
        assertEquals(4_500_000, p90.max());
        // population standard deviation of 5000 × (1..900): 5000 × sqrt((900² − 1) / 12)
        assertEquals(5000 * Math.sqrt((900.0 * 900 - 1) / 12), p90.stdDev(), 1e-3);
        assertEquals(2_500_000, trip.p50()); // nearest rank: the 500th of 1000
        assertEquals(4_950_000, trip.p99());
    }

    @Test
    void rowsOfAnUnknownColumnAreDroppedAndLostRowsCannotGrowMemory() {
        LatencyAssembler a = new LatencyAssembler();
        for (long period = 0; period < 1000; period++) {
            List<Map<String, Object>> rows = ReportCodec.encode(new LatencyPeriodReport(1, "", "x", period, false, 0,
                    ResourceUsage.UNKNOWN, knownReport()));
            Map<String, Object> bad = new java.util.LinkedHashMap<>(rows.get(0));
            bad.put("column", "NO_SUCH_COLUMN");
            assertNull(a.add(bad));
            assertNull(a.add(rows.get(1))); // the rest of the period never comes
        }
        assertEquals(256, a.pending(), "at most 256 periods wait for rows");
    }
}
