package org.ddstuner.pother.agent;

/**
 * A growing counter (samples sent, echoes) seen once per report: how much it grew since the previous look,
 * over how long, and the rate. Runs on the agent's control thread only.
 */
final class CounterPeriod {

    private long lastCount;
    private long lastNanos;
    private long count;
    private long nanos;

    CounterPeriod(long count, long now) {
        restart(count, now);
    }

    /** The next period starts here (a test was started). */
    void restart(long counter, long now) {
        lastCount = counter;
        lastNanos = now;
    }

    /** Ends the period at {@code now} with the counter at {@code counter}; the next one starts here. */
    void advance(long counter, long now) {
        count = counter - lastCount;
        nanos = now - lastNanos;
        restart(counter, now);
    }

    /** How much the counter grew in the period that {@link #advance} ended. */
    long count() {
        return count;
    }

    /** How long that period was, in ns. */
    long nanos() {
        return nanos;
    }

    /** Its growth per second (0 for an empty period). */
    double perSecond() {
        return nanos > 0 ? count * 1e9 / nanos : 0;
    }
}
