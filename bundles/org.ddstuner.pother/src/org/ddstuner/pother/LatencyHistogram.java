package org.ddstuner.pother;

import java.util.ArrayList;
import java.util.List;

/**
 * The shape of one period's round trips: log-linear buckets, values below 16 ns exactly, above that 8 buckets
 * per power of two (each at most 1/8 = 12.5 % wide; {@link TimeHistogram}'s 32 would make a report four times
 * larger for a chart that cannot show the difference). Only non-empty buckets are kept, so a period whose round
 * trips span a few powers of two is a few dozen buckets. Immutable; {@link Recorder} counts a period.
 *
 * <p>On the wire ({@link #encode}) each non-empty bucket is 6 bytes, little-endian: the bucket index (uint16)
 * and its count (uint32), in increasing index order; {@link #lowerNanos} / {@link #upperNanos} turn an index
 * into its bounds. See {@code idl/pother.idl}, {@code LatencyReport.histogram}.
 */
public record LatencyHistogram(List<Bucket> buckets) {

    private static final int SUB_BITS = 3;
    private static final int SUB = 1 << SUB_BITS;
    /** Number of bucket indices: the last is shift 59, sub-bucket 15 (values up to 2^63 − 1). */
    public static final int INDICES = (62 - SUB_BITS) * SUB + 2 * SUB;
    private static final int BYTES_PER_BUCKET = 6;

    public static final LatencyHistogram EMPTY = new LatencyHistogram(List.of());

    /** One non-empty bucket: values in [lowerNs, upperNs). */
    public record Bucket(int index, long count) {
        public long lowerNs() {
            return lowerNanos(index);
        }

        public long upperNs() {
            return upperNanos(index);
        }
    }

    public LatencyHistogram {
        buckets = List.copyOf(buckets);
    }

    /** The bucket of {@code nanos} (negative values count as 0). */
    public static int index(long nanos) {
        long v = Math.max(0, nanos);
        if (v < 2 * SUB) {
            return (int) v;
        }
        int shift = 63 - Long.numberOfLeadingZeros(v) - SUB_BITS; // ≥ 1
        return shift * SUB + (int) (v >>> shift); // v >>> shift is in [SUB, 2·SUB)
    }

    /** Smallest value of bucket {@code i}. */
    public static long lowerNanos(int i) {
        if (i < 0 || i >= INDICES) {
            throw new IllegalArgumentException("no histogram bucket " + i + " (0 to " + (INDICES - 1) + ")");
        }
        if (i < 2 * SUB) {
            return i;
        }
        int shift = i / SUB - 1;
        return (long) (i - shift * SUB) << shift;
    }

    /** First value above bucket {@code i} (Long.MAX_VALUE for the last bucket). */
    public static long upperNanos(int i) {
        return i + 1 >= INDICES ? Long.MAX_VALUE : lowerNanos(i + 1);
    }

    /** Sum of the counts. */
    public long count() {
        long n = 0;
        for (Bucket b : buckets) {
            n += b.count();
        }
        return n;
    }

    public boolean isEmpty() {
        return buckets.isEmpty();
    }

    /** The wire form: 6 bytes per non-empty bucket (see the class comment). */
    public byte[] encode() {
        byte[] out = new byte[buckets.size() * BYTES_PER_BUCKET];
        int o = 0;
        for (Bucket b : buckets) {
            long c = Math.min(b.count(), 0xFFFF_FFFFL);
            out[o++] = (byte) b.index();
            out[o++] = (byte) (b.index() >>> 8);
            for (int k = 0; k < 4; k++) {
                out[o++] = (byte) (c >>> (8 * k));
            }
        }
        return out;
    }

    /** Reads the wire form; a malformed one is an IllegalArgumentException saying what is wrong. */
    public static LatencyHistogram decode(byte[] wire) {
        if (wire == null || wire.length == 0) {
            return EMPTY;
        }
        if (wire.length % BYTES_PER_BUCKET != 0) {
            throw new IllegalArgumentException("a latency histogram is " + BYTES_PER_BUCKET
                    + " bytes per bucket, not " + wire.length + " bytes");
        }
        List<Bucket> list = new ArrayList<>(wire.length / BYTES_PER_BUCKET);
        int previous = -1;
        for (int o = 0; o < wire.length; o += BYTES_PER_BUCKET) {
            int index = (wire[o] & 0xFF) | (wire[o + 1] & 0xFF) << 8;
            long count = 0;
            for (int k = 0; k < 4; k++) {
                count |= (long) (wire[o + 2 + k] & 0xFF) << (8 * k);
            }
            if (index >= INDICES || index <= previous) {
                throw new IllegalArgumentException("latency histogram bucket " + index + " out of order or range (after "
                        + previous + ", below " + INDICES + ")");
            }
            previous = index;
            list.add(new Bucket(index, count));
        }
        return new LatencyHistogram(list);
    }

    /** Counts one period; not thread-safe (the owner locks). {@link #record} never allocates. */
    public static final class Recorder {
        private final long[] counts = new long[INDICES];
        private long total;

        public void record(long nanos) {
            counts[index(nanos)]++;
            total++;
        }

        /** The counts so far as a histogram (allocates only for the non-empty buckets). */
        public LatencyHistogram snapshot() {
            if (total == 0) {
                return EMPTY;
            }
            List<Bucket> list = new ArrayList<>();
            for (int i = 0; i < INDICES; i++) {
                if (counts[i] != 0) {
                    list.add(new Bucket(i, counts[i]));
                }
            }
            return new LatencyHistogram(list);
        }

        public void reset() {
            if (total != 0) {
                java.util.Arrays.fill(counts, 0);
                total = 0;
            }
        }
    }
}
