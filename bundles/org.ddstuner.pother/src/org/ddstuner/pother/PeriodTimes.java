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
 * {@link #endPeriod} summarises the finished period outside that lock; {@code sent}/{@code received} of its
 * report are the period's count on the writing or the reading side (the other is 0).
 */
public final class PeriodTimes extends DoubleBuffered<TimeHistogram> {

    private final LatencyColumn column;
    private long total; // guarded by lock

    public PeriodTimes(LatencyColumn column, long now) {
        super(new TimeHistogram(), new TimeHistogram(), now);
        this.column = column;
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

    @Override
    LatencyReport summarise(TimeHistogram done, long periodNanos) {
        long n = done.count();
        boolean writing = column == LatencyColumn.SEND;
        return new LatencyReport(periodNanos, writing ? n : 0, writing ? 0 : n, Map.of(column, done.column()));
    }

    @Override
    void reset(TimeHistogram done) {
        done.reset();
    }
}
