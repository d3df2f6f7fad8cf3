package org.ddstuner.samples.ui.handlers;

import java.util.Optional;

import org.ddstuner.connection.SystemConnection;
import org.ddstuner.remote.RemoteConnection;
import org.ddstuner.samples.DerivedQos;
import org.ddstuner.samples.QosDeriver;
import org.ddstuner.samples.ui.common.SharedType;
import org.ddstuner.samples.ui.common.TopicTarget;
import org.ddstuner.samples.ui.reader.ReaderSetupDialog;
import org.ddstuner.samples.ui.reader.ReaderView;
import org.ddstuner.samples.ui.remote.RemoteReaderView;
import org.ddstuner.samples.ui.type.TypeView;
import org.eclipse.core.commands.AbstractHandler;
import org.eclipse.core.commands.ExecutionEvent;
import org.eclipse.core.commands.ExecutionException;
import org.eclipse.jface.window.Window;

/**
 * "Read Samples…": finds the topic's type, lets the person check the derived reader QoS in
 * {@link ReaderSetupDialog}, then opens (or reuses) the topic's Reader view.
 */
public final class ReadSamplesHandler extends AbstractHandler {

    @Override
    public Object execute(ExecutionEvent event) throws ExecutionException {
        Optional<TopicTarget> remote = TopicHandlers.target(event);
        if (remote.isPresent() && remote.get().connection().system() instanceof RemoteConnection rc) {
            // the agent resolves the type and reads; samples come as JSON over the link
            RemoteReaderView view = TopicHandlers.showView(event, RemoteReaderView.ID, RemoteReaderView.class,
                    "Reader", remote.get());
            view.start(remote.get().connection(), rc, remote.get().topic());
            return null;
        }
        Optional<TopicHandlers.TypedTopic> t = TopicHandlers.withType(event, true,
                SystemConnection.Capability.READ_SAMPLES);
        if (t.isEmpty()) {
            return null;
        }
        TopicTarget target = t.get().target();
        DerivedQos qos = QosDeriver.forReader(target.connection().connection().model().snapshot(true),
                target.topic());
        ReaderSetupDialog dialog = new ReaderSetupDialog(t.get().shell(), target, t.get().type(), qos);
        dialog.onTypeSourcesChanged(TypeView::typeSourcesChangedElsewhere);
        boolean ok = dialog.open() == Window.OK;
        // the dialog's type: the one resolved, or the one its "Import IDL…" found (then the first is closed)
        SharedType shared = SharedType.of(dialog.type());
        try {
            if (!ok) {
                return null;
            }
            ReaderView view = TopicHandlers.showView(event, ReaderView.ID, ReaderView.class, "Reader", target);
            view.start(target, shared, dialog.config());
        } finally {
            shared.release(); // the view holds its own reference
        }
        return null;
    }
}
