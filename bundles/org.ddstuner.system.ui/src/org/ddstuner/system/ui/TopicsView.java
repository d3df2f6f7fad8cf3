package org.ddstuner.system.ui;

import org.ddstuner.system.ui.tree.TopicTreeBuilder;
import org.ddstuner.system.ui.tree.TreeBuilder;

/** The Topics view: topics with their writers and readers. */
public final class TopicsView extends LiveTreeView {

    public static final String ID = ViewIds.TOPICS;

    @Override
    protected TreeBuilder builder() {
        return new TopicTreeBuilder();
    }
}
