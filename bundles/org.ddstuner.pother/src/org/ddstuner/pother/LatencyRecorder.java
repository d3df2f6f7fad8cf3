package org.ddstuner.pother;

import java.util.EnumMap;
import java.util.Map;

/**
 * The transceiver's per-period statistics, double-buffered: DDS threads record into the active set
 * under a short lock (no allocation); {@link #endPeriod} swaps in the spare set and computes the report
 * from the old one outside the lock, so sorting a period never delays an echo.
 */
final class LatencyRecorder {

    private final Object lock = new Object();
    private EnumMap<LatencyColumn, LatencyStats> active;
    private EnumMap<LatencyColumn, LatencyStats> spare;
    private long periodStart;
    private long sent;
    private long received;

    LatencyRecorder(int capacity, long now) {
        active = newSet(capacity);
        spare = newSet(capacity);
        periodStart = now;
    }

    private static EnumMap<LatencyColumn, LatencyStats> newSet(int capacity) {
        EnumMap<LatencyColumn, LatencyStats> m = new EnumMap<>(LatencyColumn.class);
        for (LatencyColumn c : LatencyColumn.values()) {
            m.put(c, new LatencyStats(capacity));
        }
        return m;
    }

    /**
     * Counts a ping about to be written: before the write, as in one process its echo can be recorded
     * inside that write (an echo must never be counted ahead of its ping).
     */
    void sending() {
        synchronized (lock) {
            sent++;
        }
    }

    /** Takes back a ping counted by {@link #sending()} whose write failed. */
    void notSent() {
        synchronized (lock) {
            sent--;
        }
    }

    /** How long the write of a ping counted by {@link #sending()} took. */
    void sendLatency(long nanos) {
        synchronized (lock) {
            active.get(LatencyColumn.SEND).record(nanos);
        }
    }

    void echo(long sendSource, long sendArrival, long echo, long trip, long interArrival) {
        synchronized (lock) {
            received++;
            Map<LatencyColumn, LatencyStats> a = active;
            a.get(LatencyColumn.SEND_SOURCE).record(sendSource);
            a.get(LatencyColumn.SEND_ARRIVAL).record(sendArrival);
            a.get(LatencyColumn.ECHO).record(echo);
            a.get(LatencyColumn.TRIP).record(trip);
            if (interArrival >= 0) {
                a.get(LatencyColumn.INTER_ARRIVAL).record(interArrival);
            }
        }
    }

    synchronized LatencyReport endPeriod(long now) {
        EnumMap<LatencyColumn, LatencyStats> done;
        long s;
        long r;
        long start;
        synchronized (lock) {
            done = active;
            active = spare;
            spare = null;
            s = sent;
            r = received;
            sent = 0;
            received = 0;
            start = periodStart;
            periodStart = now;
        }
        LatencyReport report = LatencyReport.of(now - start, s, r, done);
        done.values().forEach(LatencyStats::reset);
        synchronized (lock) {
            spare = done;
        }
        return report;
    }
}
