package org.ddstuner.pother.ui;

/** Ids of the Benchmarks perspective and its views (as in plugin.xml). */
public final class ViewIds {

    public static final String PERSPECTIVE = "org.ddstuner.pother.ui.perspective";
    public static final String AGENTS = "org.ddstuner.pother.ui.views.agents";
    public static final String LAUNCHER = "org.ddstuner.pother.ui.views.launcher";
    public static final String CHARTS = "org.ddstuner.pother.ui.views.charts";
    public static final String PERCENTILES = "org.ddstuner.pother.ui.views.percentiles";
    public static final String RUNS = "org.ddstuner.pother.ui.views.runs";
    public static final String DISCOVERY = "org.ddstuner.pother.ui.views.discovery";

    private ViewIds() {
    }
}
