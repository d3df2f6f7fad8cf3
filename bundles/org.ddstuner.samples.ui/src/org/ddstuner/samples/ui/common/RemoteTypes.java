package org.ddstuner.samples.ui.common;

import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;

import org.ddstuner.remote.RemoteClient;
import org.ddstuner.remote.RemoteConnection;
import org.ddstuner.remote.ops.TypeInfo;
import org.ddstuner.remote.ops.TypeInfoOperation;
import org.ddstuner.samples.ResolvedType;
import org.ddstuner.samples.ui.Messages;
import org.ddstuner.types.xtypes.LearnedType;
import org.eclipse.jface.dialogs.MessageDialog;
import org.eclipse.jface.dialogs.ProgressMonitorDialog;
import org.eclipse.swt.widgets.Shell;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The type of a topic on a remote agent's connection, for the Write command: the agent resolves it
 * ({@code type-info}) and this side makes a {@link ResolvedType} of it, so the Writer view's editor works as on a
 * local connection while the agent does the writing.
 */
public final class RemoteTypes {

    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    private RemoteTypes() {
    }

    /** The type as the agent resolves it; throws with the agent's reason. Not on the UI thread. */
    public static ResolvedType resolve(RemoteClient client, String topic, String typeName) throws IOException {
        ObjectNode args = JsonNodeFactory.instance.objectNode();
        args.put("topic", topic);
        if (typeName != null) {
            args.put("typeName", typeName);
        }
        RemoteClient.Reply r = client.request(TypeInfoOperation.NAME, args, TIMEOUT);
        if (!r.ok()) {
            throw new IOException(r.reason() + " (" + r.code() + ")");
        }
        TypeInfo info = TypeInfo.of(r.result());
        LearnedType learned = info.learned();
        return ResolvedType.of(topic, info.typeName(), info.source(), learned.library(), info.attempts());
    }

    /**
     * {@link #resolve} in a progress dialog; null (after telling the person why) when the agent found no type or the
     * link failed.
     */
    public static ResolvedType resolve(Shell shell, TopicTarget target, RemoteConnection rc) {
        AtomicReference<ResolvedType> result = new AtomicReference<>();
        AtomicReference<Exception> failure = new AtomicReference<>();
        try {
            new ProgressMonitorDialog(shell).run(true, false, monitor -> {
                monitor.beginTask(Messages.fill(Messages.RESOLVING, target.topic()), -1);
                try {
                    result.set(resolve(rc.client(), target.topic(), target.typeName()));
                } catch (IOException | RuntimeException e) {
                    failure.set(e);
                } finally {
                    monitor.done();
                }
            });
        } catch (InvocationTargetException | InterruptedException e) {
            failure.set(e);
        }
        if (result.get() == null) {
            Exception e = failure.get();
            MessageDialog.openError(shell, Messages.RESOLVE_FAILED_TITLE, Messages
                    .fill(Messages.REMOTE_TYPE_FAILED, target.topic(), rc.label(), e == null ? "" : e.getMessage()));
        }
        return result.get();
    }
}
