package org.ddstuner.system.ui;

import org.ddstuner.system.ui.tree.PartitionTreeBuilder;
import org.ddstuner.system.ui.tree.TreeBuilder;

/** The Partitions view: partitions with the endpoints in them. */
public final class PartitionsView extends LiveTreeView {

    public static final String ID = ViewIds.PARTITIONS;

    @Override
    protected TreeBuilder builder() {
        return new PartitionTreeBuilder();
    }
}
