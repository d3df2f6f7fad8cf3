package org.ddstuner.remote.ui;

import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;

import org.ddstuner.remote.Fingerprint;
import org.eclipse.jface.dialogs.IDialogConstants;
import org.eclipse.jface.dialogs.MessageDialog;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.ui.PlatformUI;

/** Asks the person, on first use of an agent, whether to trust its certificate (as ssh does). */
@FunctionalInterface
public interface FingerprintPrompt {

    /** True to trust and pin {@code fingerprint} for {@code agent}. Called off the UI thread. */
    boolean trust(String agent, Fingerprint fingerprint, Path knownAgents);

    /** A dialog on the workbench's display showing the fingerprint; blocks the calling job until answered. */
    static FingerprintPrompt dialog() {
        return (agent, fingerprint, knownAgents) -> {
            Display display = PlatformUI.getWorkbench().getDisplay();
            AtomicBoolean ok = new AtomicBoolean();
            display.syncExec(() -> {
                var window = PlatformUI.getWorkbench().getActiveWorkbenchWindow();
                Shell shell = window != null ? window.getShell() : null;
                MessageDialog d = new MessageDialog(shell, Messages.FIRST_TITLE, null,
                        String.format(Messages.FIRST, agent, fingerprint, knownAgents), MessageDialog.QUESTION, 1,
                        Messages.TRUST, IDialogConstants.CANCEL_LABEL);
                ok.set(d.open() == 0);
            });
            return ok.get();
        };
    }
}
