package org.ddstuner.system.ui.live;

import java.util.Optional;

import org.ddstuner.dds.Guid;
import org.ddstuner.system.Endpoint;
import org.ddstuner.system.EntityKind;
import org.ddstuner.system.Participant;
import org.ddstuner.system.PartitionInfo;
import org.ddstuner.system.SystemSnapshot;
import org.ddstuner.system.Topic;

/**
 * Names one entity of one connection independently of any snapshot, so a selection stays meaningful
 * while the model moves on. {@code kind} null with a null key means the connection itself.
 *
 * @param key GUID text for participants/endpoints, the name for topics/partitions
 */
public record EntityRef(LiveConnection connection, EntityKind kind, String key) {

    public static EntityRef of(LiveConnection c) {
        return new EntityRef(c, null, null);
    }

    public boolean isConnection() {
        return kind == null;
    }

    /** The entity in the connection's latest snapshot: an Endpoint, Participant, Topic or PartitionInfo. */
    public Optional<?> resolve() {
        SystemSnapshot s = connection.snapshot();
        if (kind == null) {
            return Optional.of(connection);
        }
        return switch (kind) {
            case PARTICIPANT -> guid().flatMap(s::participant);
            case ENDPOINT -> guid().flatMap(s::endpoint);
            case TOPIC -> s.topic(key);
            case PARTITION -> s.partitions().stream().filter(p -> p.name().equals(key)).findFirst();
            case PROBLEM -> Optional.empty();
        };
    }

    private Optional<Guid> guid() {
        try {
            return Optional.of(Guid.parse(key));
        } catch (RuntimeException notAGuid) {
            return Optional.empty();
        }
    }

    public static EntityRef of(LiveConnection c, Participant p) {
        return new EntityRef(c, EntityKind.PARTICIPANT, p.guid().toString());
    }

    public static EntityRef of(LiveConnection c, Endpoint e) {
        return new EntityRef(c, EntityKind.ENDPOINT, e.guid().toString());
    }

    public static EntityRef of(LiveConnection c, Topic t) {
        return new EntityRef(c, EntityKind.TOPIC, t.name());
    }

    public static EntityRef of(LiveConnection c, PartitionInfo p) {
        return new EntityRef(c, EntityKind.PARTITION, p.name());
    }
}
