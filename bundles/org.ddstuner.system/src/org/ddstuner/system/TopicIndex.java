package org.ddstuner.system;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.ddstuner.dds.Guid;

/**
 * The endpoints of one topic and the verdicts of all their alive reader/writer pairs. This is what
 * keeps matching incremental: an endpoint change recomputes only its pairs on its own topic, O(endpoints
 * on the topic), never anything across topics. Not thread-safe: the model locks.
 */
final class TopicIndex {

    final String name;
    /** Visible endpoints (alive and recently gone), in arrival order. */
    private final Map<Guid, Endpoint> readers = new LinkedHashMap<>();
    private final Map<Guid, Endpoint> writers = new LinkedHashMap<>();
    /** Verdicts for alive pairs, reachable from both ends. */
    private final Map<Guid, Map<Guid, Match>> byReader = new HashMap<>();
    private final Map<Guid, Map<Guid, Match>> byWriter = new HashMap<>();
    private final Map<String, Integer> typeNameCounts = new TreeMap<>();

    TopicIndex(String name) {
        this.name = name;
    }

    boolean isEmpty() {
        return readers.isEmpty() && writers.isEmpty();
    }

    /** Adds or replaces an endpoint and recomputes its pairs if it is alive. */
    void put(Endpoint e) {
        Endpoint old = side(e.kind()).put(e.guid(), e);
        if (old != null) {
            countType(old.typeName(), -1);
            unpair(e.guid());
        }
        countType(e.typeName(), +1);
        if (e.alive()) {
            pair(e);
        }
    }

    void remove(Guid guid) {
        Endpoint old = readers.remove(guid);
        if (old == null) {
            old = writers.remove(guid);
        }
        if (old != null) {
            countType(old.typeName(), -1);
            unpair(guid);
        }
    }

    private void pair(Endpoint e) {
        Map<Guid, Match> mine = new HashMap<>();
        for (Endpoint other : side(e.kind().opposite()).values()) {
            if (!other.alive()) {
                continue;
            }
            Match m = e.isReader() ? MatchExplainer.match(e, other) : MatchExplainer.match(other, e);
            mine.put(other.guid(), m);
            (e.isReader() ? byWriter : byReader).computeIfAbsent(other.guid(), k -> new HashMap<>()).put(e.guid(), m);
        }
        (e.isReader() ? byReader : byWriter).put(e.guid(), mine);
    }

    private void unpair(Guid guid) {
        unpair(guid, byReader, byWriter);
        unpair(guid, byWriter, byReader);
    }

    private static void unpair(Guid guid, Map<Guid, Map<Guid, Match>> own, Map<Guid, Map<Guid, Match>> other) {
        Map<Guid, Match> pairs = own.remove(guid);
        if (pairs != null) {
            for (Guid o : pairs.keySet()) {
                Map<Guid, Match> back = other.get(o);
                if (back != null) {
                    back.remove(guid);
                }
            }
        }
    }

    private Map<Guid, Endpoint> side(EndpointKind kind) {
        return kind == EndpointKind.READER ? readers : writers;
    }

    private void countType(String type, int delta) {
        typeNameCounts.merge(type, delta, (a, b) -> a + b == 0 ? null : a + b);
    }

    Collection<Endpoint> readers() {
        return readers.values();
    }

    Collection<Endpoint> writers() {
        return writers.values();
    }

    /** Verdicts of an alive endpoint against every alive endpoint of the other side. */
    Collection<Match> matchesOf(Guid endpoint) {
        Map<Guid, Match> m = byReader.get(endpoint);
        if (m == null) {
            m = byWriter.get(endpoint);
        }
        return m == null ? List.of() : m.values();
    }

    /** All pair verdicts, each once. */
    List<Match> matches() {
        List<Match> all = new ArrayList<>();
        byReader.values().forEach(m -> all.addAll(m.values()));
        return all;
    }

    List<String> typeNames() {
        return List.copyOf(typeNameCounts.keySet());
    }
}
