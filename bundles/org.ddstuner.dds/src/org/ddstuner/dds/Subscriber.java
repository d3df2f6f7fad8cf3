package org.ddstuner.dds;

import java.lang.foreign.MemorySegment;

import org.ddstuner.dds.internal.DdsC;
import org.ddstuner.dds.internal.QosNative;

/** A subscriber: carries partition, presentation and group data for its readers. */
public final class Subscriber extends Entity {

    private final Participant participant;

    private Subscriber(int handle, Participant participant) {
        super(handle, participant);
        this.participant = participant;
    }

    static Subscriber create(Participant p, Qos qos) {
        MemorySegment q = QosNative.toNative(qos);
        try {
            return new Subscriber(created(DdsC.dds_create_subscriber(p.handle(), q, MemorySegment.NULL),
                    "dds_create_subscriber"), p);
        } finally {
            if (qos != null) {
                DdsC.dds_delete_qos(q);
            }
        }
    }

    public Participant participant() {
        return participant;
    }

    public Reader createReader(Topic topic, Qos qos) {
        return Reader.create(this, topic, qos);
    }
}
