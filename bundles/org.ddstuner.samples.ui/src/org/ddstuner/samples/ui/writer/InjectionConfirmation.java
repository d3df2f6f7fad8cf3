package org.ddstuner.samples.ui.writer;

import org.ddstuner.remote.RemoteConnection;
import org.ddstuner.samples.DerivedQos;
import org.ddstuner.samples.InjectionGuard;
import org.ddstuner.samples.ui.Messages;
import org.ddstuner.samples.ui.common.QosEditorText;
import org.ddstuner.samples.ui.common.TopicTarget;
import org.eclipse.jface.dialogs.IDialogConstants;
import org.eclipse.jface.dialogs.MessageDialog;
import org.eclipse.swt.widgets.Shell;

/**
 * Asks the person, once per connection ({@link InjectionGuard}), whether the tool may write into the live
 * system, saying what goes where: the type, the topic, the domain and the partitions.
 */
final class InjectionConfirmation {

    private InjectionConfirmation() {
    }

    /** True when writing into {@code target}'s connection is (now) confirmed. */
    static boolean ensure(Shell shell, TopicTarget target, String typeName, DerivedQos qos) {
        if (target.connection().system() instanceof RemoteConnection rc) {
            return ensureRemote(shell, rc, target, typeName, qos);
        }
        InjectionGuard guard = InjectionGuard.of(target.connection().connection());
        return guard.ensureConfirmed((label, topic) -> {
            String text = Messages.fill(Messages.CONFIRM_TEXT, typeName, topic, target.domainId(), target.name(),
                    QosEditorText.partitions(qos.partitions()));
            MessageDialog d = new MessageDialog(shell, Messages.CONFIRM_TITLE, null, text, MessageDialog.WARNING, 1,
                    Messages.CONFIRM_YES, IDialogConstants.CANCEL_LABEL);
            return d.open() == 0;
        }, target.topic());
    }

    /** Remote agents' connections confirmed in this workbench (the agent's --allow write is the owner's consent). */
    private static final java.util.Set<RemoteConnection> CONFIRMED_REMOTE = java.util.Collections.newSetFromMap(
            new java.util.WeakHashMap<>());

    private static boolean ensureRemote(Shell shell, RemoteConnection rc, TopicTarget target, String typeName,
            DerivedQos qos) {
        synchronized (CONFIRMED_REMOTE) {
            if (CONFIRMED_REMOTE.contains(rc)) {
                return true;
            }
        }
        String text = Messages.fill(Messages.CONFIRM_REMOTE_TEXT, typeName, target.topic(), rc.label(),
                QosEditorText.partitions(qos.partitions()));
        MessageDialog d = new MessageDialog(shell, Messages.CONFIRM_TITLE, null, text, MessageDialog.WARNING, 1,
                Messages.CONFIRM_YES, IDialogConstants.CANCEL_LABEL);
        if (d.open() != 0) {
            return false;
        }
        synchronized (CONFIRMED_REMOTE) {
            CONFIRMED_REMOTE.add(rc);
        }
        return true;
    }
}
