package org.ddstuner.pother;

import java.util.Arrays;
import java.util.EnumMap;
import java.util.Map;

/**
 * Nanosecond timings of one period in a fixed log-linear histogram: values below 64 ns exactly, above that
 * 32 buckets per power of two (each at most 1/32 ≈ 3 % wide), 15 KB in all. {@link #record} is a few shifts
 * and an increment into an array that stays in cache, where {@link LatencyStats} keeps every value (a
 * 512 KB reservoir written at random once a period holds more than its capacity, and a sort per period):
 * this is for timings taken on every sample of a throughput run (write block times, one-way arrival).
 * Count, min, max and mean of all values are exact; percentiles and the best-fraction rows come from the
 * buckets (bucket midpoints, clamped to the exact min and max). Not thread-safe: the owner locks.
 */
public final class TimeHistogram {

    private static final int SUB_BITS = 5;
    private static final int SUB = 1 << SUB_BITS; // buckets per power of two
    /** Highest index: shift 57 (values up to 2^63 − 1), sub-bucket 63. */
    private static final int BUCKETS = (63 - SUB_BITS) * SUB + 2 * SUB;

    private final long[] counts = new long[BUCKETS];
    private long count;
    private long min = Long.MAX_VALUE;
    private long max = Long.MIN_VALUE;
    private double sum;
    private double sumSquares;

    /** Records one timing; negative values (clock steps) count as 0. */
    public void record(long nanos) {
        long v = Math.max(0, nanos);
        counts[index(v)]++;
        count++;
        if (v < min) {
            min = v;
        }
        if (v > max) {
            max = v;
        }
        sum += v;
        sumSquares += (double) v * v;
    }

    static int index(long v) {
        if (v < 2 * SUB) {
            return (int) v;
        }
        int shift = 63 - Long.numberOfLeadingZeros(v) - SUB_BITS; // ≥ 1
        return shift * SUB + (int) (v >>> shift); // v >>> shift is in [SUB, 2·SUB)
    }

    /** Smallest value of bucket {@code i}. */
    static long lowest(int i) {
        if (i < 2 * SUB) {
            return i;
        }
        int shift = i / SUB - 1;
        return (long) (i - shift * SUB) << shift;
    }

    /** Middle of bucket {@code i} (its only value below 64 ns). */
    static double middle(int i) {
        if (i < 2 * SUB) {
            return i;
        }
        int shift = i / SUB - 1;
        return lowest(i) + ((1L << shift) - 1) / 2.0;
    }

    public long count() {
        return count;
    }

    public void reset() {
        Arrays.fill(counts, 0);
        count = 0;
        min = Long.MAX_VALUE;
        max = Long.MIN_VALUE;
        sum = 0;
        sumSquares = 0;
    }

    private double clamp(double v) {
        return Math.min(max, Math.max(min, v));
    }

    /** Nearest rank over the buckets: the middle of the bucket holding the rank, NaN without values. */
    public double percentile(double percent) {
        if (!(percent > 0 && percent <= 100)) {
            throw new IllegalArgumentException("a percentile must be in (0, 100], not " + percent);
        }
        if (count == 0) {
            return Double.NaN;
        }
        long rank = Math.max(1, (long) Math.ceil(percent / 100.0 * count));
        long seen = 0;
        for (int i = 0; i < BUCKETS; i++) {
            seen += counts[i];
            if (seen >= rank) {
                return clamp(middle(i));
            }
        }
        return max;
    }

    /** Statistics over the best {@code fraction} of the values (ALL: exact; others from the buckets). */
    public StatSummary summary(BestFraction fraction) {
        if (count == 0) {
            return StatSummary.EMPTY;
        }
        if (fraction == BestFraction.ALL) {
            double mean = sum / count;
            return new StatSummary(count, min, mean, max, Math.sqrt(Math.max(0, sumSquares / count - mean * mean)));
        }
        long k = fraction.kept(count);
        long left = k;
        double s = 0;
        double sq = 0;
        double top = min;
        for (int i = 0; i < BUCKETS && left > 0; i++) {
            long n = Math.min(left, counts[i]);
            if (n > 0) {
                double m = clamp(middle(i));
                s += n * m;
                sq += n * m * m;
                top = m;
                left -= n;
            }
        }
        double mean = clamp(s / k);
        return new StatSummary(k, min, Math.min(mean, top), top, Math.sqrt(Math.max(0, sq / k - mean * mean)));
    }

    /** This histogram as one report column (not exact: percentiles are bucket middles). */
    public LatencyReport.Column column() {
        Map<BestFraction, StatSummary> rows = new EnumMap<>(BestFraction.class);
        for (BestFraction f : BestFraction.values()) {
            rows.put(f, summary(f));
        }
        return new LatencyReport.Column(rows, percentile(50), percentile(90), percentile(99), count == 0);
    }
}
