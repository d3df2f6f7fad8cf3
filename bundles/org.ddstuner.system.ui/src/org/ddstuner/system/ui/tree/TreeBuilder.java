package org.ddstuner.system.ui.tree;

import java.util.List;

import org.ddstuner.system.NameFilter;
import org.ddstuner.system.ui.live.LiveConnection;

/** Turns the latest snapshots into the rows of one view; runs off the UI thread. */
public interface TreeBuilder {

    /** One root per connection; rows not matching {@code filter} (nor leading to a match) are left out. */
    List<Node> build(List<LiveConnection> connections, NameFilter filter);

    /** A path prefix unique per open connection. */
    static String connectionPath(LiveConnection c) {
        return "c" + Integer.toHexString(System.identityHashCode(c));
    }
}
