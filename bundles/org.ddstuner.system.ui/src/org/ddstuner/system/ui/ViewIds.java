package org.ddstuner.system.ui;

/** Ids of the views this bundle contributes (see plugin.xml); the perspective lays them out. */
public final class ViewIds {

    private ViewIds() {
    }

    public static final String SYSTEM = "org.ddstuner.system.ui.views.system";
    public static final String TOPICS = "org.ddstuner.system.ui.views.topics";
    public static final String PARTITIONS = "org.ddstuner.system.ui.views.partitions";
    public static final String DETAILS = "org.ddstuner.system.ui.views.details";
    public static final String PROBLEMS = "org.ddstuner.system.ui.views.problems";
}
