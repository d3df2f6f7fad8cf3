package org.ddstuner.system.ui.tree;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import org.ddstuner.dds.Guid;
import org.ddstuner.system.Endpoint;
import org.ddstuner.system.EntityKind;
import org.ddstuner.system.MatchSummary;
import org.ddstuner.system.NameFilter;
import org.ddstuner.system.Participant;
import org.ddstuner.system.SystemSnapshot;
import org.ddstuner.system.Topic;
import org.ddstuner.system.ui.Messages;
import org.ddstuner.system.ui.live.EntityRef;
import org.ddstuner.system.ui.live.LiveConnection;

/**
 * Builds the System tree: connection → host → process → participant → publisher/subscriber →
 * writer/reader. DDS built-in topics carry no publisher/subscriber GUIDs, so endpoints of one
 * participant are grouped by kind and partition set, which is what a publisher/subscriber decides.
 * Rows of endpoints that did not change are reused from the previous build ({@link ReusingTreeBuilder}).
 */
public final class SystemTreeBuilder extends ReusingTreeBuilder<SystemTreeBuilder.State> {

    /** What the last build of one connection made. */
    static final class State {
        /** Endpoint rows by GUID; basis2 is the path of the group row they were made under. */
        final RowCache<Guid> endpoints = new RowCache<>();
        /** The grouping rows (host, process, participant, publisher/subscriber, root) by path. */
        Map<String, Node> groups = Map.of();
        /**
         * A participant's endpoints by side and partition set, and the rows of one group: reused from
         * participant to participant and build to build, so grouping 20,000 endpoints grows no lists.
         */
        final Map<List<String>, ArrayList<Endpoint>> pubs = new HashMap<>();
        final Map<List<String>, ArrayList<Endpoint>> subs = new HashMap<>();
        final ArrayList<Node> rows = new ArrayList<>();
    }

    @Override
    State newState() {
        return new State();
    }

    @Override
    Node build(State st, LiveConnection c, String connectionLabel, SystemSnapshot s, NameFilter filter) {
        String cp = TreeBuilder.connectionPath(c);
        Map<String, Node> made = new HashMap<>();
        // host → process → participants, sorted by name
        Map<String, Map<String, List<Participant>>> hosts = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        Map<Participant, List<Endpoint>> shown = new HashMap<>();
        Set<Guid> trail = GoneTrail.of(s);
        for (Participant p : s.participants()) {
            if (trail.contains(p.guid())) {
                continue; // an earlier life of a participant that came back or went again: one row per name
            }
            List<Endpoint> eps = s.endpointsOf(p.guid());
            List<Endpoint> visible = filter.matches(p) ? eps : eps.stream().filter(filter::matches).toList();
            if (visible.isEmpty() && !filter.matches(p)) {
                continue;
            }
            shown.put(p, visible);
            hosts.computeIfAbsent(p.process().hostText(), k -> new TreeMap<>(String.CASE_INSENSITIVE_ORDER))
                    .computeIfAbsent(p.process().processText(), k -> new ArrayList<>()).add(p);
        }
        List<Node> hostNodes = new ArrayList<>();
        for (var h : hosts.entrySet()) {
            String hp = cp + "/h:" + h.getKey();
            List<Node> procNodes = new ArrayList<>();
            long aliveInHost = 0;
            long goneInHost = 0;
            for (var pr : h.getValue().entrySet()) {
                String pp = hp + "/p:" + pr.getKey();
                List<Node> partNodes = new ArrayList<>();
                // the living first: a participant that comes and goes leaves a trail of lost ones
                List<Participant> ordered = new ArrayList<>(pr.getValue());
                ordered.sort(Comparator.comparing(p -> !p.alive()));
                for (Participant p : ordered) {
                    partNodes.add(participant(st, made, c, s, pp, p, shown.get(p)));
                }
                long gone = pr.getValue().stream().filter(p -> !p.alive()).count();
                aliveInHost += partNodes.size() - gone;
                goneInHost += gone;
                procNodes.add(group(st, made, Node.Kind.PROCESS, pp, Fmt.fill(Messages.PROCESS, pr.getKey(),
                        Labels.count(partNodes.size() - gone, gone, "participant")), c, null, false, partNodes));
            }
            hostNodes.add(group(st, made, Node.Kind.HOST, hp, Fmt.fill(Messages.HOST, h.getKey(),
                    Labels.count(aliveInHost, goneInHost, "participant")), c, null, false, procNodes));
        }
        Node root = group(st, made, Node.Kind.CONNECTION, cp, Labels.connectionSummary(connectionLabel, s), c, null,
                false, hostNodes);
        st.endpoints.sweep();
        st.groups = made;
        return root;
    }

    /** A grouping row, the previous build's when nothing about it changed. */
    private static Node group(State st, Map<String, Node> made, Node.Kind kind, String path, String label,
            LiveConnection c, EntityRef ref, boolean gone, List<Node> kids) {
        Node prev = st.groups.get(path);
        Node n = reuse(prev, kind, path, label, "", c, prev != null ? prev.ref() : ref, gone, false, kids);
        made.put(path, n);
        return n;
    }

    private Node participant(State st, Map<String, Node> made, LiveConnection c, SystemSnapshot s, String parentPath,
            Participant p, List<Endpoint> endpoints) {
        String path = parentPath + "/" + p.guid();
        // publishers before subscribers, then by partition set; keyed by the partition list itself so
        // that grouping makes no string per endpoint
        for (Map<List<String>, ArrayList<Endpoint>> side : List.of(st.pubs, st.subs)) {
            if (side.size() > 64) {
                side.clear(); // partition sets come and go: do not keep the lists of long-gone ones
            }
            side.values().forEach(ArrayList::clear);
        }
        for (Endpoint e : endpoints) {
            (e.isReader() ? st.subs : st.pubs).computeIfAbsent(e.partitions(), k -> new ArrayList<>()).add(e);
        }
        int writers = 0;
        int readers = 0;
        List<Node> groupNodes = new ArrayList<>();
        for (Map<List<String>, ArrayList<Endpoint>> side : List.of(st.pubs, st.subs)) {
            boolean sub = side == st.subs;
            Map<String, List<Endpoint>> sorted = new TreeMap<>();
            // [] and [""] read the same: one group, as a publisher/subscriber decides by what matches
            side.forEach((partitions, eps) -> {
                if (!eps.isEmpty()) {
                    sorted.merge(Labels.partitions(partitions), eps, (a, b) -> {
                        List<Endpoint> both = new ArrayList<>(a);
                        both.addAll(b);
                        return both;
                    });
                }
            });
            for (var g : sorted.entrySet()) {
                String gp = path + "/" + (sub ? "S" : "P") + g.getKey();
                Node prevGroup = st.groups.get(gp);
                List<Node> eps = st.rows;
                eps.clear();
                for (Endpoint e : g.getValue()) {
                    eps.add(endpoint(st, c, s, prevGroup != null ? prevGroup.path() : gp, e));
                }
                if (sub) {
                    readers += eps.size();
                } else {
                    writers += eps.size();
                }
                String label = Fmt.fill(sub ? Messages.SUBSCRIBER : Messages.PUBLISHER,
                        Labels.groupPartitions(g.getValue().get(0).partitions()),
                        Labels.count(eps.size(), sub ? "reader" : "writer"));
                groupNodes.add(group(st, made, sub ? Node.Kind.SUBSCRIBER : Node.Kind.PUBLISHER, gp, label, c, null,
                        !p.alive(), eps));
            }
        }
        // what tells the rows apart first (name, then counts): the vendor only when it is not Cyclone, whose
        // name on every row cut the counts off at the view's default width; Details has it always
        String label = Fmt.fill(Messages.PARTICIPANT, p.displayName(), Labels.count(writers, "writer"),
                Labels.count(readers, "reader")) + Labels.vendorTag(p.vendor()) + Labels.goneSuffix(p.goneSince());
        return group(st, made, Node.Kind.PARTICIPANT, path, label, c, EntityRef.of(c, p), !p.alive(), groupNodes);
    }

    /** An endpoint's row: the previous one while the endpoint, its group and its match note are the same. */
    private static Node endpoint(State st, LiveConnection c, SystemSnapshot s, String groupPath, Endpoint e) {
        RowCache.Entry row = st.endpoints.entry(e.guid());
        Topic topic = s.topic(e.topicName()).orElse(null);
        if (row.unchanged(e, groupPath, topic)) {
            return row.node;
        }
        MatchSummary m = Labels.summary(s, e);
        String note = Labels.endpointNote(e, m);
        boolean warning = Labels.unmatched(e, m);
        if (row.madeFrom(e, groupPath, note, warning)) {
            row.topic = topic; // the topic changed, but not this row
            return row.node;
        }
        String label = Fmt.fill(Messages.ENDPOINT_IN_PARTICIPANT, e.kind().text(), e.topicName(), e.typeName())
                + (e.name() != null ? " \"" + e.name() + "\"" : "") + Labels.goneSuffix(e.goneSince());
        String guid = e.guid().toString();
        String path = groupPath + "/" + guid;
        Node prev = row.node != null && row.node.path().equals(path) ? row.node : null;
        Node.Kind kind = e.isReader() ? Node.Kind.READER : Node.Kind.WRITER;
        if (prev != null && prev.shows(kind, label, note, !e.alive(), warning, c)) {
            row.set(e, groupPath, note, warning, prev); // changed in what this row does not show
            row.topic = topic;
            return prev;
        }
        Node n = new Node(kind,
                prev != null ? prev.path() : path, label, note, c,
                prev != null ? prev.ref() : new EntityRef(c, EntityKind.ENDPOINT, guid), !e.alive(), warning)
                .replacing(prev);
        row.set(e, groupPath, note, warning, n);
        row.topic = topic;
        return n;
    }
}
