package org.ddstuner.system.ui.tree;

import java.util.ArrayList;
import java.util.List;

import org.ddstuner.system.NameFilter;
import org.ddstuner.system.SystemSnapshot;
import org.ddstuner.system.ui.live.LiveConnection;

/** Turns the latest snapshots into the rows of one view; runs off the UI thread. */
public interface TreeBuilder {

    /** One root per connection; rows not matching {@code filter} (nor leading to a match) are left out. */
    default List<Node> build(List<LiveConnection> connections, NameFilter filter) {
        List<Node> roots = new ArrayList<>(connections.size());
        for (LiveConnection c : connections) {
            roots.add(build(c, c.label(), c.snapshot(), filter));
        }
        return roots;
    }

    /**
     * The root row of one connection as {@code s} shows it.
     *
     * @param c     the connection the rows belong to; null outside the workbench (benchmarks, tests
     *              without DDS), which makes the rows adapt to nothing
     * @param label the connection's name for its root row
     */
    Node build(LiveConnection c, String label, SystemSnapshot s, NameFilter filter);

    /** A path prefix unique per open connection ("c0" for none). */
    static String connectionPath(LiveConnection c) {
        return c == null ? "c0" : "c" + Integer.toHexString(System.identityHashCode(c));
    }
}
