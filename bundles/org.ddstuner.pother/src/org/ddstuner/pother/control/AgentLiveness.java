package org.ddstuner.pother.control;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;

import org.ddstuner.pother.protocol.AgentAnnouncement;

/**
 * Whether each agent is still there, from what the controller's readers see: when anything last came from it
 * (its announcements come every second, its reports every period) and whether its announcement writer was lost
 * (the announcement instance went "not alive, no writers" while the agent last said it was running: Cyclone
 * removed its participant, by lease expiry or a delete without goodbye). Times of arrival are this process's
 * clock, never the agent's (its host clock may be off). Called from DDS listener threads and readers of
 * {@link PotherController#statuses()}; everything is under this object's lock.
 */
final class AgentLiveness {

    private static final class Entry {
        AgentAnnouncement last;
        long heardNanos;
        Instant heardAt;
        Instant liveSince;
        Instant goneAt; // null unless the participant was lost after a "running" announcement
        Instant stoppedAt;
    }

    private final Duration unresponsiveAfter;
    private final Map<Integer, Entry> byApp = new TreeMap<>();
    private final Map<Long, Integer> appByInstance = new HashMap<>();

    AgentLiveness(Duration unresponsiveAfter) {
        this.unresponsiveAfter = unresponsiveAfter;
    }

    /**
     * A valid announcement of instance {@code instanceHandle}.
     *
     * @return false if it is ignored: a "stopped" of another process than the one that holds the app id now (an
     *         agent restarted with the same app id; the old one's goodbye can come after the new one's hello)
     */
    synchronized boolean announced(AgentAnnouncement a, long instanceHandle) {
        appByInstance.put(instanceHandle, a.appId());
        Entry known = byApp.get(a.appId());
        if (!a.running() && known != null && known.last != null && known.last.running()
                && (known.last.pid() != a.pid() || !known.last.host().equals(a.host()))) {
            return false;
        }
        Entry e = touch(a.appId());
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
        if (e.last != null && e.goneAt == null && now - e.heardNanos > unresponsiveAfter.toNanos()) {
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
        if (!e.last.running()) {
            return new AgentStatus(e.last, AgentStatus.Liveness.STOPPED, e.stoppedAt, silent);
        }
        if (e.goneAt != null) {
            return new AgentStatus(e.last, AgentStatus.Liveness.GONE, e.goneAt, silent);
        }
        if (silent.compareTo(unresponsiveAfter) > 0) {
            return new AgentStatus(e.last, AgentStatus.Liveness.UNRESPONSIVE, e.heardAt, silent);
        }
        return new AgentStatus(e.last, AgentStatus.Liveness.LIVE, e.liveSince, silent);
    }
}
