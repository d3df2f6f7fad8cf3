package org.ddstuner.config.ui;

import org.eclipse.core.commands.AbstractHandler;
import org.eclipse.core.commands.ExecutionEvent;
import org.eclipse.core.commands.ExecutionException;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.handlers.HandlerUtil;

/** File → Cyclone Configuration…: shows the editor view (open a file or start the New Deployment wizard there). */
public final class OpenConfigEditorHandler extends AbstractHandler {

    @Override
    public Object execute(ExecutionEvent event) throws ExecutionException {
        try {
            HandlerUtil.getActiveWorkbenchWindowChecked(event).getActivePage().showView(ConfigEditorView.ID);
        } catch (PartInitException e) {
            throw new ExecutionException("cannot open the Cyclone Configuration view", e);
        }
        return null;
    }
}
