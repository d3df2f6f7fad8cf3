package org.ddstuner.ui;

import org.eclipse.ui.IPageLayout;
import org.eclipse.ui.IPerspectiveFactory;

/** The default perspective: what is on the wire. */
public final class SystemPerspective implements IPerspectiveFactory {

    public static final String ID = "org.ddstuner.ui.perspective.system";

    @Override
    public void createInitialLayout(IPageLayout layout) {
        layout.setEditorAreaVisible(false);
    }
}
