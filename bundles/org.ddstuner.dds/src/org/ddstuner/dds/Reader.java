package org.ddstuner.dds;

import java.lang.foreign.MemorySegment;
import java.util.Map;

import org.ddstuner.dds.internal.DdsC;

/** A data reader of a {@link StructType} topic; samples come as {@code Map<String,Object>} in member order. */
public final class Reader extends ReaderBase<Map<String, Object>> {

    private final Topic topic;

    private Reader(int handle, Entity parent, Participant participant, Topic topic) {
        super(handle, parent, participant);
        this.topic = topic;
    }

    static Reader create(Entity parent, Topic topic, Qos qos) {
        Participant p = parent instanceof Subscriber s ? s.participant() : (Participant) parent;
        if (topic.participant() != p) {
            throw new IllegalArgumentException("topic " + topic.name() + " belongs to another participant");
        }
        MemorySegment q = nativeQos(qos);
        try {
            int h = created(DdsC.dds_create_reader(parent.handle(), topic.handle(), q, MemorySegment.NULL),
                    "dds_create_reader(\"" + topic.name() + "\")");
            return new Reader(h, parent, p, topic);
        } finally {
            if (qos != null) {
                DdsC.dds_delete_qos(q);
            }
        }
    }

    public Topic topic() {
        return topic;
    }

    @Override
    Map<String, Object> decode(MemorySegment sample, SampleInfo info) {
        return topic.type().codec().decode(sample, !info.validData());
    }
}
