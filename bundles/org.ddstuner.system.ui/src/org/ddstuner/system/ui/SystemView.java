package org.ddstuner.system.ui;

import org.ddstuner.system.ui.tree.SystemTreeBuilder;
import org.ddstuner.system.ui.tree.TreeBuilder;

/** The System view: participants by host and process. */
public final class SystemView extends LiveTreeView {

    public static final String ID = ViewIds.SYSTEM;

    @Override
    protected TreeBuilder builder() {
        return new SystemTreeBuilder();
    }
}
