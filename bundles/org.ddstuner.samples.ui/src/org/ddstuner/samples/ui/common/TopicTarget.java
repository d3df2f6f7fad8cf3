package org.ddstuner.samples.ui.common;

import java.util.Optional;

import org.ddstuner.dds.Guid;
import org.ddstuner.system.Endpoint;
import org.ddstuner.system.EntityKind;
import org.ddstuner.system.ui.live.EntityRef;
import org.ddstuner.system.ui.live.LiveConnection;

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
        return Integer.toHexString(System.identityHashCode(connection.connection())) + "/"
                + topic.replace(':', ';');
    }

    /** The connection's name without its domain ("Rich peer", "Local demo"). */
    public String name() {
        return connection.connection().profile().name();
    }

    public int domainId() {
        return connection.connection().profile().domainId();
    }
}
