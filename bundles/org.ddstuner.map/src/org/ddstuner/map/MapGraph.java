package org.ddstuner.map;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The map of one snapshot: nodes (hosts, processes, participants, topics or their aggregates) and the edges between
 * them. Immutable; safe to hand from the builder's thread to the UI.
 *
 * @param level        how far participants and topics were collapsed to keep the picture readable
 * @param participants participants in the picture (before aggregation)
 * @param topics       topics in the picture (before aggregation)
 * @param endpoints    endpoints the edges stand for
 */
public final class MapGraph {

    /** How much the picture was collapsed, least first. */
    public enum Level {
        /** Every participant (in its process in its host) and every topic. */
        PARTICIPANTS("participants"),
        /** Processes (in hosts) with participant counts, every topic. */
        PROCESSES("processes"),
        /** Processes, topics collapsed into groups by name. */
        PROCESSES_TOPIC_GROUPS("processes and topic groups"),
        /** Hosts only, topics in groups. */
        HOSTS_TOPIC_GROUPS("hosts and topic groups");

        private final String text;

        Level(String text) {
            this.text = text;
        }

        public String text() {
            return text;
        }
    }

    public static final MapGraph EMPTY = new MapGraph(Level.PARTICIPANTS, List.of(), List.of(), 0, 0, 0);

    private final Level level;
    private final List<MapNode> nodes;
    private final List<MapEdge> edges;
    private final int participants;
    private final int topics;
    private final int endpoints;
    private volatile Index index;

    public MapGraph(Level level, List<MapNode> nodes, List<MapEdge> edges, int participants, int topics,
            int endpoints) {
        this.level = level;
        this.nodes = List.copyOf(nodes);
        this.edges = List.copyOf(edges);
        this.participants = participants;
        this.topics = topics;
        this.endpoints = endpoints;
    }

    public Level level() {
        return level;
    }

    public List<MapNode> nodes() {
        return nodes;
    }

    public List<MapEdge> edges() {
        return edges;
    }

    public int participants() {
        return participants;
    }

    public int topics() {
        return topics;
    }

    public int endpoints() {
        return endpoints;
    }

    public boolean aggregated() {
        return level != Level.PARTICIPANTS;
    }

    public MapNode node(String id) {
        return index().nodes.get(id);
    }

    public MapEdge edge(String id) {
        return index().edges.get(id);
    }

    /** The nodes directly inside {@code id} ({@code null}: the top level). */
    public List<MapNode> children(String id) {
        return index().children.getOrDefault(id, List.of());
    }

    public boolean isContainer(String id) {
        return !children(id).isEmpty();
    }

    /** Edges that touch {@code nodeId}. */
    public List<MapEdge> edgesOf(String nodeId) {
        return edges.stream().filter(e -> e.source().equals(nodeId) || e.target().equals(nodeId)).toList();
    }

    /** What the structure is (ids and texts, not states): equal keys can share one layout. */
    public String structureKey() {
        return index().structure;
    }

    /** Made on first use (a race makes it twice, which is harmless). */
    private Index index() {
        Index i = index;
        if (i == null) {
            i = new Index(this);
            index = i;
        }
        return i;
    }

    private static final class Index {
        final Map<String, MapNode> nodes = new HashMap<>();
        final Map<String, MapEdge> edges = new HashMap<>();
        final Map<String, List<MapNode>> children = new HashMap<>();
        final String structure;

        Index(MapGraph g) {
            StringBuilder sb = new StringBuilder(g.level.name());
            for (MapNode n : g.nodes) {
                nodes.put(n.id(), n);
                children.computeIfAbsent(n.parent(), k -> new ArrayList<>()).add(n);
                sb.append('\n').append(n.id()).append('\t').append(n.parent()).append('\t').append(n.label())
                        .append('\t').append(n.detail());
            }
            for (MapEdge e : g.edges) {
                edges.put(e.id(), e);
                sb.append('\n').append(e.id());
            }
            structure = sb.toString();
        }
    }
}
