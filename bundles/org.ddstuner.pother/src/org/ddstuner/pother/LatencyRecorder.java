package org.ddstuner.pother;

import java.util.EnumMap;
import java.util.Map;

/**
 * The transceiver's per-period statistics, an exact {@link LatencyStats} per column, double-buffered (see
 * {@link DoubleBuffered}): DDS threads record under a short lock (no allocation), and sorting a period
 * never delays an echo.
 */
final class LatencyRecorder extends DoubleBuffered<EnumMap<LatencyColumn, LatencyStats>> {

    // guarded by lock
    private long sent;
    private long received;
    // the period that ended: set by periodEnded, read by summarise (both inside endPeriod)
    private long endedSent;
    private long endedReceived;

    LatencyRecorder(int capacity, long now) {
        super(newSet(capacity), newSet(capacity), now);
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

    @Override
    void periodEnded() {
        endedSent = sent;
        endedReceived = received;
        sent = 0;
        received = 0;
    }

    @Override
    LatencyReport summarise(EnumMap<LatencyColumn, LatencyStats> done, long periodNanos) {
        return LatencyReport.of(periodNanos, endedSent, endedReceived, done);
    }

    @Override
    void reset(EnumMap<LatencyColumn, LatencyStats> done) {
        done.values().forEach(LatencyStats::reset);
    }
}
