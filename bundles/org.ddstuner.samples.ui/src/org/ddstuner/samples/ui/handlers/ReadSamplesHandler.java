package org.ddstuner.samples.ui.handlers;

import java.util.Optional;

import org.ddstuner.samples.DerivedQos;
import org.ddstuner.samples.QosDeriver;
import org.ddstuner.samples.ResolvedType;
import org.ddstuner.samples.ui.common.SharedType;
import org.ddstuner.samples.ui.common.TopicTarget;
import org.ddstuner.samples.ui.common.TypeResolution;
import org.ddstuner.samples.ui.reader.ReaderSetupDialog;
import org.ddstuner.samples.ui.reader.ReaderView;
import org.ddstuner.samples.ui.type.TypeView;
import org.eclipse.core.commands.AbstractHandler;
import org.eclipse.core.commands.ExecutionEvent;
import org.eclipse.core.commands.ExecutionException;
import org.eclipse.jface.window.Window;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.handlers.HandlerUtil;

/**
 * "Read Samples…": finds the topic's type, lets the person check the derived reader QoS in
 * {@link ReaderSetupDialog}, then opens (or reuses) the topic's Reader view.
 */
public final class ReadSamplesHandler extends AbstractHandler {

    @Override
    public Object execute(ExecutionEvent event) throws ExecutionException {
        Optional<TopicTarget> t = TopicHandlers.target(event);
        if (t.isEmpty()) {
            return null;
        }
        TopicTarget target = t.get();
        Shell shell = HandlerUtil.getActiveShellChecked(event);
        ResolvedType type = TypeResolution.resolve(shell, target, true);
        if (type == null) {
            return null;
        }
        DerivedQos qos = QosDeriver.forReader(target.connection().connection().model().snapshot(true),
                target.topic());
        ReaderSetupDialog dialog = new ReaderSetupDialog(shell, target, type, qos);
        dialog.onTypeSourcesChanged(TypeView::typeSourcesChangedElsewhere);
        boolean ok = dialog.open() == Window.OK;
        // the dialog's type: the one resolved, or the one its "Import IDL…" found (then the first is closed)
        SharedType shared = SharedType.of(dialog.type());
        try {
            if (!ok) {
                return null;
            }
            IWorkbenchPage page = HandlerUtil.getActiveWorkbenchWindowChecked(event).getActivePage();
            ReaderView view = (ReaderView) page.showView(ReaderView.ID, target.secondaryId(),
                    IWorkbenchPage.VIEW_ACTIVATE);
            view.start(target, shared, dialog.config());
        } catch (PartInitException e) {
            throw new ExecutionException("Cannot open the Reader view: " + e.getMessage(), e);
        } finally {
            shared.release(); // the view holds its own reference
        }
        return null;
    }
}
