package org.ddstuner.pother;

import java.util.Arrays;

/**
 * Samples (nanoseconds) of one measurement column for one period, with exact order statistics in
 * bounded memory. Up to {@code capacity} samples are kept as they come; beyond that a uniform
 * reservoir (Vitter's algorithm R) of {@code capacity} samples stands for the period, while count,
 * min, max, mean and standard deviation of <em>all</em> samples stay exact. {@link #record} never
 * allocates. Not thread-safe: the owner records and reads under its own lock (see LatencyRecorder).
 *
 * <p>The order statistics sort the kept samples with a least-significant-digit radix sort of their distance
 * from the minimum (exact, like any sort): latencies span a small range (a 16 ms range is 24 bits, two passes
 * of 12 bits), so a period of 35,000 round trips sorts in two linear passes, where {@link Arrays#sort(long[])}
 * took several times as long and, since it runs once a period, kept the JIT compiling its many methods well
 * into a measurement (bench/results/2026-11-23-pother-round-trip-cpu.md).
 */
public final class LatencyStats {

    private static final int DIGIT_BITS = 12;
    private static final int DIGITS = 1 << DIGIT_BITS;
    /** Below this many samples a radix pass costs more than it saves. */
    private static final int RADIX_MIN = 256;

    private long[] values; // swapped with scratch by an odd number of radix passes
    private long[] scratch; // radix sort buffer, allocated at the first large sort
    private int[] counts;
    private int stored;
    private long count;
    private long min = Long.MAX_VALUE;
    private long max = Long.MIN_VALUE;
    private double sum;
    private double sumSquares;
    private long random = 0x9E3779B97F4A7C15L;
    private boolean sorted = true;

    public LatencyStats(int capacity) {
        if (capacity <= 0) {
            throw new IllegalArgumentException("a latency statistics capacity must be positive, not " + capacity);
        }
        this.values = new long[capacity];
    }

    public void record(long nanos) {
        count++;
        if (nanos < min) {
            min = nanos;
        }
        if (nanos > max) {
            max = nanos;
        }
        sum += nanos;
        sumSquares += (double) nanos * nanos;
        sorted = false;
        if (stored < values.length) {
            values[stored++] = nanos;
            return;
        }
        // algorithm R: the i-th sample replaces a random slot with probability capacity / i
        long j = Long.remainderUnsigned(nextRandom(), count);
        if (j < values.length) {
            values[(int) j] = nanos;
        }
    }

    /** Forgets every sample (start of a new period). */
    public void reset() {
        stored = 0;
        count = 0;
        min = Long.MAX_VALUE;
        max = Long.MIN_VALUE;
        sum = 0;
        sumSquares = 0;
        sorted = true;
    }

    /** Samples recorded since the last reset. */
    public long count() {
        return count;
    }

    /** True while every recorded sample is kept (order statistics are exact, not estimated). */
    public boolean exact() {
        return count == stored;
    }

    /** Statistics over the best {@code fraction} of the samples (see {@link BestFraction#kept}). */
    public StatSummary summary(BestFraction fraction) {
        if (count == 0) {
            return StatSummary.EMPTY;
        }
        if (fraction == BestFraction.ALL && !exact()) {
            double mean = sum / count;
            double var = Math.max(0, sumSquares / count - mean * mean);
            return new StatSummary(count, min, mean, max, Math.sqrt(var));
        }
        sort();
        int k = (int) fraction.kept(stored);
        double s = 0;
        for (int i = 0; i < k; i++) {
            s += values[i];
        }
        double mean = s / k;
        double sq = 0;
        for (int i = 0; i < k; i++) {
            double d = values[i] - mean;
            sq += d * d;
        }
        long reportedCount = exact() ? k : fraction.kept(count);
        return new StatSummary(reportedCount, values[0], mean, values[k - 1], Math.sqrt(sq / k));
    }

    /**
     * The nearest-rank percentile: the smallest sample with at least {@code percent} % of the samples at
     * or below it (index {@code ceil(p/100 × n) − 1} of the sorted samples). NaN without samples.
     */
    public double percentile(double percent) {
        if (!(percent > 0 && percent <= 100)) {
            throw new IllegalArgumentException("a percentile must be in (0, 100], not " + percent);
        }
        if (stored == 0) {
            return Double.NaN;
        }
        sort();
        int rank = (int) Math.ceil(percent / 100.0 * stored);
        return values[Math.max(0, rank - 1)];
    }

    private void sort() {
        if (sorted) {
            return;
        }
        sorted = true;
        long range = max - min; // min and max of all samples bound the kept ones too
        if (stored < RADIX_MIN || range < 0) { // range < 0: wider than a long (not a latency)
            Arrays.sort(values, 0, stored);
            return;
        }
        if (scratch == null) {
            scratch = new long[values.length];
            counts = new int[DIGITS];
        }
        int bits = 64 - Long.numberOfLeadingZeros(range);
        for (int shift = 0; shift < bits; shift += DIGIT_BITS) {
            radixPass(values, scratch, stored, min, shift, counts);
            long[] t = values;
            values = scratch;
            scratch = t;
        }
    }

    /** One stable counting-sort pass of {@code src[0..n)} into {@code dst} by digit {@code (v − base) >>> shift}. */
    private static void radixPass(long[] src, long[] dst, int n, long base, int shift, int[] counts) {
        Arrays.fill(counts, 0);
        for (int i = 0; i < n; i++) {
            counts[(int) ((src[i] - base) >>> shift) & (DIGITS - 1)]++;
        }
        int at = 0;
        for (int d = 0; d < DIGITS; d++) {
            int c = counts[d];
            counts[d] = at;
            at += c;
        }
        for (int i = 0; i < n; i++) {
            long v = src[i];
            dst[counts[(int) ((v - base) >>> shift) & (DIGITS - 1)]++] = v;
        }
    }

    private long nextRandom() {
        long x = random; // xorshift64: no allocation, good enough to pick reservoir slots
        x ^= x << 13;
        x ^= x >>> 7;
        x ^= x << 17;
        random = x;
        return x;
    }
}
