package org.ddstuner.samples.ui.handlers;

import java.util.Optional;

import org.ddstuner.connection.SystemConnection;
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
}
