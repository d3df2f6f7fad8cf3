package org.ddstuner.health.ui;

import java.util.List;

import org.ddstuner.dds.Guid;
import org.ddstuner.health.WatchRequest;
import org.ddstuner.system.Endpoint;
import org.ddstuner.system.Participant;
import org.ddstuner.system.EntityKind;
import org.ddstuner.system.ui.live.EntityRef;
import org.eclipse.core.commands.AbstractHandler;
import org.eclipse.core.commands.ExecutionEvent;
import org.eclipse.core.commands.ExecutionException;
import org.eclipse.core.runtime.Adapters;
import org.eclipse.jface.dialogs.MessageDialog;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.handlers.HandlerUtil;

/**
 * "Watch Every Topic It Writes…" / "…It Reads…" on a participant row. Writes is followed live (a rule with the
 * participant's name as its participant pattern, so topics it starts writing later are watched too); reads takes
 * the topics it reads now (the watcher follows writers, not readers).
 */
public final class WatchParticipantHandler extends AbstractHandler {

    /** The command parameter's id and values: which of the participant's topics. */
    public static final String WRITES_ID = "org.ddstuner.health.ui.watchParticipantWrites";

    @Override
    public Object execute(ExecutionEvent event) throws ExecutionException {
        EntityRef ref = HandlerUtil.getCurrentSelection(event) instanceof IStructuredSelection s && !s.isEmpty()
                ? Adapters.adapt(s.getFirstElement(), EntityRef.class) : null;
        if (ref == null || ref.kind() != EntityKind.PARTICIPANT) {
            return null;
        }
        Participant p = ref.connection().snapshot().participant(Guid.parse(ref.key())).orElse(null);
        if (p == null) {
            return null;
        }
        String name = p.displayName() != null ? p.displayName() : p.guid().toString();
        boolean writes = WRITES_ID.equals(event.getCommand().getId());
        // the model now, not the views' last snapshot, which may show a new participant before its readers
        List<String> topics = writes ? List.of() : ref.connection().system().model().snapshot(false)
                .endpointsOf(p.guid()).stream()
                .filter(e -> e.isReader() && !e.hidden()).map(Endpoint::topicName).distinct().sorted().toList();
        if (!writes && topics.isEmpty()) {
            MessageDialog.openInformation(HandlerUtil.getActiveShellChecked(event), Messages.WATCH_PARTICIPANT_TITLE,
                    String.format(Messages.NO_TOPICS_READ, name));
            return null;
        }
        WatchDialog d = new WatchDialog(HandlerUtil.getActiveShellChecked(event),
                writes ? WatchRequest.Scope.WRITES : WatchRequest.Scope.READS, name, topics, ref.connection().label());
        if (d.open() != WatchDialog.OK || d.request() == null) {
            return null;
        }
        HealthUi.get().addWatch(ref.connection(), d.request());
        showAlerts(event);
        return null;
    }

    static void showAlerts(ExecutionEvent event) throws ExecutionException {
        try {
            HandlerUtil.getActiveWorkbenchWindowChecked(event).getActivePage().showView(Messages.VIEW_ID, null,
                    IWorkbenchPage.VIEW_VISIBLE);
        } catch (PartInitException e) {
            throw new ExecutionException("Cannot open the Alerts view: " + e.getMessage(), e);
        }
    }
}
