package org.ddstuner.samples.ui.common;

import java.util.Optional;

import org.ddstuner.connection.SystemConnection;
import org.ddstuner.dds.Guid;
import org.ddstuner.system.Endpoint;
import org.ddstuner.system.EntityKind;
import org.ddstuner.system.ui.live.EntityRef;
import org.ddstuner.system.ui.live.LiveConnection;
import org.eclipse.jface.dialogs.MessageDialog;
import org.eclipse.swt.widgets.Shell;

/**
 * A topic of one open connection, as the Reader and Writer views are opened on it.
 *
 * @param typeName the type name of the selected endpoint, or {@code null} for a topic (the writers' type)
 */
public record TopicTarget(LiveConnection connection, String topic, String typeName) {

    /** The topic of a topic or endpoint row; empty for other rows or an endpoint that is gone. */
    public static Optional<TopicTarget> of(EntityRef ref) {
        if (ref == null) {
            return Optional.empty();
        }
        if (ref.kind() == EntityKind.TOPIC) {
            return Optional.of(new TopicTarget(ref.connection(), ref.key(), null));
        }
        if (ref.kind() == EntityKind.ENDPOINT) {
            Optional<Endpoint> e = ref.connection().snapshot().endpoint(Guid.parse(ref.key()));
            return e.map(x -> new TopicTarget(ref.connection(), x.topicName(), x.typeName()));
        }
        return Optional.empty();
    }

    /**
     * The secondary id of this topic's Reader or Writer view: one view per topic and connection (no ':',
     * which the workbench reserves).
     */
    public String secondaryId() {
        return Integer.toHexString(System.identityHashCode(connection.system())) + "/"
                + topic.replace(':', ';');
    }

    /** The connection's name without its domain ("Rich peer", "Local demo"). */
    public String name() {
        return connection.system().name();
    }

    /**
     * Whether the topic's connection can do {@code c}; if not (a remote agent's connection), tells the person why in
     * a dialog and returns false, so a command never fails half-way on a connection that cannot.
     */
    public boolean available(Shell shell, SystemConnection.Capability c) {
        SystemConnection s = connection.system();
        if (s.can(c)) {
            return true;
        }
        MessageDialog.openInformation(shell, "Not available on " + s.name(), s.unavailable(c));
        return false;
    }

    /** The local connection's domain; -1 on a remote agent's connection (the agent's domain is its own business). */
    public int domainId() {
        return connection.isLocal() ? connection.connection().profile().domainId() : -1;
    }
}
