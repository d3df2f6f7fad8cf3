package org.ddstuner.map.internal;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.ddstuner.system.SystemSnapshot;
import org.ddstuner.system.Topic;

/**
 * The raw edges of each topic, kept while the topic's {@link Topic} instance is the same: snapshots share a topic's
 * view (and its Topic) until one of its endpoints changes, so an update recomputes only the topics that changed.
 */
public final class MapBuilderCache {

    private record Entry(Topic topic, List<RawEdge> edges) {
    }

    private Map<String, Entry> entries = new HashMap<>();
    private int recomputed;

    /** The raw edges of every topic of {@code s}; forgets topics no longer in it. */
    public synchronized Map<Topic, List<RawEdge>> edgesOf(SystemSnapshot s) {
        Map<String, Entry> next = HashMap.newHashMap(s.topics().size());
        Map<Topic, List<RawEdge>> out = new java.util.LinkedHashMap<>();
        recomputed = 0;
        for (Topic t : s.topics()) {
            Entry e = entries.get(t.name());
            if (e == null || e.topic() != t) {
                e = new Entry(t, TopicEdges.of(s, t));
                recomputed++;
            }
            next.put(t.name(), e);
            out.put(t, e.edges());
        }
        entries = next;
        return out;
    }

    /** Topics recomputed by the last {@link #edgesOf} (the rest came from the cache). */
    public synchronized int recomputed() {
        return recomputed;
    }
}
