package org.ddstuner.samples.ui.handlers;

import org.ddstuner.samples.ui.type.TypeView;
import org.ddstuner.system.ui.live.EntityRef;
import org.eclipse.core.commands.AbstractHandler;
import org.eclipse.core.commands.ExecutionEvent;
import org.eclipse.core.commands.ExecutionException;
import org.eclipse.core.runtime.Adapters;
import org.eclipse.jface.viewers.ISelection;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.handlers.HandlerUtil;

/** "Show Type": opens the Type view on the selected topic or endpoint. */
public final class ShowTypeHandler extends AbstractHandler {

    @Override
    public Object execute(ExecutionEvent event) throws ExecutionException {
        ISelection selection = HandlerUtil.getCurrentSelection(event);
        if (!(selection instanceof IStructuredSelection s) || s.isEmpty()) {
            return null;
        }
        EntityRef ref = Adapters.adapt(s.getFirstElement(), EntityRef.class);
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
