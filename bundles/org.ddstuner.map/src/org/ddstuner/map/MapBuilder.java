package org.ddstuner.map;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.ddstuner.dds.Guid;
import org.ddstuner.health.HealthEvent;
import org.ddstuner.map.MapGraph.Level;
import org.ddstuner.map.MapNode.Kind;
import org.ddstuner.map.internal.MapBuilderCache;
import org.ddstuner.map.internal.RawEdge;
import org.ddstuner.map.internal.TopicGroups;
import org.ddstuner.system.EntityKind;
import org.ddstuner.system.NameFilter;
import org.ddstuner.system.Participant;
import org.ddstuner.system.ProcessInfo;
import org.ddstuner.system.SystemSnapshot;
import org.ddstuner.system.Topic;

/**
 * Makes the {@link MapGraph} of a snapshot: participants in their process in their host, topics, writer → topic →
 * reader edges with their {@link EdgeState}, topic-watch problems on the writers' edges, the filter applied, and
 * the picture collapsed to processes, then topic groups, then hosts while it has more than {@code maxNodes} boxes.
 * One builder per view: it keeps each topic's edges while the topic does not change ({@link MapBuilderCache}), so
 * an update costs what changed plus one pass over the edges. Not thread-safe: one thread builds.
 */
public final class MapBuilder {

    /** Beyond this many boxes the picture is collapsed (a screen shows a few hundred readable boxes). */
    public static final int DEFAULT_MAX_NODES = 300;

    private final MapBuilderCache cache = new MapBuilderCache();
    private int maxNodes = DEFAULT_MAX_NODES;

    public MapBuilder maxNodes(int max) {
        this.maxNodes = Math.max(4, max);
        return this;
    }

    public int maxNodes() {
        return maxNodes;
    }

    /** Topics whose edges the last build had to compute again (the others came from the cache). */
    public int recomputedTopics() {
        return cache.recomputed();
    }

    public MapGraph build(SystemSnapshot s) {
        return build(s, List.of(), NameFilter.ALL);
    }

    /**
     * @param health the topic watches' active problems of this connection (deadline missed and samples lost are
     *               drawn; other conditions stay in the Problems view)
     */
    public MapGraph build(SystemSnapshot s, List<HealthEvent> health, NameFilter filter) {
        Map<Topic, List<RawEdge>> byTopic = cache.edgesOf(s);
        Map<String, List<HealthEvent>> marks = new HashMap<>();
        for (HealthEvent e : health) {
            if (e.kind() == HealthEvent.Kind.FIRED && stateOf(e) != null) {
                marks.computeIfAbsent(e.topic(), k -> new ArrayList<>()).add(e);
            }
        }
        // filter: an edge stays when its participant or its topic matches; a matching node stays even alone
        Map<Guid, Participant> participants = new LinkedHashMap<>();
        Set<Guid> matchingParticipants = new LinkedHashSet<>();
        for (Participant p : s.participants()) {
            participants.put(p.guid(), p);
            if (filter.isAll() || filter.matches(p)) {
                matchingParticipants.add(p.guid());
            }
        }
        List<RawEdge> edges = new ArrayList<>();
        Set<Guid> keptParticipants = new LinkedHashSet<>(matchingParticipants);
        Set<String> keptTopics = new LinkedHashSet<>();
        for (Map.Entry<Topic, List<RawEdge>> t : byTopic.entrySet()) {
            boolean topicMatches = filter.isAll() || filter.matches(t.getKey());
            if (topicMatches) {
                keptTopics.add(t.getKey().name());
            }
            for (RawEdge r : t.getValue()) {
                if (topicMatches || matchingParticipants.contains(r.participant())) {
                    edges.add(withHealth(r, marks.get(r.topic())));
                    keptParticipants.add(r.participant());
                    keptTopics.add(r.topic());
                }
            }
        }
        Level level = levelFor(keptParticipants, keptTopics, participants);
        return assemble(level, keptParticipants, keptTopics, participants, edges);
    }

    private static RawEdge withHealth(RawEdge r, List<HealthEvent> marks) {
        if (marks == null || !r.writes()) {
            return r;
        }
        RawEdge out = r;
        for (HealthEvent e : marks) {
            if (e.participantGuid() == null || e.participantGuid().contains(r.participant().toString())) {
                out = out.withHealth(stateOf(e), e.rule() + ": " + e.detail());
            }
        }
        return out;
    }

    private static EdgeState stateOf(HealthEvent e) {
        return switch (e.condition()) {
            case DEADLINE_MISSED -> EdgeState.DEADLINE_MISSED;
            case SAMPLE_LOST -> EdgeState.SAMPLES_LOST;
            default -> null;
        };
    }

    private Level levelFor(Set<Guid> ps, Set<String> ts, Map<Guid, Participant> all) {
        if (ps.size() + ts.size() <= maxNodes) {
            return Level.PARTICIPANTS;
        }
        Set<String> processes = new LinkedHashSet<>();
        Set<String> hosts = new LinkedHashSet<>();
        for (Guid g : ps) {
            processes.add(processId(all.get(g), g));
            hosts.add(hostId(all.get(g)));
        }
        if (processes.size() + ts.size() <= maxNodes) {
            return Level.PROCESSES;
        }
        if (processes.size() + Math.min(ts.size(), groupBudget(processes.size())) <= maxNodes) {
            return Level.PROCESSES_TOPIC_GROUPS;
        }
        return Level.HOSTS_TOPIC_GROUPS;
    }

    private int groupBudget(int others) {
        // topic groups share the screen with the participant side; a few dozen stay readable
        return Math.max(8, Math.min(60, maxNodes - others));
    }

    private MapGraph assemble(Level level, Set<Guid> ps, Set<String> ts, Map<Guid, Participant> all,
            List<RawEdge> raw) {
        Map<String, MapNode> nodes = new LinkedHashMap<>();
        Map<String, int[]> counts = new HashMap<>(); // id -> {entities, gone}
        Map<Guid, String> sideOf = new HashMap<>();
        for (Guid g : ps) {
            Participant p = all.get(g);
            String host = hostId(p);
            String proc = processId(p, g);
            ProcessInfo pi = p == null ? ProcessInfo.UNKNOWN : p.process();
            boolean gone = p != null && !p.alive();
            switch (level) {
                case PARTICIPANTS -> {
                    putContainer(nodes, host, Kind.HOST, null, pi.hostText());
                    putContainer(nodes, proc, Kind.PROCESS, host, pi.processText());
                    String id = "P:" + g;
                    nodes.put(id, new MapNode(id, Kind.PARTICIPANT, proc, p == null ? g.toString() : p.displayName(),
                            p == null ? "" : p.vendor().name(), EntityKind.PARTICIPANT, g.toString(), 1, gone,
                            p == null ? g.toString() : p.displayName() + " " + g));
                    sideOf.put(g, id);
                }
                case PROCESSES, PROCESSES_TOPIC_GROUPS -> {
                    putContainer(nodes, host, Kind.HOST, null, pi.hostText());
                    count(counts, proc, gone);
                    if (!nodes.containsKey(proc)) {
                        nodes.put(proc, new MapNode(proc, Kind.PROCESS, host, pi.processText(), "",
                                EntityKind.PARTICIPANT, g.toString(), 0, false, pi.processText()));
                    }
                    sideOf.put(g, proc);
                }
                case HOSTS_TOPIC_GROUPS -> {
                    count(counts, host, gone);
                    if (!nodes.containsKey(host)) {
                        nodes.put(host, new MapNode(host, Kind.HOST, null, pi.hostText(), "", EntityKind.PARTICIPANT,
                                g.toString(), 0, false, pi.hostText()));
                    }
                    sideOf.put(g, host);
                }
            }
        }
        // aggregated participant-side nodes get their counts now that all are known
        counts.forEach((id, c) -> {
            MapNode n = nodes.get(id);
            nodes.put(id, new MapNode(id, n.kind(), n.parent(), n.label(), c[0] + (c[0] == 1 ? " participant"
                    : " participants"), n.refKind(), n.refKey(), c[0], c[1] == c[0], n.search()));
        });
        Map<String, String> topicNode = new HashMap<>();
        boolean groups = level == Level.PROCESSES_TOPIC_GROUPS || level == Level.HOSTS_TOPIC_GROUPS;
        if (groups) {
            int others = (int) nodes.values().stream().filter(n -> !n.kind().isTopic()).count();
            for (TopicGroups.Group grp : TopicGroups.of(List.copyOf(ts), groupBudget(others))) {
                String id = "g:" + grp.label();
                nodes.put(id, new MapNode(id, Kind.TOPIC_GROUP, null, grp.label(), grp.topics().size() + " topics",
                        EntityKind.TOPIC, grp.topics().get(0), grp.topics().size(), false, grp.label()));
                grp.topics().forEach(t -> topicNode.put(t, id));
            }
        } else {
            for (String t : ts) {
                String id = "t:" + t;
                nodes.put(id, new MapNode(id, Kind.TOPIC, null, t, "", EntityKind.TOPIC, t, 1, false, t));
                topicNode.put(t, id);
            }
        }
        List<MapEdge> edges = mergeEdges(raw, sideOf, topicNode);
        int endpoints = raw.stream().mapToInt(RawEdge::endpoints).sum();
        return new MapGraph(level, new ArrayList<>(nodes.values()), edges, ps.size(), ts.size(), endpoints);
    }

    private static List<MapEdge> mergeEdges(List<RawEdge> raw, Map<Guid, String> sideOf, Map<String, String> topicNode) {
        Map<String, EdgeAcc> merged = new LinkedHashMap<>();
        for (RawEdge r : raw) {
            String side = sideOf.get(r.participant());
            String topic = topicNode.get(r.topic());
            if (side == null || topic == null) {
                continue;
            }
            String src = r.writes() ? side : topic;
            String dst = r.writes() ? topic : side;
            merged.computeIfAbsent(src + "->" + dst, k -> new EdgeAcc(k, src, dst, r.writes())).add(r);
        }
        List<MapEdge> out = new ArrayList<>(merged.size());
        merged.values().forEach(a -> out.add(a.toEdge()));
        return out;
    }

    private static void putContainer(Map<String, MapNode> nodes, String id, Kind kind, String parent, String label) {
        if (!nodes.containsKey(id)) {
            nodes.put(id, new MapNode(id, kind, parent, label, "", null, null, 0, false, label));
        }
    }

    private static void count(Map<String, int[]> counts, String id, boolean gone) {
        int[] c = counts.computeIfAbsent(id, k -> new int[2]);
        c[0]++;
        c[1] += gone ? 1 : 0;
    }

    private static String hostId(Participant p) {
        return "h:" + (p == null ? ProcessInfo.UNKNOWN_HOST : p.process().hostText());
    }

    /** Participants without a pid each stay in a process of their own rather than all in one "unknown process". */
    private static String processId(Participant p, Guid g) {
        ProcessInfo pi = p == null ? ProcessInfo.UNKNOWN : p.process();
        String who = pi.hasPid() ? "pid " + pi.pid() : pi.processName() != null ? pi.processName() : "guid " + g;
        return "p:" + pi.hostText() + "/" + who;
    }

    /** Raw edges between the same two nodes, summed up. */
    private static final class EdgeAcc {
        final String id;
        final String src;
        final String dst;
        final boolean writes;
        final int[] counts = new int[EdgeState.values().length];
        int endpoints;
        RawEdge worst;
        String note;
        String topic;

        EdgeAcc(String id, String src, String dst, boolean writes) {
            this.id = id;
            this.src = src;
            this.dst = dst;
            this.writes = writes;
        }

        void add(RawEdge r) {
            endpoints += r.endpoints();
            for (int i = 0; i < counts.length; i++) {
                counts[i] += r.stateCounts()[i];
            }
            if (worst == null || r.state().ordinal() > worst.state().ordinal()) {
                worst = r;
            }
            if (note == null && r.note() != null) {
                note = r.note();
            }
            topic = topic == null ? r.topic() : topic.equals(r.topic()) ? topic : "";
        }

        MapEdge toEdge() {
            String n = worst.note() != null ? worst.note() : note;
            return new MapEdge(id, src, dst, topic, writes, worst.state(), endpoints, counts, worst.reasons(), n,
                    worst.representative());
        }
    }
}
