package org.ddstuner.health.remote;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.ddstuner.connection.Connection;
import org.ddstuner.health.HealthEvent;
import org.ddstuner.health.HealthWatcher;
import org.ddstuner.health.RuleSet;
import org.ddstuner.json.StrictJson;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * One client's health watch run by the agent ({@code watch-start}): a {@link HealthWatcher} on the agent's connection
 * whose events and notes are numbered and kept in a bounded log the client pages through ({@code watch-events},
 * after N). A client that falls more than {@link #KEPT} entries behind is told how many it missed. Held in the
 * client's {@link org.ddstuner.remote.SessionResources}, so it stops when the client goes.
 */
final class ServedWatch implements AutoCloseable {

    /** Entries kept for a client that has not asked for them yet. */
    static final int KEPT = 4096;
    /** Entries per {@code watch-events} reply at most. */
    static final int PAGE = 256;

    private record Entry(long seq, HealthEvent event, String note) {
    }

    private final HealthWatcher watcher;
    private final ArrayDeque<Entry> log = new ArrayDeque<>();
    private final Set<String> requested = new HashSet<>();
    private long next;

    ServedWatch(Connection c, RuleSet rules, List<String> topics) {
        watcher = new HealthWatcher(c, rules);
        watcher.addListener(e -> add(new Entry(0, e, null)));
        watcher.addNoteListener(n -> add(new Entry(0, null, n)));
        topics(topics);
        watcher.start();
    }

    private synchronized void add(Entry e) {
        log.addLast(new Entry(next++, e.event(), e.note()));
        while (log.size() > KEPT) {
            log.removeFirst();
        }
    }

    /** New rules and asked-for topics (a topic no longer asked for is unwatched). */
    synchronized void update(RuleSet rules, List<String> topics) {
        if (rules != null) {
            watcher.setRules(rules);
        }
        if (topics != null) {
            topics(topics);
        }
    }

    private void topics(List<String> topics) {
        for (String t : List.copyOf(requested)) {
            if (!topics.contains(t)) {
                watcher.unwatch(t);
                requested.remove(t);
            }
        }
        for (String t : topics) {
            watcher.watch(t);
            requested.add(t);
        }
    }

    /**
     * The entries from {@code after} on (at most {@link #PAGE}), the next position to ask for, how many were no longer
     * kept, the problems firing now and the topics watched.
     */
    synchronized ObjectNode page(long after) {
        ObjectNode r = JsonNodeFactory.instance.objectNode();
        ArrayNode a = r.putArray("events");
        long first = log.isEmpty() ? next : log.peekFirst().seq();
        long from = Math.max(after, 0);
        r.put("skipped", from < first ? first - from : 0);
        long last = from;
        for (Entry e : log) {
            if (e.seq() < from) {
                continue;
            }
            if (a.size() >= PAGE) {
                break;
            }
            ObjectNode o = a.addObject();
            o.put("seq", e.seq());
            if (e.event() != null) {
                o.set("event", json(e.event()));
            } else {
                o.put("note", e.note());
            }
            last = e.seq() + 1;
        }
        r.put("next", Math.max(last, Math.min(Math.max(from, first), next)));
        r.put("total", next);
        ArrayNode active = r.putArray("active");
        watcher.active().forEach(e -> active.add(json(e)));
        ArrayNode watched = r.putArray("watched");
        new ArrayList<>(watcher.watchedTopics()).forEach(watched::add);
        return r;
    }

    private static JsonNode json(HealthEvent e) {
        return StrictJson.parse(e.toJson());
    }

    @Override
    public void close() {
        watcher.close();
    }
}
