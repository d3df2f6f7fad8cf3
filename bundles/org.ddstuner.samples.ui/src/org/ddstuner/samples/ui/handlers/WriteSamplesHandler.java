package org.ddstuner.samples.ui.handlers;

import java.util.Optional;

import org.ddstuner.samples.QosDeriver;
import org.ddstuner.samples.ResolvedType;
import org.ddstuner.samples.ui.common.SharedType;
import org.ddstuner.samples.ui.common.TopicTarget;
import org.ddstuner.samples.ui.common.TypeResolution;
import org.ddstuner.samples.ui.writer.WriterView;
import org.eclipse.core.commands.AbstractHandler;
import org.eclipse.core.commands.ExecutionEvent;
import org.eclipse.core.commands.ExecutionException;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.handlers.HandlerUtil;

/** "Write Samples…": finds the topic's type and opens the topic's Writer view with the derived writer QoS. */
public final class WriteSamplesHandler extends AbstractHandler {

    @Override
    public Object execute(ExecutionEvent event) throws ExecutionException {
        Optional<TopicTarget> t = TopicHandlers.target(event);
        if (t.isEmpty()) {
            return null;
        }
        TopicTarget target = t.get();
        Shell shell = HandlerUtil.getActiveShellChecked(event);
        ResolvedType type = TypeResolution.resolve(shell, target, false);
        if (type == null) {
            return null;
        }
        SharedType shared = SharedType.of(type);
        try {
            IWorkbenchPage page = HandlerUtil.getActiveWorkbenchWindowChecked(event).getActivePage();
            WriterView view = (WriterView) page.showView(WriterView.ID, target.secondaryId(),
                    IWorkbenchPage.VIEW_ACTIVATE);
            view.start(target, shared, QosDeriver.forWriter(target.connection().connection().model().snapshot(true),
                    target.topic(), type), null);
        } catch (PartInitException e) {
            throw new ExecutionException("Cannot open the Writer view: " + e.getMessage(), e);
        } finally {
            shared.release();
        }
        return null;
    }
}
