package org.ddstuner.samples.ui.handlers;

import java.util.Optional;

import org.ddstuner.connection.SystemConnection;
import org.ddstuner.remote.RemoteConnection;
import org.ddstuner.samples.ResolvedType;
import org.ddstuner.samples.ui.common.RemoteTypes;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.ui.handlers.HandlerUtil;
import org.ddstuner.samples.QosDeriver;
import org.ddstuner.samples.ui.common.SharedType;
import org.ddstuner.samples.ui.common.TopicTarget;
import org.ddstuner.samples.ui.writer.WriterView;
import org.eclipse.core.commands.AbstractHandler;
import org.eclipse.core.commands.ExecutionEvent;
import org.eclipse.core.commands.ExecutionException;

/** "Write Samples…": finds the topic's type and opens the topic's Writer view with the derived writer QoS. */
public final class WriteSamplesHandler extends AbstractHandler {

    @Override
    public Object execute(ExecutionEvent event) throws ExecutionException {
        Optional<TopicTarget> remote = TopicHandlers.target(event);
        if (remote.isPresent() && remote.get().connection().system() instanceof RemoteConnection rc) {
            return remote(event, remote.get(), rc);
        }
        Optional<TopicHandlers.TypedTopic> t = TopicHandlers.withType(event, false,
                SystemConnection.Capability.WRITE_SAMPLES);
        if (t.isEmpty()) {
            return null;
        }
        TopicTarget target = t.get().target();
        SharedType shared = SharedType.of(t.get().type());
        try {
            WriterView view = TopicHandlers.showView(event, WriterView.ID, WriterView.class, "Writer", target);
            view.start(target, shared, QosDeriver.forWriter(target.connection().connection().model().snapshot(true),
                    target.topic(), t.get().type()), null);
        } finally {
            shared.release();
        }
        return null;
    }

    /** Through the agent: it finds the type and writes; the editor and the QoS are made here from its type. */
    private static Object remote(ExecutionEvent event, TopicTarget target, RemoteConnection rc)
            throws ExecutionException {
        Shell shell = HandlerUtil.getActiveShellChecked(event);
        if (!target.available(shell, SystemConnection.Capability.WRITE_SAMPLES)) {
            return null;
        }
        ResolvedType type = RemoteTypes.resolve(shell, target, rc);
        if (type == null) {
            return null;
        }
        SharedType shared = SharedType.of(type);
        try {
            WriterView view = TopicHandlers.showView(event, WriterView.ID, WriterView.class, "Writer", target);
            view.start(target, shared, QosDeriver.forWriter(rc.model().snapshot(true), target.topic(), type), null);
        } finally {
            shared.release();
        }
        return null;
    }
}
