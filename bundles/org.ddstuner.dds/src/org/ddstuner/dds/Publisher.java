package org.ddstuner.dds;

import java.lang.foreign.MemorySegment;

import org.ddstuner.dds.internal.DdsC;
import org.ddstuner.dds.internal.QosNative;

/** A publisher: carries partition, presentation and group data for its writers. */
public final class Publisher extends Entity {

    private final Participant participant;

    private Publisher(int handle, Participant participant) {
        super(handle, participant);
        this.participant = participant;
    }

    static Publisher create(Participant p, Qos qos) {
        MemorySegment q = QosNative.toNative(qos);
        try {
            return new Publisher(created(DdsC.dds_create_publisher(p.handle(), q, MemorySegment.NULL),
                    "dds_create_publisher"), p);
        } finally {
            if (qos != null) {
                DdsC.dds_delete_qos(q);
            }
        }
    }

    public Participant participant() {
        return participant;
    }

    public Writer createWriter(Topic topic, Qos qos) {
        return Writer.create(this, topic, qos);
    }
}
