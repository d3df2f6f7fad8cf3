package org.ddstuner.health.ui;

import java.util.List;
import java.util.Optional;

import org.ddstuner.health.WatchRequest;
import org.ddstuner.remote.RemoteConnection;
import org.ddstuner.samples.ui.common.TopicTarget;
import org.ddstuner.system.ui.live.EntityRef;
import org.eclipse.core.commands.AbstractHandler;
import org.eclipse.core.commands.ExecutionEvent;
import org.eclipse.core.commands.ExecutionException;
import org.eclipse.core.runtime.Adapters;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.ui.handlers.HandlerUtil;

/**
 * "Watch Topic…" on a topic or endpoint row: asks for the watch's parameters, then the topic gets a watch reader and
 * the Alerts view shows the watch and what it finds.
 */
public final class WatchTopicHandler extends AbstractHandler {

    @Override
    public Object execute(ExecutionEvent event) throws ExecutionException {
        Optional<TopicTarget> t = HandlerUtil.getCurrentSelection(event) instanceof IStructuredSelection s && !s.isEmpty()
                ? TopicTarget.of(Adapters.adapt(s.getFirstElement(), EntityRef.class)) : Optional.empty();
        if (t.isEmpty()) {
            return null;
        }
        WatchDialog d = new WatchDialog(HandlerUtil.getActiveShellChecked(event), WatchRequest.Scope.TOPIC,
                t.get().topic(), List.of(), t.get().connection().label());
        if (t.get().connection().isLocal()) {
            d.withIntegerFields(SequenceFields.of(HandlerUtil.getActiveShellChecked(event).getDisplay(),
                    t.get().connection().connection(), t.get().topic(), t.get().typeName()));
        } else if (t.get().connection().system() instanceof RemoteConnection rc) {
            d.withIntegerFields(SequenceFields.ofRemote(HandlerUtil.getActiveShellChecked(event).getDisplay(), rc,
                    t.get().topic(), t.get().typeName()));
        }
        if (d.open() != WatchDialog.OK || d.request() == null) {
            return null;
        }
        HealthUi.get().addWatch(t.get().connection(), d.request());
        WatchParticipantHandler.showAlerts(event);
        return null;
    }
}
