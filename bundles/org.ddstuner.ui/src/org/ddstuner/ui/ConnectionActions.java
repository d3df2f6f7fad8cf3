package org.ddstuner.ui;

import java.util.List;

import org.ddstuner.connection.SystemConnection;
import org.ddstuner.connection.ConnectionManager;
import org.ddstuner.connection.ProfileStore;
import org.ddstuner.remote.ui.AgentConnectJob;
import org.eclipse.core.runtime.Adapters;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.jface.action.Action;
import org.eclipse.jface.dialogs.MessageDialog;
import org.eclipse.jface.viewers.ArrayContentProvider;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.jface.viewers.LabelProvider;
import org.eclipse.jface.window.Window;
import org.eclipse.ui.ISharedImages;
import org.eclipse.ui.IWorkbenchWindow;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.dialogs.ListDialog;

/** File menu actions: New connection… and Close connection. */
final class ConnectionActions {

    private ConnectionActions() {
    }

    static Action newConnection(IWorkbenchWindow window) {
        Action a = new Action(Messages.NEW_CONNECTION) {
            @Override
            public void run() {
                ConnectionDialog d = new ConnectionDialog(window.getShell(), ProfileStore.defaultStore());
                if (d.open() != Window.OK) {
                    return;
                }
                if (d.profile() != null) {
                    new ConnectJob(d.profile()).schedule();
                } else if (d.agentProfile() != null) {
                    new AgentConnectJob(d.agentProfile(), d.agentToken()).schedule();
                }
            }
        };
        a.setId("org.ddstuner.ui.newConnection");
        a.setToolTipText(Messages.NEW_CONNECTION_TIP);
        a.setImageDescriptor(PlatformUI.getWorkbench().getSharedImages()
                .getImageDescriptor(ISharedImages.IMG_TOOL_NEW_WIZARD));
        return a;
    }

    static Action closeConnection(IWorkbenchWindow window) {
        Action a = new Action(Messages.CLOSE_CONNECTION) {
            @Override
            public void run() {
                SystemConnection c = chooseConnection(window);
                if (c != null) {
                    close(c);
                }
            }
        };
        a.setId("org.ddstuner.ui.closeConnection");
        a.setToolTipText(Messages.CLOSE_CONNECTION_TIP);
        return a;
    }

    /** The selected connection, the only one, or the one the user picks. */
    private static SystemConnection chooseConnection(IWorkbenchWindow window) {
        List<SystemConnection> open = ConnectionManager.get().systems();
        if (open.isEmpty()) {
            MessageDialog.openInformation(window.getShell(), Messages.CLOSE_WHICH_TITLE, Messages.NO_CONNECTION_OPEN);
            return null;
        }
        if (window.getSelectionService().getSelection() instanceof IStructuredSelection s && !s.isEmpty()) {
            SystemConnection selected = Adapters.adapt(s.getFirstElement(), SystemConnection.class);
            if (selected != null && open.contains(selected)) {
                return selected;
            }
        }
        if (open.size() == 1) {
            return open.get(0);
        }
        ListDialog d = new ListDialog(window.getShell());
        d.setTitle(Messages.CLOSE_WHICH_TITLE);
        d.setMessage(Messages.CLOSE_WHICH);
        d.setContentProvider(ArrayContentProvider.getInstance());
        d.setLabelProvider(new LabelProvider() {
            @Override
            public String getText(Object element) {
                return ((SystemConnection) element).label();
            }
        });
        d.setInput(open);
        if (d.open() != Window.OK || d.getResult() == null || d.getResult().length == 0) {
            return null;
        }
        return (SystemConnection) d.getResult()[0];
    }

    /** Closing deletes participants, which waits on DDS threads: off the UI thread. */
    static void close(SystemConnection c) {
        Job.create("Close " + c.label(), monitor -> {
            try {
                ConnectionManager.get().close(c);
            } catch (RuntimeException e) {
                TunerLog.error("Closing " + c.label() + " failed: " + e.getMessage(), e);
                return Status.error(e.getMessage(), e);
            }
            return Status.OK_STATUS;
        }).schedule();
    }
}
