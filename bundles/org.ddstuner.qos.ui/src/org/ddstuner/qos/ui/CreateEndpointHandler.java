package org.ddstuner.qos.ui;

import java.io.IOException;
import java.util.Optional;

import org.ddstuner.connection.SystemConnection;
import org.ddstuner.dds.DdsException;
import org.ddstuner.qos.remote.RemoteEndpoints;
import org.ddstuner.remote.RemoteConnection;
import org.ddstuner.samples.InjectionGuard;
import org.ddstuner.samples.QosDeriver;
import org.ddstuner.samples.ReaderSession;
import org.ddstuner.samples.ResolvedType;
import org.ddstuner.samples.WriterSession;
import org.ddstuner.samples.ui.common.TopicTarget;
import org.ddstuner.samples.ui.common.TypeResolution;
import org.ddstuner.system.SystemSnapshot;
import org.ddstuner.system.ui.live.EntityRef;
import org.eclipse.core.commands.AbstractHandler;
import org.eclipse.core.commands.ExecutionEvent;
import org.eclipse.core.commands.ExecutionException;
import org.eclipse.core.runtime.Adapters;
import org.eclipse.jface.dialogs.IDialogConstants;
import org.eclipse.jface.dialogs.MessageDialog;
import org.eclipse.jface.viewers.ISelection;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.swt.custom.BusyIndicator;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.ui.handlers.HandlerUtil;

/**
 * "Create Reader/Writer…" on a topic: an own reader or writer with the QoS derived from the discovered
 * endpoints and no view (as OpenSplice Tuner's design stage had), listed in the QoS Tuning view to be tuned
 * and deleted there. On a remote agent's connection the agent makes and holds it ({@link AgentOwnEndpoint}).
 */
public final class CreateEndpointHandler extends AbstractHandler {

    @Override
    public Object execute(ExecutionEvent event) throws ExecutionException {
        ISelection sel = HandlerUtil.getCurrentSelection(event);
        if (!(sel instanceof IStructuredSelection s) || s.isEmpty()) {
            return null;
        }
        Optional<TopicTarget> target = TopicTarget.of(Adapters.adapt(s.getFirstElement(), EntityRef.class));
        if (target.isEmpty()) {
            return null;
        }
        Shell shell = HandlerUtil.getActiveShellChecked(event);
        TopicTarget t = target.get();
        if (t.connection().system() instanceof RemoteConnection remote) {
            createOnAgent(event, shell, t, remote);
            return null;
        }
        if (!t.available(shell, SystemConnection.Capability.WRITE_SAMPLES)) {
            return null;
        }
        MessageDialog ask = new MessageDialog(shell, String.format(Messages.CREATE_TITLE, t.topic()), null,
                String.format(Messages.CREATE_TEXT, t.topic(), t.name()), MessageDialog.QUESTION, 0,
                Messages.CREATE_READER, Messages.CREATE_WRITER, IDialogConstants.CANCEL_LABEL);
        int choice = ask.open();
        if (choice != 0 && choice != 1) {
            return null;
        }
        boolean writer = choice == 1;
        ResolvedType type = TypeResolution.resolve(shell, t, !writer);
        if (type == null) {
            return null;
        }
        try {
            OwnEndpoint e = create(shell, t, type, writer);
            if (e != null) {
                OwnEndpoints.get().add(e);
                OwnEntityViews.show(HandlerUtil.getActiveWorkbenchWindowChecked(event).getActivePage(), e);
            }
        } catch (DdsException | IllegalArgumentException | IllegalStateException ex) {
            MessageDialog.openError(shell, String.format(Messages.CREATE_TITLE, t.topic()), ex.getMessage());
        } finally {
            type.close(); // the session keeps it alive
        }
        return null;
    }

    /**
     * On a remote agent's connection the agent creates it (a reader always; a writer when it grants write, its
     * start with --allow write being the confirmation to write into the system) and holds it for this desktop; a
     * refusal shows the agent's reason.
     */
    private static void createOnAgent(ExecutionEvent event, Shell active, TopicTarget t, RemoteConnection remote)
            throws ExecutionException {
        // the workbench window's shell: the active shell of the event may be a dialog closed since
        Shell shell = active.isDisposed() ? HandlerUtil.getActiveWorkbenchWindowChecked(event).getShell() : active;
        String title = String.format(Messages.CREATE_TITLE, t.topic());
        MessageDialog ask = new MessageDialog(shell, title, null, String.format(Messages.CREATE_ON_AGENT_TEXT,
                t.topic(), t.name()), MessageDialog.QUESTION, 0, Messages.CREATE_READER, Messages.CREATE_WRITER,
                IDialogConstants.CANCEL_LABEL);
        int choice = ask.open();
        if (choice != 0 && choice != 1) {
            return;
        }
        AgentOwnEndpoint[] made = new AgentOwnEndpoint[1];
        String[] error = new String[1];
        // the agent resolves the type and waits for nothing else: a few seconds at most, as the local path's
        // type resolution
        BusyIndicator.showWhile(shell.getDisplay(), () -> {
            try {
                made[0] = AgentOwnEndpoint.create(remote, t.topic(), t.typeName(), choice == 1);
            } catch (RemoteEndpoints.Refused r) {
                error[0] = String.format(Messages.AGENT_REFUSED, remote.name(), r.getMessage(), r.code());
            } catch (IOException e) {
                error[0] = String.format(Messages.AGENT_UNREACHABLE, remote.name(), e.getMessage());
            }
        });
        if (made[0] == null) {
            MessageDialog.openError(shell, title, error[0]);
            return;
        }
        OwnEndpoints.get().add(made[0]);
        OwnEntityViews.show(HandlerUtil.getActiveWorkbenchWindowChecked(event).getActivePage(), made[0]);
    }

    /** Opens the session; null when the person did not confirm writing into the system. */
    static OwnEndpoint create(Shell shell, TopicTarget t, ResolvedType type, boolean writer) {
        SystemSnapshot snap = t.connection().connection().model().snapshot(true);
        if (writer) {
            boolean ok = InjectionGuard.of(t.connection().connection()).ensureConfirmed((label, topic) ->
                    MessageDialog.openConfirm(shell, String.format(Messages.CREATE_TITLE, topic),
                            "Create a writer in " + label + "? It can write samples into the live system."), t.topic());
            if (!ok) {
                return null;
            }
            WriterSession s = WriterSession.open(t.connection().connection(), type,
                    QosDeriver.forWriter(snap, t.topic(), type));
            return new OwnEndpoint(s, "Writer: " + t.topic() + " (" + t.name() + ")", true, t.connection().connection(),
                    t.topic(), s::endpoint, (old, q) -> s.replaceWriter(q), s::close, false);
        }
        ReaderSession s = ReaderSession.open(t.connection().connection(), type,
                ReaderSession.Config.of(QosDeriver.forReader(snap, t.topic())));
        return new OwnEndpoint(s, "Reader: " + t.topic() + " (" + t.name() + ")", false, t.connection().connection(),
                t.topic(), s::endpoint, (old, q) -> s.replaceReader(q), s::close, false);
    }
}
