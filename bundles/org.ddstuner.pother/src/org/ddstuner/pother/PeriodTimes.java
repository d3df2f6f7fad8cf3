package org.ddstuner.pother;

import java.util.Map;

/**
 * One timing of a test per period, as a one-column {@link LatencyReport}: the time each write spent inside
 * {@code dds_write} ({@link LatencyColumn#SEND}, transmitters and relays: how long the writer blocked), or
 * the time from the source's send time to arrival ({@link LatencyColumn#SEND_ARRIVAL}, receivers: one-way or,
 * behind a relay, end-to-end). These are taken on every sample of a throughput run, so they go into a
 * {@link TimeHistogram} (15 KB, a few shifts per value; percentiles within 3 %) rather than the exact
 * {@link LatencyStats} of round trips. Double-buffered like {@link LatencyRecorder}: {@link #record} takes a
 * short lock and never allocates ({@link #record(long[], int)}: one lock for a burst or a take);
 * {@link #endPeriod} summarises the finished period outside that lock.
 */
public final class PeriodTimes {

    private final LatencyColumn column;
    private final Object lock = new Object();
    private TimeHistogram active = new TimeHistogram();
    private TimeHistogram spare = new TimeHistogram();
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

    /** Records {@code values[0 .. n)} under one lock. */
    public void record(long[] values, int n) {
        synchronized (lock) {
            TimeHistogram h = active;
            for (int i = 0; i < n; i++) {
                h.record(values[i]);
            }
            total += n;
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
        TimeHistogram done;
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
        LatencyReport r = new LatencyReport(now - start, writing ? n : 0, writing ? 0 : n, Map.of(column, done.column()));
        done.reset();
        synchronized (lock) {
            spare = done;
        }
        return r;
    }
}
