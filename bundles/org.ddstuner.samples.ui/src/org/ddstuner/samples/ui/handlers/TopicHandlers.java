package org.ddstuner.samples.ui.handlers;

import java.util.Optional;

import org.ddstuner.samples.ui.common.TopicTarget;
import org.ddstuner.system.ui.live.EntityRef;
import org.eclipse.core.commands.ExecutionEvent;
import org.eclipse.core.runtime.Adapters;
import org.eclipse.jface.viewers.ISelection;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.ui.handlers.HandlerUtil;

/** What the Read and Write commands act on: the topic of the selected topic or endpoint row. */
final class TopicHandlers {

    private TopicHandlers() {
    }

    static Optional<TopicTarget> target(ExecutionEvent event) {
        ISelection selection = HandlerUtil.getCurrentSelection(event);
        if (!(selection instanceof IStructuredSelection s) || s.isEmpty()) {
            return Optional.empty();
        }
        return TopicTarget.of(Adapters.adapt(s.getFirstElement(), EntityRef.class));
    }
}
