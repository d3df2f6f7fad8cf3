package org.ddstuner.health.ui;

import org.eclipse.swt.widgets.Display;
import org.eclipse.ui.IStartup;
import org.eclipse.ui.PlatformUI;

/**
 * Makes {@link HealthUi} at start (on the UI thread, as it must be), so that the watches kept for a connection
 * profile are restored when that connection opens even if the Alerts view is never shown.
 */
public final class HealthStartup implements IStartup {

    @Override
    public void earlyStartup() {
        Display d = PlatformUI.getWorkbench().getDisplay();
        if (!d.isDisposed()) {
            d.asyncExec(HealthUi::get);
        }
    }
}
