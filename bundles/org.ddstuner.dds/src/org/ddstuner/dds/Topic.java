package org.ddstuner.dds;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

import org.ddstuner.dds.internal.DdsC;
import org.ddstuner.dds.internal.QosNative;

/** A topic: a name bound to a {@link StructType} in one participant. */
public final class Topic extends Entity {

    private final String name;
    private final StructType type; // keeps the native descriptor alive as long as the topic

    private Topic(int handle, Participant participant, String name, StructType type) {
        super(handle, participant);
        this.name = name;
        this.type = type;
    }

    static Topic create(Participant p, String name, StructType type, Qos qos) {
        if (name == null || name.isEmpty()) {
            throw new IllegalArgumentException("a topic needs a name");
        }
        if (type == null) {
            throw new IllegalArgumentException("topic " + name + " needs a type");
        }
        MemorySegment q = QosNative.toNative(qos);
        try (Arena a = Arena.ofConfined()) {
            int h = created(DdsC.dds_create_topic(p.handle(), type.nativeDescriptor(), a.allocateFrom(name), q,
                    MemorySegment.NULL), "dds_create_topic(\"" + name + "\", " + type.typeName() + ")");
            return new Topic(h, p, name, type);
        } finally {
            if (qos != null) {
                DdsC.dds_delete_qos(q);
            }
        }
    }

    public String name() {
        return name;
    }

    public StructType type() {
        return type;
    }

    public Participant participant() {
        return (Participant) parent();
    }
}
