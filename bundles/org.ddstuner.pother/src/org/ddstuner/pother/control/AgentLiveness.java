package org.ddstuner.pother.control;

import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;

import org.ddstuner.pother.protocol.AgentAnnouncement;
import org.ddstuner.pother.protocol.ProtocolTypes;

/**
 * Whether each agent is still there, from what the controller's readers see: when anything last came from it
 * (its announcements come every second, its reports every period) and whether its announcement writer was lost
 * (the announcement instance went "not alive" while the agent last said it was running: Cyclone removed its
 * writer or participant, by lease expiry or a delete without goodbye).
 *
 * <p>Unresponsive means the agent really missed its heartbeat: silent for longer than {@value #MISSED_BEATS} of its
 * own announcement periods and never less than the floor given (a loaded machine delays a beat by a second or two,
 * which is no reason to alarm anyone). Its period is measured here: the median of the last intervals between its
 * announcements' arrivals ({@link ProtocolTypes#ANNOUNCEMENT_PERIOD} until there are a few), so an agent that
 * announces less often is not called unresponsive between two of its beats. Every time is this process's monotonic
 * clock ({@link System#nanoTime()}) read when a sample is taken from the reader, on the DDS listener thread: never the
 * agent's timestamps (its clock may be off) and never a UI thread's refresh (a busy display must not make agents
 * look silent). Called from DDS listener threads and readers of {@link PotherController#statuses()}; everything is
 * under this object's lock.
 */
final class AgentLiveness {

    /**
     * Another writer of an app id makes it a duplicate while heard within this many announcement periods: two live
     * agents both beat within one; a killed one drops out before an agent restarted in its place (which listens 1.5 s
     * before it announces) is heard.
     */
    private static final double DUPLICATE_BEATS = 2.5;
    /** Heartbeats an agent may miss before it is unresponsive. */
    static final int MISSED_BEATS = 3;
    /** Intervals between announcements the period is the median of. */
    private static final int INTERVALS = 8;
    /** Fewer intervals than this, and the protocol's period is assumed. */
    private static final int MIN_INTERVALS = 3;
    /** An agent's measured period is taken up to this (a stray long gap cannot make it trusted for minutes). */
    private static final long MAX_PERIOD_NANOS = Duration.ofSeconds(20).toNanos();

    private static final class Entry {
        AgentAnnouncement last;
        long heardNanos;
        Instant heardAt;
        Instant liveSince;
        Instant goneAt; // null unless the participant was lost after a "running" announcement
        Instant stoppedAt;
        long announcedNanos = Long.MIN_VALUE; // arrival of its last "running" announcement
        final long[] intervals = new long[INTERVALS]; // between arrivals of its announcements, a ring
        int intervalCount;
        final AppIdHolders holders = new AppIdHolders(); // normally one: more is a duplicate app id

        void announcedAt(long now) {
            if (announcedNanos != Long.MIN_VALUE) {
                intervals[intervalCount++ % INTERVALS] = now - announcedNanos;
            }
            announcedNanos = now;
        }

        /** Its own heartbeat period as measured, or the protocol's while there are too few intervals. */
        long periodNanos() {
            int n = Math.min(intervalCount, INTERVALS);
            if (n < MIN_INTERVALS) {
                return ProtocolTypes.ANNOUNCEMENT_PERIOD.toNanos();
            }
            long[] sorted = Arrays.copyOf(intervals, n);
            Arrays.sort(sorted);
            return Math.min(sorted[n / 2], MAX_PERIOD_NANOS);
        }
    }

    private final Duration unresponsiveAfter;
    private final Map<Integer, Entry> byApp = new TreeMap<>();
    private final Map<Long, Integer> appByInstance = new HashMap<>();

    /** @param unresponsiveAfter the least silence that makes an agent unresponsive, whatever its period */
    AgentLiveness(Duration unresponsiveAfter) {
        this.unresponsiveAfter = unresponsiveAfter;
    }

    /**
     * A valid announcement of instance {@code instanceHandle}, written by {@code publicationHandle} (two agents with one
     * app id write one instance with two writers).
     *
     * @return false if it is ignored: a "stopped" of another process than the one that holds the app id now (an
     *         agent restarted with the same app id; the old one's goodbye can come after the new one's hello)
     */
    synchronized boolean announced(AgentAnnouncement a, long instanceHandle, long publicationHandle) {
        appByInstance.put(instanceHandle, a.appId());
        byApp.computeIfAbsent(a.appId(), k -> new Entry()).holders.announced(a, publicationHandle, System.nanoTime());
        Entry known = byApp.get(a.appId());
        if (!a.running() && known != null && known.last != null && known.last.running()
                && (known.last.pid() != a.pid() || !known.last.host().equals(a.host()))) {
            return false;
        }
        Entry e = touch(a.appId());
        if (a.running()) {
            e.announcedAt(e.heardNanos);
        }
        if (e.last == null || e.goneAt != null || !a.running()) {
            e.liveSince = e.heardAt;
        }
        e.goneAt = null;
        e.stoppedAt = a.running() ? null : (e.stoppedAt != null ? e.stoppedAt : e.heardAt);
        e.last = a;
        return true;
    }

    /** Any report from {@code appId} arrived now. */
    synchronized void heard(int appId) {
        touch(appId);
    }

    private Entry touch(int appId) {
        Entry e = byApp.computeIfAbsent(appId, k -> new Entry());
        long now = System.nanoTime();
        if (e.last != null && e.goneAt == null && now - e.heardNanos > limitNanos(e)) {
            e.liveSince = Instant.now(); // back from a silence: live again from now
        }
        e.heardNanos = now;
        e.heardAt = Instant.now();
        return e;
    }

    /**
     * The announcement instance {@code instanceHandle} lost its writer (its participant is gone or deleted it).
     *
     * @return the agent's app id if it is gone now (it had not announced "stopped"), else -1
     */
    synchronized int writerLost(long instanceHandle) {
        Integer app = appByInstance.get(instanceHandle);
        Entry e = app == null ? null : byApp.get(app);
        if (e == null || e.last == null || !e.last.running() || e.goneAt != null) {
            return -1;
        }
        e.goneAt = Instant.now();
        return app;
    }

    /** The silence after which {@code e} is unresponsive: {@value #MISSED_BEATS} of its periods, at least the floor. */
    private long limitNanos(Entry e) {
        return Math.max(unresponsiveAfter.toNanos(), MISSED_BEATS * e.periodNanos());
    }

    /** Every agent that announced itself, as it stands now. */
    synchronized Map<Integer, AgentStatus> statuses() {
        Map<Integer, AgentStatus> out = new TreeMap<>();
        long now = System.nanoTime();
        for (Map.Entry<Integer, Entry> me : byApp.entrySet()) {
            Entry e = me.getValue();
            if (e.last != null) {
                out.put(me.getKey(), status(e, now));
            }
        }
        return out;
    }

    /** One agent as it stands now; null if it never announced itself. */
    synchronized AgentStatus status(int appId) {
        Entry e = byApp.get(appId);
        return e == null || e.last == null ? null : status(e, System.nanoTime());
    }

    private AgentStatus status(Entry e, long now) {
        Duration silent = Duration.ofNanos(now - e.heardNanos);
        // two writers alternate on one instance, so the measured period is half theirs: never below the protocol's
        long beat = Math.max(e.periodNanos(), ProtocolTypes.ANNOUNCEMENT_PERIOD.toNanos());
        String duplicate = e.holders.duplicate(e.last.appId(), now, (long) (DUPLICATE_BEATS * beat));
        if (!e.last.running()) {
            return new AgentStatus(e.last, AgentStatus.Liveness.STOPPED, e.stoppedAt, silent, duplicate);
        }
        if (e.goneAt != null) {
            return new AgentStatus(e.last, AgentStatus.Liveness.GONE, e.goneAt, silent, duplicate);
        }
        if (silent.toNanos() > limitNanos(e)) {
            return new AgentStatus(e.last, AgentStatus.Liveness.UNRESPONSIVE, e.heardAt, silent, duplicate);
        }
        return new AgentStatus(e.last, AgentStatus.Liveness.LIVE, e.liveSince, silent, duplicate);
    }
}
