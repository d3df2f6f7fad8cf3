package org.ddstuner.samples.ui.handlers;

import java.util.Optional;

import org.ddstuner.connection.SystemConnection;
import org.ddstuner.samples.ResolvedType;
import org.ddstuner.samples.ui.common.TopicTarget;
import org.ddstuner.samples.ui.common.TypeResolution;
import org.ddstuner.system.ui.live.EntityRef;
import org.eclipse.core.commands.ExecutionEvent;
import org.eclipse.core.commands.ExecutionException;
import org.eclipse.core.runtime.Adapters;
import org.eclipse.jface.viewers.ISelection;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.ui.IViewPart;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.handlers.HandlerUtil;

/** What the Read, Write and Show Type commands act on: the selected topic or endpoint row. */
final class TopicHandlers {

    /** The selected topic, its type, and the shell to ask the person in. */
    record TypedTopic(TopicTarget target, ResolvedType type, Shell shell) {
    }

    private TopicHandlers() {
    }

    /** The entity of the (first) selected row, or null when none is selected or it is no entity. */
    static EntityRef selectedEntity(ExecutionEvent event) {
        ISelection selection = HandlerUtil.getCurrentSelection(event);
        if (!(selection instanceof IStructuredSelection s) || s.isEmpty()) {
            return null;
        }
        return Adapters.adapt(s.getFirstElement(), EntityRef.class);
    }

    /** The topic of the selected topic or endpoint row. */
    static Optional<TopicTarget> target(ExecutionEvent event) {
        return TopicTarget.of(selectedEntity(event));
    }

    /**
     * The selected topic with its type ({@link TypeResolution#resolve}); empty when no topic is selected or no
     * type was found (the person was told why) or the person cancelled.
     */
    static Optional<TypedTopic> withType(ExecutionEvent event, boolean allowRaw, SystemConnection.Capability needed)
            throws ExecutionException {
        Optional<TopicTarget> t = target(event);
        if (t.isEmpty()) {
            return Optional.empty();
        }
        Shell shell = HandlerUtil.getActiveShellChecked(event);
        if (!t.get().available(shell, needed)) {
            return Optional.empty();
        }
        ResolvedType type = TypeResolution.resolve(shell, t.get(), allowRaw);
        return type == null ? Optional.empty() : Optional.of(new TypedTopic(t.get(), type, shell));
    }

    /** Opens (or reuses and activates) the topic's view {@code id}: one per topic and connection. */
    static <V extends IViewPart> V showView(ExecutionEvent event, String id, Class<V> kind, String name,
            TopicTarget target) throws ExecutionException {
        IWorkbenchPage page = HandlerUtil.getActiveWorkbenchWindowChecked(event).getActivePage();
        try {
            return kind.cast(page.showView(id, target.secondaryId(), IWorkbenchPage.VIEW_ACTIVATE));
        } catch (PartInitException e) {
            throw new ExecutionException("Cannot open the " + name + " view: " + e.getMessage(), e);
        }
    }
}
