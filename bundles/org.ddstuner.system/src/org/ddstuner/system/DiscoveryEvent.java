package org.ddstuner.system;

import org.ddstuner.dds.Guid;
import org.ddstuner.dds.Qos;

/**
 * The model's input: what discovery said, independent of any DDS binding. The
 * {@link DiscoveryFeed} turns built-in topic samples (DCPSParticipant, DCPSPublication, DCPSSubscription and,
 * when the DDS library has it, DCPSTopic) into these; tests create them directly.
 */
public sealed interface DiscoveryEvent {

    /** A participant appeared or its QoS changed (DCPSParticipant, valid data, ALIVE). */
    record ParticipantSeen(Guid guid, Qos qos) implements DiscoveryEvent {
    }

    /** A participant was disposed or has no writers any more (DCPSParticipant NOT_ALIVE_*). */
    record ParticipantLost(Guid guid) implements DiscoveryEvent {
    }

    /** A reader or writer appeared or changed (DCPSSubscription / DCPSPublication, ALIVE). */
    record EndpointSeen(Guid guid, EndpointKind kind, Guid participantGuid, String topicName, String typeName,
            Qos qos, boolean hasTypeInformation) implements DiscoveryEvent {
    }

    /** A reader or writer went away (NOT_ALIVE_*). */
    record EndpointLost(Guid guid) implements DiscoveryEvent {
    }

    /** A topic was announced or its QoS changed (DCPSTopic, valid data, ALIVE). */
    record TopicSeen(Guid key, String topicName, String typeName, Qos qos) implements DiscoveryEvent {
    }

    /** No participant defines this topic (name and type) any more (DCPSTopic NOT_ALIVE_*). */
    record TopicLost(Guid key) implements DiscoveryEvent {
    }

    /**
     * Discovery data that could not be read: a decode error, a sample with missing fields, or a log
     * line from the DDS library saying it dropped something.
     *
     * @param subject  the entity it is about, {@code null} when unknown
     * @param rejected what the DDS library dropped, when its log said so ({@link CycloneDiscoveryLog});
     *                 the model then links it to the likely sender instead of listing it on its own
     */
    record Unreadable(Guid subject, String description, RejectedAnnouncement rejected) implements DiscoveryEvent {

        public Unreadable(Guid subject, String description) {
            this(subject, description, null);
        }
    }
}
