package org.ddstuner.pother.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Random;

import org.ddstuner.pother.BestFraction;
import org.ddstuner.pother.LatencyReport;
import org.ddstuner.pother.StatSummary;
import org.ddstuner.pother.TimeHistogram;
import org.junit.jupiter.api.Test;

/** The per-sample timing histogram against exact order statistics of the same values. */
class TimeHistogramTest {

    @Test
    void percentilesAreWithinThreePercentOfTheExactOnesAndAllIsExact() {
        Random r = new Random(7);
        long[] v = new long[200_000];
        TimeHistogram h = new TimeHistogram();
        for (int i = 0; i < v.length; i++) {
            v[i] = 500 + (long) Math.abs(r.nextGaussian() * 3_000) + (i % 1000 == 0 ? 5_000_000 : 0); // µs spikes
            h.record(v[i]);
        }
        long[] sorted = v.clone();
        Arrays.sort(sorted);
        for (double p : new double[] {50, 90, 99, 99.9}) {
            long exact = sorted[(int) Math.ceil(p / 100 * v.length) - 1];
            double got = h.percentile(p);
            assertTrue(Math.abs(got - exact) <= exact * (1 / 32.0), p + ": " + got + " vs " + exact);
        }
        StatSummary all = h.summary(BestFraction.ALL);
        assertEquals(v.length, all.count());
        assertEquals(sorted[0], all.min());
        assertEquals(sorted[v.length - 1], all.max());
        assertEquals(Arrays.stream(v).average().orElseThrow(), all.avg(), 1e-6 * all.avg());
        LatencyReport.Column c = h.column();
        assertFalse(c.exact(), "bucketed percentiles are not exact");
        for (BestFraction f : BestFraction.values()) {
            StatSummary s = c.rows().get(f);
            assertEquals(f.kept(v.length), s.count(), f.label());
            assertTrue(s.min() <= s.avg() && s.avg() <= s.max() && s.stdDev() >= 0, f + " " + s);
        }
        StatSummary p90 = c.rows().get(BestFraction.P90);
        assertTrue(p90.max() < 1_000_000, "the spikes are the worst 0.1 %: " + p90);
        assertTrue(c.p50() <= c.p90() && c.p90() <= c.p99() && c.p99() <= all.max());
    }

    @Test
    void smallValuesAreExactAndEmptyOrResetHasNoPercentiles() {
        TimeHistogram h = new TimeHistogram();
        assertTrue(Double.isNaN(h.percentile(50)));
        assertEquals(StatSummary.EMPTY, h.summary(BestFraction.ALL));
        for (long x = 0; x < 64; x++) {
            h.record(x);
        }
        h.record(-5); // a clock step back counts as 0
        assertEquals(65, h.count());
        assertEquals(31, h.percentile(50));
        assertEquals(63, h.percentile(100));
        h.record(Long.MAX_VALUE);
        assertEquals(Long.MAX_VALUE, h.summary(BestFraction.ALL).max());
        h.reset();
        assertEquals(0, h.count());
        assertTrue(Double.isNaN(h.percentile(99)));
    }
}
