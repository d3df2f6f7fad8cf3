package org.ddstuner.pother.control;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.ddstuner.pother.protocol.AgentAnnouncement;

/**
 * The agents that announce one app id as running, told apart by their announcement writer (the sample's
 * publication handle): normally one. Two agents with one app id write the same announcement instance (the app id
 * is its key), so the latest announcement alone shows only whichever spoke last; this keeps every writer heard
 * lately, so a controller can say that the app id is held twice (both agents obey its commands and their reports
 * mix). A holder drops out when it announces "stopped" or has not been heard for the given silence (killed).
 * Not thread-safe: {@link AgentLiveness} calls it under its lock.
 */
final class AppIdHolders {

    private record Holder(long pid, String host, long heardNanos) { }

    private final Map<Long, Holder> byWriter = new LinkedHashMap<>();

    /** Announcement {@code a} came from writer {@code publicationHandle} at {@code nowNanos}. */
    void announced(AgentAnnouncement a, long publicationHandle, long nowNanos) {
        if (a.running()) {
            byWriter.put(publicationHandle, new Holder(a.pid(), a.host(), nowNanos));
        } else {
            byWriter.remove(publicationHandle);
        }
    }

    /**
     * "DUPLICATE app id 3: pids 123, 456" (with the hosts when they differ) if more than one writer announced the
     * app id as running within the last {@code withinNanos}; else null.
     */
    String duplicate(int appId, long nowNanos, long withinNanos) {
        List<Holder> live = new ArrayList<>();
        for (Iterator<Holder> it = byWriter.values().iterator(); it.hasNext();) {
            Holder h = it.next();
            if (nowNanos - h.heardNanos() > withinNanos) {
                it.remove();
            } else {
                live.add(h);
            }
        }
        if (live.size() < 2) {
            return null;
        }
        boolean oneHost = live.stream().map(Holder::host).distinct().count() == 1;
        List<String> who = live.stream().map(h -> h.pid() + (oneHost ? "" : " on " + h.host())).toList();
        return "DUPLICATE app id " + appId + ": pids " + String.join(", ", who)
                + (oneHost ? " on " + live.get(0).host() : "");
    }
}
