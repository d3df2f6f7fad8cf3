package org.ddstuner.ui;

import org.ddstuner.ui.internal.StartupSplash;
import org.eclipse.equinox.app.IApplication;
import org.eclipse.equinox.app.IApplicationContext;
import org.eclipse.swt.widgets.Display;
import org.eclipse.ui.IWorkbench;
import org.eclipse.ui.PlatformUI;

/** Entry point of the desktop product. */
public final class Application implements IApplication {

    @Override
    public Object start(IApplicationContext context) {
        try {
            Display display = PlatformUI.createDisplay();
            try {
                int code = PlatformUI.createAndRunWorkbench(display, new TunerWorkbenchAdvisor());
                return code == PlatformUI.RETURN_RESTART ? IApplication.EXIT_RESTART : IApplication.EXIT_OK;
            } finally {
                display.dispose();
            }
        } finally {
            StartupSplash.close(); // start-up failed (no display, workbench error) or the workbench ended
        }
    }

    @Override
    public void stop() {
        if (!PlatformUI.isWorkbenchRunning()) {
            return;
        }
        IWorkbench workbench = PlatformUI.getWorkbench();
        Display display = workbench.getDisplay();
        display.syncExec(() -> {
            if (!display.isDisposed()) {
                workbench.close();
            }
        });
    }
}
