package org.ddstuner.health.ui;

import java.util.Optional;

import org.ddstuner.samples.ui.common.TopicTarget;
import org.ddstuner.system.ui.live.EntityRef;
import org.eclipse.core.commands.AbstractHandler;
import org.eclipse.core.commands.ExecutionEvent;
import org.eclipse.core.commands.ExecutionException;
import org.eclipse.core.runtime.Adapters;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.handlers.HandlerUtil;

/** "Watch Topic" on a topic or endpoint row: the topic gets a watch reader, and the Alerts view shows what it finds. */
public final class WatchTopicHandler extends AbstractHandler {

    @Override
    public Object execute(ExecutionEvent event) throws ExecutionException {
        Optional<TopicTarget> t = HandlerUtil.getCurrentSelection(event) instanceof IStructuredSelection s && !s.isEmpty()
                ? TopicTarget.of(Adapters.adapt(s.getFirstElement(), EntityRef.class)) : Optional.empty();
        if (t.isEmpty()) {
            return null;
        }
        HealthUi.get().watchTopic(t.get().connection(), t.get().topic());
        try {
            HandlerUtil.getActiveWorkbenchWindowChecked(event).getActivePage().showView(Messages.VIEW_ID, null,
                    IWorkbenchPage.VIEW_VISIBLE);
        } catch (PartInitException e) {
            throw new ExecutionException("Cannot open the Alerts view: " + e.getMessage(), e);
        }
        return null;
    }
}
