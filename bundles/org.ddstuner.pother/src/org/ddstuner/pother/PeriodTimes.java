package org.ddstuner.pother;

import java.util.Map;

/**
 * One timing of a test per period, as a one-column {@link LatencyReport}: the time each write spent inside
 * {@code dds_write} ({@link LatencyColumn#SEND}, transmitters and relays: how long the writer blocked), or
 * the time from the source's send time to arrival ({@link LatencyColumn#SEND_ARRIVAL}, receivers: one-way or,
 * behind a relay, end-to-end). Double-buffered like {@link LatencyRecorder}: {@link #record} takes a short
 * lock and never allocates; {@link #endPeriod} sorts the finished period outside that lock.
 */
public final class PeriodTimes {

    /** Samples kept per period for exact order statistics (beyond: a uniform reservoir; counts stay exact). */
    public static final int CAPACITY = 65_536;

    private final LatencyColumn column;
    private final Object lock = new Object();
    private LatencyStats active = new LatencyStats(CAPACITY);
    private LatencyStats spare = new LatencyStats(CAPACITY);
    private long periodStart;
    private long total;

    public PeriodTimes(LatencyColumn column, long now) {
        this.column = column;
        this.periodStart = now;
    }

    public LatencyColumn column() {
        return column;
    }

    public void record(long nanos) {
        synchronized (lock) {
            active.record(nanos);
            total++;
        }
    }

    /** Samples recorded since the start. */
    public long total() {
        synchronized (lock) {
            return total;
        }
    }

    /**
     * This period's distribution; a new period begins. {@code sent}/{@code received} of the report are the
     * period's count on the writing or the reading side (the other is 0).
     */
    public synchronized LatencyReport endPeriod(long now) {
        LatencyStats done;
        long start;
        synchronized (lock) {
            done = active;
            active = spare;
            spare = null;
            start = periodStart;
            periodStart = now;
        }
        long n = done.count();
        boolean writing = column == LatencyColumn.SEND;
        LatencyReport r = LatencyReport.of(now - start, writing ? n : 0, writing ? 0 : n, Map.of(column, done));
        done.reset();
        synchronized (lock) {
            spare = done;
        }
        return r;
    }
}
