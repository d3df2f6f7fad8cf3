package org.ddstuner.plot.ui;

import org.ddstuner.samples.ui.reader.DetailsField;
import org.ddstuner.samples.ui.reader.ReaderView;
import org.eclipse.core.commands.AbstractHandler;
import org.eclipse.core.commands.ExecutionEvent;
import org.eclipse.core.commands.ExecutionException;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.handlers.HandlerUtil;

/** "Plot" in a Reader view's details menu: the selected field goes into the Plot view's chart. */
public final class PlotFieldHandler extends AbstractHandler {

    @Override
    public Object execute(ExecutionEvent event) throws ExecutionException {
        DetailsField field = null;
        if (HandlerUtil.getActiveMenuSelection(event) instanceof IStructuredSelection s
                && s.getFirstElement() instanceof DetailsField f) {
            field = f;
        } else if (HandlerUtil.getActivePart(event) instanceof ReaderView r) {
            field = r.panel().selectedField();
        }
        try {
            PlotView.open(HandlerUtil.getActiveWorkbenchWindowChecked(event).getActivePage()).plot(field);
        } catch (PartInitException e) {
            throw new ExecutionException("cannot open the Plot view", e);
        }
        return null;
    }
}
