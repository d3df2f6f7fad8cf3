package org.ddstuner.system.ui.tree;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;

import org.ddstuner.dds.Guid;
import org.ddstuner.system.Endpoint;
import org.ddstuner.system.EntityKind;
import org.ddstuner.system.MatchSummary;
import org.ddstuner.system.Participant;
import org.ddstuner.system.Topic;

import org.ddstuner.system.NameFilter;
import org.ddstuner.system.SystemSnapshot;
import org.ddstuner.system.ui.live.EntityRef;
import org.ddstuner.system.ui.live.LiveConnection;

/**
 * A {@link TreeBuilder} that keeps, per connection, what its last build made and reuses the rows that did
 * not change: a refresh after a small change allocates for that change, not for 20,000 rows (the
 * garbage of rebuilding every row ten times a second paused the UI thread in GC). One build at a time
 * (the view's refresh job never runs twice at once), so the state needs no lock.
 *
 * @param <S> what is kept per connection
 */
abstract class ReusingTreeBuilder<S> implements TreeBuilder {

    private final Map<LiveConnection, S> states = new HashMap<>();

    @Override
    public List<Node> build(List<LiveConnection> connections, NameFilter filter) {
        states.keySet().retainAll(connections); // closed connections: forget their rows
        return TreeBuilder.super.build(connections, filter);
    }

    @Override
    public final Node build(LiveConnection c, String label, SystemSnapshot s, NameFilter filter) {
        return build(states.computeIfAbsent(c, k -> newState()), c, label, s, filter);
    }

    abstract S newState();

    abstract Node build(S state, LiveConnection c, String label, SystemSnapshot s, NameFilter filter);

    /**
     * {@code prev} when it looks the same and has the same children (by identity); else a new row that
     * replaces it, sharing its children array when only the row's own text changed.
     *
     * @param prev the previous build's row with the same path, or null
     */
    static Node reuse(Node prev, Node.Kind kind, String path, String label, String note, LiveConnection c,
            EntityRef ref, boolean gone, boolean warning, List<Node> kids) {
        boolean sameKids = prev != null && sameNodes(prev.children(), kids);
        if (sameKids && prev.shows(kind, label, note, gone, warning, c)) {
            return prev;
        }
        Node n = new Node(kind, prev != null ? prev.path() : path, label, note, c, ref, gone, warning);
        return (sameKids ? n.withChildren(prev.children()) : n.withChildren(kids)).replacing(prev);
    }

    /**
     * An endpoint's row under {@code parentPath} in a tree whose rows are keyed by endpoint GUID (Topics,
     * Partitions): the previous one while the endpoint, its participant and its match note are the same;
     * {@code text} makes the row's label only when that is not enough to know the row is unchanged.
     *
     * @param topic the endpoint's topic record: the same record means the same match note
     */
    static Node endpointRow(RowCache<Guid> rows, LiveConnection c, SystemSnapshot s, Topic topic, String parentPath,
            Endpoint e, BiFunction<Endpoint, Participant, String> text) {
        Participant p = s.participant(e.participantGuid()).orElse(null);
        RowCache.Entry row = rows.entry(e.guid());
        if (row.unchanged(e, p, topic)) {
            return row.node;
        }
        MatchSummary m = Labels.summary(s, e);
        String note = Labels.endpointNote(e, m);
        boolean warning = Labels.unmatched(e, m);
        if (row.madeFrom(e, p, note, warning)) {
            row.topic = topic; // the topic changed, but not this row
            return row.node;
        }
        String label = text.apply(e, p);
        Node prev = row.node; // same GUID under the same parent: the same path
        String guid = prev != null ? null : e.guid().toString();
        Node.Kind kind = e.isReader() ? Node.Kind.READER : Node.Kind.WRITER;
        if (prev != null && prev.shows(kind, label, note, !e.alive(), warning, c)) {
            row.set(e, p, note, warning, prev); // changed in what this row does not show
            row.topic = topic;
            return prev;
        }
        Node n = new Node(kind,
                prev != null ? prev.path() : parentPath + "/" + guid, label, note, c,
                prev != null ? prev.ref() : new EntityRef(c, EntityKind.ENDPOINT, guid), !e.alive(), warning)
                .replacing(prev);
        row.set(e, p, note, warning, n);
        row.topic = topic;
        return n;
    }

    /** The participant's name for an endpoint's row, or its GUID while the participant is unknown. */
    static String participantText(Endpoint e, Participant p) {
        return p != null ? p.displayName() : e.participantGuid().toString();
    }

    static boolean sameNodes(Node[] a, List<Node> b) {
        if (a.length != b.size()) {
            return false;
        }
        for (int i = 0; i < a.length; i++) {
            if (a[i] != b.get(i)) {
                return false;
            }
        }
        return true;
    }

    /** The i-th child of {@code n}, or null. */
    static Node child(Node n, int i) {
        return n != null && i < n.children().length ? n.children()[i] : null;
    }
}
