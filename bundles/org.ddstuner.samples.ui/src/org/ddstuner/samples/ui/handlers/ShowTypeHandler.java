package org.ddstuner.samples.ui.handlers;

import org.ddstuner.samples.ui.type.TypeView;
import org.ddstuner.system.ui.live.EntityRef;
import org.eclipse.core.commands.AbstractHandler;
import org.eclipse.core.commands.ExecutionEvent;
import org.eclipse.core.commands.ExecutionException;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.handlers.HandlerUtil;

/** "Show Type": opens the Type view on the selected topic or endpoint. */
public final class ShowTypeHandler extends AbstractHandler {

    @Override
    public Object execute(ExecutionEvent event) throws ExecutionException {
        EntityRef ref = TopicHandlers.selectedEntity(event);
        if (ref == null) {
            return null;
        }
        IWorkbenchPage page = HandlerUtil.getActiveWorkbenchWindowChecked(event).getActivePage();
        try {
            TypeView view = (TypeView) page.showView(TypeView.ID);
            view.show(ref);
        } catch (PartInitException e) {
            throw new ExecutionException("Cannot open the Type view: " + e.getMessage(), e);
        }
        return null;
    }
}
