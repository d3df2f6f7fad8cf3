package org.ddstuner.update.ui;

import java.lang.reflect.InvocationTargetException;
import java.util.concurrent.atomic.AtomicReference;

import org.ddstuner.update.UpdateCheck;
import org.ddstuner.update.UpdateSite;
import org.ddstuner.update.Updater;
import org.eclipse.core.commands.AbstractHandler;
import org.eclipse.core.commands.ExecutionEvent;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.SubMonitor;
import org.eclipse.jface.dialogs.MessageDialog;
import org.eclipse.jface.dialogs.ProgressMonitorDialog;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.handlers.HandlerUtil;

/**
 * Help → Check for Updates: looks at the configured site ({@link UpdateSite}), shows what it found
 * ({@link UpdateDialog}), installs the newer build and offers to restart. A small handler on p2's UpdateOperation
 * instead of the stock p2 UI (org.eclipse.equinox.p2.ui(.sdk)): that one brings its own preference pages,
 * repository manager, install wizard and security UI (~15 more bundles, some needing the IDE), and reads the
 * site only from p2's repository list, which we want configurable by preference, environment and property.
 */
public final class CheckForUpdatesHandler extends AbstractHandler {

    @Override
    public Object execute(ExecutionEvent event) {
        Shell shell = HandlerUtil.getActiveShell(event);
        UpdateSite.Location location = UpdateSite.resolve();
        UpdateCheck check = run(shell, m -> {
            try {
                return Updater.forRunningProduct().check(location.uri(), m);
            } catch (Exception e) {
                return new UpdateCheck(UpdateCheck.Kind.FAILED, null, null, location.uri(), "p2 is not available: " + e, null);
            }
        });
        if (check == null) {
            return null; // cancelled
        }
        UpdateDialog dialog = new UpdateDialog(shell, check, location);
        if (dialog.open() != UpdateDialog.INSTALL_ID) {
            return null;
        }
        IStatus result = run(shell, m -> Updater.install(check, m));
        if (result == null) {
            return null;
        }
        if (result.getSeverity() == IStatus.ERROR) {
            MessageDialog.openError(shell, "Check for Updates",
                    "Installing DDS Tuner " + check.available() + " failed: " + Updater.describe(result));
            return null;
        }
        if (MessageDialog.openQuestion(shell, "Check for Updates", "DDS Tuner " + check.available()
                + " is installed. It is used from the next start. Restart now?")) {
            PlatformUI.getWorkbench().restart(); // exit code 23: the start script starts the product again
        }
        return null;
    }

    private interface Task<T> {
        T run(SubMonitor monitor);
    }

    /** Runs a p2 step with a cancellable progress dialog; null when cancelled. */
    private static <T> T run(Shell shell, Task<T> task) {
        AtomicReference<T> result = new AtomicReference<>();
        try {
            new ProgressMonitorDialog(shell).run(true, true, m -> result.set(task.run(SubMonitor.convert(m))));
        } catch (InvocationTargetException e) {
            MessageDialog.openError(shell, "Check for Updates", String.valueOf(e.getCause()));
            return null;
        } catch (InterruptedException e) {
            return null;
        }
        return result.get();
    }
}
