package org.ddstuner.health.internal;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Iterator;

/**
 * Cumulative counters of a watch sampled each tick, so "how many in the last window" is a subtraction. Bounded:
 * the oldest samples go first (a window longer than what is kept looks back as far as it can).
 */
public final class CounterHistory {

    /** The counters that rules count over a window. */
    public record Counters(long deadlineMissed, long lost, long rejected, long livelinessChanges, long received) {
        public static final Counters ZERO = new Counters(0, 0, 0, 0, 0);

        Counters minus(Counters o) {
            return new Counters(deadlineMissed - o.deadlineMissed, lost - o.lost, rejected - o.rejected,
                    livelinessChanges - o.livelinessChanges, received - o.received);
        }
    }

    private record Entry(long nanos, Counters c) {
    }

    private static final int MAX = 4096;
    private final ArrayDeque<Entry> entries = new ArrayDeque<>();

    public synchronized void add(long nanos, Counters c) {
        entries.addLast(new Entry(nanos, c));
        while (entries.size() > MAX) {
            entries.removeFirst();
        }
    }

    /** The increase over the last {@code window} before {@code nowNanos} (since the first sample if younger). */
    public synchronized Counters within(Duration window, long nowNanos) {
        if (entries.isEmpty()) {
            return Counters.ZERO;
        }
        long from = nowNanos - window.toNanos();
        Entry base = entries.getFirst();
        for (Iterator<Entry> it = entries.iterator(); it.hasNext();) {
            Entry e = it.next();
            if (e.nanos > from) {
                break;
            }
            base = e;
        }
        return entries.getLast().c.minus(base.c);
    }
}
