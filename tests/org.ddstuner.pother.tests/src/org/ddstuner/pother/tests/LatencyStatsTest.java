package org.ddstuner.pother.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

import org.ddstuner.pother.BestFraction;
import org.ddstuner.pother.LatencyStats;
import org.ddstuner.pother.StatSummary;
import org.junit.jupiter.api.Test;

class LatencyStatsTest {

    /** 1..1000 in random order. */
    private static LatencyStats oneToThousand(int capacity) {
        List<Long> v = new ArrayList<>();
        for (long i = 1; i <= 1000; i++) {
            v.add(i);
        }
        Collections.shuffle(v, new Random(7));
        LatencyStats s = new LatencyStats(capacity);
        v.forEach(s::record);
        return s;
    }

    @Test
    void bestFractionsOfOneToThousand() {
        LatencyStats s = oneToThousand(1000);
        assertTrue(s.exact());
        StatSummary all = s.summary(BestFraction.ALL);
        assertEquals(1000, all.count());
        assertEquals(1, all.min());
        assertEquals(1000, all.max());
        assertEquals(500.5, all.avg(), 1e-9);
        assertEquals(Math.sqrt((1000.0 * 1000 - 1) / 12), all.stdDev(), 1e-9); // σ of 1..n = sqrt((n²-1)/12)

        StatSummary p999 = s.summary(BestFraction.P99_9);
        assertEquals(999, p999.count());
        assertEquals(999, p999.max());
        assertEquals(500, p999.avg(), 1e-9);
        assertEquals(Math.sqrt((999.0 * 999 - 1) / 12), p999.stdDev(), 1e-9);

        StatSummary p99 = s.summary(BestFraction.P99);
        assertEquals(990, p99.count());
        assertEquals(990, p99.max());
        assertEquals(495.5, p99.avg(), 1e-9);

        StatSummary p90 = s.summary(BestFraction.P90);
        assertEquals(900, p90.count());
        assertEquals(1, p90.min());
        assertEquals(900, p90.max());
        assertEquals(450.5, p90.avg(), 1e-9);
    }

    @Test
    void nearestRankPercentiles() {
        LatencyStats s = oneToThousand(1000);
        assertEquals(500, s.percentile(50));
        assertEquals(900, s.percentile(90));
        assertEquals(990, s.percentile(99));
        assertEquals(1000, s.percentile(100));
        assertEquals(1, s.percentile(0.01));
        LatencyStats few = new LatencyStats(10);
        for (long v : new long[] { 30, 10, 20 }) {
            few.record(v);
        }
        assertEquals(20, few.percentile(50)); // rank ceil(1.5) = 2
        assertEquals(30, few.percentile(99));
        assertThrows(IllegalArgumentException.class, () -> few.percentile(0));
        assertThrows(IllegalArgumentException.class, () -> few.percentile(101));
    }

    @Test
    void smallSetsKeepAllSamplesForNinetyNinePointNine() {
        LatencyStats s = new LatencyStats(16);
        for (long v = 1; v <= 10; v++) {
            s.record(v * 100);
        }
        assertEquals(10, s.summary(BestFraction.P99_9).count()); // floor(10 × 0.001) = 0 dropped
        assertEquals(9, s.summary(BestFraction.P90).count());
        assertEquals(900, s.summary(BestFraction.P90).max());
        assertEquals(0, s.summary(BestFraction.P90).stdDev() - Math.sqrt((81.0 - 1) / 12) * 100, 1e-9);
    }

    @Test
    void overCapacityKeepsExactTotalsAndAReservoir() {
        LatencyStats s = oneToThousand(100);
        assertFalse(s.exact());
        StatSummary all = s.summary(BestFraction.ALL);
        assertEquals(1000, all.count());
        assertEquals(1, all.min());
        assertEquals(1000, all.max());
        assertEquals(500.5, all.avg(), 1e-9);
        assertEquals(Math.sqrt((1000.0 * 1000 - 1) / 12), all.stdDev(), 1e-6);
        assertEquals(990, s.summary(BestFraction.P99).count(), "count scaled to all samples");
        double median = s.percentile(50);
        assertTrue(median > 350 && median < 650, "a uniform reservoir's median is near the true one: " + median);
    }

    @Test
    void emptyAndReset() {
        LatencyStats s = new LatencyStats(4);
        assertEquals(0, s.summary(BestFraction.ALL).count());
        assertTrue(Double.isNaN(s.summary(BestFraction.P90).avg()));
        assertTrue(Double.isNaN(s.percentile(50)));
        s.record(5);
        s.reset();
        assertEquals(0, s.count());
        assertThrows(IllegalArgumentException.class, () -> new LatencyStats(0));
    }

    /** The order statistics come from a radix sort: they must equal those of a plain sort for any values. */
    @Test
    void orderStatisticsMatchAPlainSortForAnyRange() {
        Random r = new Random(11);
        long[][] ranges = { { 20_000, 40_000 }, { 15_000, 30_000_000 }, { -5_000, 5_000 }, { 0, 1L << 45 },
                { Long.MIN_VALUE / 4, Long.MAX_VALUE / 4 }, { 7, 7 } };
        for (long[] range : ranges) {
            for (int n : new int[] { 1, 255, 256, 1000, 35_000 }) {
                LatencyStats s = new LatencyStats(50_000);
                long[] v = new long[n];
                for (int i = 0; i < n; i++) {
                    v[i] = range[0] + (long) (r.nextDouble() * (range[1] - range[0]));
                    s.record(v[i]);
                }
                java.util.Arrays.sort(v);
                for (double p : new double[] { 0.1, 1, 10, 50, 90, 99, 99.9, 100 }) {
                    int rank = (int) Math.ceil(p / 100.0 * n);
                    assertEquals(v[Math.max(0, rank - 1)], s.percentile(p), "p" + p + " of " + n + " in " + range[0] + ".." + range[1]);
                }
                StatSummary p90 = s.summary(BestFraction.P90);
                int k = (int) BestFraction.P90.kept(n);
                assertEquals(v[0], p90.min());
                assertEquals(v[k - 1], p90.max());
                s.record(range[0]); // a sample after a sort: sorted again with it
                assertEquals(Math.min(v[0], range[0]), s.percentile(0.001));
            }
        }
    }
}
