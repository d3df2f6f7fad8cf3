package org.ddstuner.dds;

import org.ddstuner.dds.internal.DdsC;
import org.ddstuner.dds.internal.QosNative;

/**
 * A domain participant. Owns the publishers, subscribers, topics, readers and writers created from it.
 * Its QoS may carry an entity name and properties (both are sent in discovery by Cyclone).
 */
public final class Participant extends Entity {

    private final Domain domain;

    private Participant(int handle, Domain domain) {
        super(handle, null);
        this.domain = domain;
    }

    static Participant createIn(Domain domain, Qos qos) {
        var q = QosNative.toNative(qos);
        try {
            int h = created(DdsC.dds_create_participant(domain.domainId(), q, java.lang.foreign.MemorySegment.NULL),
                    "dds_create_participant(domain " + domain.domainId() + ")");
            return new Participant(h, domain);
        } finally {
            if (qos != null) {
                DdsC.dds_delete_qos(q);
            }
        }
    }

    /** Same as {@code domain.createParticipant(qos)}. */
    public static Participant create(Domain domain, Qos qos) {
        return domain.createParticipant(qos);
    }

    /**
     * A participant on {@code domainId}: in the {@link Domain} already open in this process, or else in a
     * new one with the {@link CycloneConfig#loopbackOnly() loopback-only} configuration.
     */
    public static Participant create(int domainId, Qos qos) {
        return Domain.openOrLoopback(domainId).createParticipant(qos);
    }

    public Domain domain() {
        return domain;
    }

    public Publisher createPublisher(Qos qos) {
        return Publisher.create(this, qos);
    }

    public Subscriber createSubscriber(Qos qos) {
        return Subscriber.create(this, qos);
    }

    /** A topic of a {@link StructType}; the QoS may be {@code null} for Cyclone's defaults. */
    public Topic createTopic(String name, StructType type, Qos qos) {
        return Topic.create(this, name, type, qos);
    }

    /** A writer on the participant's implicit publisher. */
    public Writer createWriter(Topic topic, Qos qos) {
        return Writer.create(this, topic, qos);
    }

    /** A reader on the participant's implicit subscriber. */
    public Reader createReader(Topic topic, Qos qos) {
        return Reader.create(this, topic, qos);
    }

    @Override
    void released() {
        domain.forget(this);
    }
}
