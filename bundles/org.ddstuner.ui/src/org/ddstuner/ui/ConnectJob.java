package org.ddstuner.ui;

import org.ddstuner.connection.ConnectionManager;
import org.ddstuner.connection.ConnectionProfile;
import org.ddstuner.system.ui.live.LiveSystems;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.jface.dialogs.MessageDialog;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.ui.PlatformUI;

/**
 * Opens a connection off the UI thread (creating a participant blocks for ~100 ms and may fail); a
 * failure is shown to the user in a dialog with the library's message and logged.
 */
public final class ConnectJob extends Job {

    /** Family of every connect job, so tests and shutdown can wait for them. */
    public static final Object FAMILY = ConnectJob.class;

    private final ConnectionProfile profile;

    public ConnectJob(ConnectionProfile profile) {
        super(String.format(Messages.CONNECTING, profile.name()));
        this.profile = profile;
        setUser(false);
    }

    @Override
    protected IStatus run(IProgressMonitor monitor) {
        LiveSystems.connecting(profile.name(), true);
        try {
            ConnectionManager.get().open(profile);
            return Status.OK_STATUS;
        } catch (RuntimeException | LinkageError e) {
            String text = String.format(Messages.CONNECT_FAILED, profile.name(),
                    e.getMessage() != null ? e.getMessage() : e.toString());
            TunerLog.error(text, e);
            showError(text);
            return Status.OK_STATUS; // already reported; a second dialog from the job framework would repeat it
        } finally {
            LiveSystems.connecting(profile.name(), false);
        }
    }

    private static void showError(String text) {
        if (!PlatformUI.isWorkbenchRunning()) {
            return;
        }
        Display display = PlatformUI.getWorkbench().getDisplay();
        if (display.isDisposed()) {
            return;
        }
        display.asyncExec(() -> {
            if (display.isDisposed()) {
                return;
            }
            var window = PlatformUI.getWorkbench().getActiveWorkbenchWindow();
            Shell shell = window != null ? window.getShell() : null;
            MessageDialog.openError(shell, Messages.CONNECT_FAILED_TITLE, text);
        });
    }

    @Override
    public boolean belongsTo(Object family) {
        return family == FAMILY;
    }
}
