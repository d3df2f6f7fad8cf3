package org.ddstuner.qos.ui;

import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PartInitException;

/** Opens the QoS Tuning view on an own endpoint. */
final class OwnEntityViews {

    private OwnEntityViews() {
    }

    static QosTuningView show(IWorkbenchPage page, OwnEndpoint e) {
        try {
            QosTuningView v = (QosTuningView) page.showView(QosTuningView.ID, null, IWorkbenchPage.VIEW_ACTIVATE);
            v.select(e);
            return v;
        } catch (PartInitException ex) {
            throw new IllegalStateException("cannot open the QoS Tuning view: " + ex.getMessage(), ex);
        }
    }
}
