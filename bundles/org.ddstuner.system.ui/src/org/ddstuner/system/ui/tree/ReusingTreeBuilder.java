package org.ddstuner.system.ui.tree;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

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
