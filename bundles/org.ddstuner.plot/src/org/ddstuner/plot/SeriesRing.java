package org.ddstuner.plot;

/**
 * The points of one plotted series in a fixed ring: reception time (epoch µs), sample index and value. Its
 * arrays are allocated once at {@code capacity}, so a topic at any rate costs the same memory: the oldest
 * points scroll out. Thread-safe (the feed thread appends, the UI copies).
 */
public final class SeriesRing {

    /** Bytes one point takes (time, index, value: three 8-byte slots). */
    public static final int BYTES_PER_POINT = 24;

    private final long[] timeMicros;
    private final long[] index;
    private final double[] value;
    private int head;
    private int size;
    private long appended;

    public SeriesRing(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity " + capacity + " < 1");
        }
        timeMicros = new long[capacity];
        index = new long[capacity];
        value = new double[capacity];
    }

    /** The points of a series, oldest first (a copy). */
    public record Points(long[] timeMicros, long[] index, double[] value) {
        public int size() {
            return value.length;
        }
    }

    public synchronized void append(long epochMicros, long sampleIndex, double v) {
        timeMicros[head] = epochMicros;
        index[head] = sampleIndex;
        value[head] = v;
        head = (head + 1) % value.length;
        size = Math.min(size + 1, value.length);
        appended++;
    }

    public synchronized Points snapshot() {
        int cap = value.length;
        long[] t = new long[size];
        long[] i = new long[size];
        double[] v = new double[size];
        int start = (head - size + cap) % cap;
        for (int k = 0; k < size; k++) {
            int at = (start + k) % cap;
            t[k] = timeMicros[at];
            i[k] = index[at];
            v[k] = value[at];
        }
        return new Points(t, i, v);
    }

    public synchronized int size() {
        return size;
    }

    public int capacity() {
        return value.length;
    }

    /** Points appended since the start (those scrolled out included). */
    public synchronized long appended() {
        return appended;
    }

    public synchronized void clear() {
        head = 0;
        size = 0;
        appended = 0;
    }

    /** Memory the ring's arrays hold, whatever its fill: the bound a series never grows past. */
    public long retainedBytes() {
        return (long) value.length * BYTES_PER_POINT;
    }
}
