package org.ddstuner.pother.ui;

import org.eclipse.ui.IFolderLayout;
import org.eclipse.ui.IPageLayout;
import org.eclipse.ui.IPerspectiveFactory;

/**
 * The launcher on the left, the charts filling the middle, the percentile table, saved runs and agents
 * as tabs below the charts: the charts are what people watch, so they get most of the space.
 */
public final class BenchmarksPerspective implements IPerspectiveFactory {

    private static final String LEFT = "org.ddstuner.pother.ui.folder.left";
    private static final String BOTTOM = "org.ddstuner.pother.ui.folder.bottom";

    @Override
    public void createInitialLayout(IPageLayout layout) {
        String editor = layout.getEditorArea();
        layout.setEditorAreaVisible(false);
        IFolderLayout left = layout.createFolder(LEFT, IPageLayout.LEFT, 0.25f, editor);
        left.addView(ViewIds.LAUNCHER);
        IFolderLayout bottom = layout.createFolder(BOTTOM, IPageLayout.BOTTOM, 0.64f, editor);
        bottom.addView(ViewIds.PERCENTILES);
        bottom.addView(ViewIds.RUNS);
        bottom.addView(ViewIds.AGENTS);
        bottom.addView(ViewIds.DISCOVERY);
        layout.addView(ViewIds.CHARTS, IPageLayout.TOP, 0.95f, editor);
        for (String id : new String[] { ViewIds.LAUNCHER, ViewIds.AGENTS, ViewIds.CHARTS, ViewIds.PERCENTILES, ViewIds.RUNS,
            ViewIds.DISCOVERY }) {
            layout.getViewLayout(id).setCloseable(true);
            layout.addShowViewShortcut(id);
        }
    }
}
