package org.ddstuner.qos.ui;

import org.ddstuner.samples.ReaderSession;
import org.ddstuner.samples.WriterSession;
import org.ddstuner.samples.ui.reader.ReaderView;
import org.ddstuner.samples.ui.writer.WriterView;
import org.eclipse.core.commands.AbstractHandler;
import org.eclipse.core.commands.ExecutionEvent;
import org.eclipse.core.commands.ExecutionException;
import org.eclipse.ui.IWorkbenchPart;
import org.eclipse.ui.handlers.HandlerUtil;

/**
 * "Edit QoS…" in a Reader or Writer view: the view's own reader/writer in the QoS Tuning view. A change that
 * needs re-creating goes through the view's session, which swaps in the new entity (the Reader view keeps the
 * samples it had).
 */
public final class EditQosHandler extends AbstractHandler {

    @Override
    public Object execute(ExecutionEvent event) throws ExecutionException {
        IWorkbenchPart part = HandlerUtil.getActivePartChecked(event);
        OwnEndpoint e = endpointOf(part);
        if (e == null) {
            return null;
        }
        OwnEntityViews.show(HandlerUtil.getActiveWorkbenchWindowChecked(event).getActivePage(), e);
        return null;
    }

    /** The entry of the view's session (made on first use); null when the view has no session running. */
    static OwnEndpoint endpointOf(IWorkbenchPart part) {
        if (part instanceof ReaderView v && v.session() != null && !v.session().isClosed()) {
            ReaderSession s = v.session();
            OwnEndpoint e = OwnEndpoints.get().find(s);
            if (e == null) {
                e = new OwnEndpoint(s, "Reader view: " + v.target().topic() + " (" + v.target().name() + ")", false,
                        v.target().connection().connection(), v.target().topic(), s::endpoint,
                        (old, q) -> s.replaceReader(q), () -> { }, true);
                OwnEndpoints.get().add(e);
            }
            return e;
        }
        if (part instanceof WriterView v && v.session() != null && !v.session().isClosed()) {
            WriterSession s = v.session();
            OwnEndpoint e = OwnEndpoints.get().find(s);
            if (e == null) {
                e = new OwnEndpoint(s, "Writer view: " + v.target().topic() + " (" + v.target().name() + ")", true,
                        v.target().connection().connection(), v.target().topic(), s::endpoint,
                        (old, q) -> s.replaceWriter(q), () -> { }, true);
                OwnEndpoints.get().add(e);
            }
            return e;
        }
        return null;
    }
}
