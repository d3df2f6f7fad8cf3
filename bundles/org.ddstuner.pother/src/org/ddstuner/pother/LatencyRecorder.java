package org.ddstuner.pother;

import java.util.EnumMap;
import java.util.Map;

/**
 * The transceiver's per-period statistics, an exact {@link LatencyStats} per column, double-buffered (see
 * {@link DoubleBuffered}): DDS threads record under a short lock (no allocation), and sorting a period
 * never delays an echo. A set is an array indexed by column ordinal, not an EnumMap: the echo path is
 * compiled with everything it calls inlined, and {@code EnumMap.get}'s type profile is shared with every
 * other EnumMap of the process (the reports' maps by fraction), which deoptimized that compiled path.
 */
final class LatencyRecorder extends DoubleBuffered<LatencyStats[]> {

    private static final int SEND = LatencyColumn.SEND.ordinal();
    private static final int SEND_SOURCE = LatencyColumn.SEND_SOURCE.ordinal();
    private static final int SEND_ARRIVAL = LatencyColumn.SEND_ARRIVAL.ordinal();
    private static final int ECHO = LatencyColumn.ECHO.ordinal();
    private static final int TRIP = LatencyColumn.TRIP.ordinal();
    private static final int INTER_ARRIVAL = LatencyColumn.INTER_ARRIVAL.ordinal();

    // guarded by lock
    private long sent;
    private long received;
    private long warmup;
    // the period that ended: set by periodEnded, read by summarise (both inside endPeriod)
    private long endedSent;
    private long endedReceived;
    private long endedWarmup;
    // the round trips' histogram: one recorder (swapped out as a snapshot in periodEnded, under the lock)
    private final LatencyHistogram.Recorder trips = new LatencyHistogram.Recorder(); // guarded by lock
    private LatencyHistogram endedTrips = LatencyHistogram.EMPTY;

    LatencyRecorder(int capacity, long now) {
        super(newSet(capacity), newSet(capacity), now);
    }

    private static LatencyStats[] newSet(int capacity) {
        LatencyStats[] set = new LatencyStats[LatencyColumn.values().length];
        for (int i = 0; i < set.length; i++) {
            set[i] = new LatencyStats(capacity);
        }
        return set;
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

    /** Counts a warm-up ping (sent before the first echo came back: not measured, see {@link LatencyReport#warmup()}). */
    void warmup(int delta) {
        synchronized (lock) {
            warmup += delta;
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
            active[SEND].record(nanos);
        }
    }

    void echo(long sendSource, long sendArrival, long echo, long trip, long interArrival) {
        synchronized (lock) {
            received++;
            LatencyStats[] a = active;
            a[SEND_SOURCE].record(sendSource);
            a[SEND_ARRIVAL].record(sendArrival);
            a[ECHO].record(echo);
            a[TRIP].record(trip);
            trips.record(trip);
            if (interArrival >= 0) {
                a[INTER_ARRIVAL].record(interArrival);
            }
        }
    }

    @Override
    void periodEnded() {
        endedSent = sent;
        endedReceived = received;
        endedWarmup = warmup;
        sent = 0;
        received = 0;
        warmup = 0;
        endedTrips = trips.snapshot(); // once a period: a few dozen small objects under the lock
        trips.reset();
    }

    @Override
    LatencyReport summarise(LatencyStats[] done, long periodNanos) {
        Map<LatencyColumn, LatencyStats> columns = new EnumMap<>(LatencyColumn.class);
        for (LatencyColumn c : LatencyColumn.values()) {
            columns.put(c, done[c.ordinal()]);
        }
        return LatencyReport.of(periodNanos, endedSent, endedReceived, columns, endedTrips, endedWarmup);
    }

    @Override
    void reset(LatencyStats[] done) {
        for (LatencyStats s : done) {
            s.reset();
        }
    }
}
