package org.ddstuner.ui;

import static org.ddstuner.system.ui.ViewIds.DETAILS;
import static org.ddstuner.system.ui.ViewIds.PARTITIONS;
import static org.ddstuner.system.ui.ViewIds.PROBLEMS;
import static org.ddstuner.system.ui.ViewIds.SYSTEM;
import static org.ddstuner.system.ui.ViewIds.TOPICS;

import org.eclipse.ui.IFolderLayout;
import org.eclipse.ui.IPageLayout;
import org.eclipse.ui.IPerspectiveFactory;

/**
 * The default perspective: System on the left, Topics and Partitions as tabs on the right with Details
 * below them, Problems along the bottom.
 */
public final class SystemPerspective implements IPerspectiveFactory {

    public static final String ID = "org.ddstuner.ui.perspective.system";

    /** The Benchmarks perspective of org.ddstuner.pother.ui (by id: this bundle does not depend on it). */
    private static final String BENCHMARKS = "org.ddstuner.pother.ui.perspective";

    private static final String MIDDLE = "org.ddstuner.ui.folder.middle";

    @Override
    public void createInitialLayout(IPageLayout layout) {
        String editor = layout.getEditorArea();
        layout.setEditorAreaVisible(false);
        // relative to the (hidden) editor area, in this order: Problems takes the full width at the
        // bottom (a fifth of the height), System the left of what remains, Topics/Partitions the rest.
        // Details then splits the Topics/Partitions area: the trees and the Reader and Writer views stacked
        // with them are what people work in, so they keep 64 % of the height (in a 1250×760 window the
        // Writer view then shows its member rows and QoS); Details wraps its long text, so 36 % is enough.
        layout.addView(PROBLEMS, IPageLayout.BOTTOM, 0.8f, editor);
        layout.addView(SYSTEM, IPageLayout.LEFT, 0.36f, editor);
        IFolderLayout middle = layout.createFolder(MIDDLE, IPageLayout.TOP, 0.95f, editor);
        middle.addView(TOPICS);
        middle.addView(PARTITIONS);
        layout.addView(DETAILS, IPageLayout.BOTTOM, 0.64f, MIDDLE);
        for (String id : new String[] { SYSTEM, TOPICS, PARTITIONS, DETAILS, PROBLEMS }) {
            layout.getViewLayout(id).setCloseable(true);
            layout.addShowViewShortcut(id);
        }
        layout.addPerspectiveShortcut(BENCHMARKS); // listed first in the perspective switcher's "Open" menu
    }
}
