package org.ddstuner.pother;

/**
 * Per-period statistics, double-buffered: recording threads write into {@link #active} under {@link #lock}
 * (a short lock, no allocation); {@link #endPeriod} swaps in the spare set under that lock and summarises the
 * finished one outside it, so summarising (sorting) a period never delays a recording thread.
 *
 * @param <T> one set of statistics
 */
abstract class DoubleBuffered<T> {

    protected final Object lock = new Object();
    /** The set being recorded into; guarded by {@link #lock}. */
    protected T active;
    private T spare; // guarded by lock; null while endPeriod summarises it
    private long periodStart; // guarded by lock

    DoubleBuffered(T first, T second, long now) {
        active = first;
        spare = second;
        periodStart = now;
    }

    /** Called under {@link #lock} as a period ends: move the period's own counters aside and reset them. */
    void periodEnded() {
    }

    /** The report of a finished period (outside the lock; counters moved aside by {@link #periodEnded}). */
    abstract LatencyReport summarise(T done, long periodNanos);

    /** Makes a summarised set ready to record into again. */
    abstract void reset(T done);

    /** This period's report; a new period begins at {@code now}. */
    public final synchronized LatencyReport endPeriod(long now) {
        T done;
        long start;
        synchronized (lock) {
            done = active;
            active = spare;
            spare = null;
            start = periodStart;
            periodStart = now;
            periodEnded();
        }
        LatencyReport r = summarise(done, now - start);
        reset(done);
        synchronized (lock) {
            spare = done;
        }
        return r;
    }
}
