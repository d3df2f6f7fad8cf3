package org.ddstuner.dds;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

import org.ddstuner.dds.internal.DdsC;
import org.ddstuner.dds.internal.QosNative;

/**
 * A topic whose type is only known as a {@link TopicDescriptor} (learned over the wire): samples are
 * read as serialized bytes with a {@link RawReader}. The descriptor must stay open while the topic exists.
 */
public final class RawTopic extends Entity {

    private final String name;
    private final TopicDescriptor descriptor;

    private RawTopic(int handle, Participant participant, String name, TopicDescriptor descriptor) {
        super(handle, participant);
        this.name = name;
        this.descriptor = descriptor;
    }

    /** dds_create_topic with the learned descriptor; {@code qos} may be {@code null} for Cyclone's defaults. */
    public static RawTopic create(Participant participant, String name, TopicDescriptor descriptor, Qos qos) {
        if (name == null || name.isEmpty()) {
            throw new IllegalArgumentException("a topic needs a name");
        }
        MemorySegment q = QosNative.toNative(qos);
        try (Arena a = Arena.ofConfined()) {
            int h = created(DdsC.dds_create_topic(participant.handle(), descriptor.nativeDescriptor(), a.allocateFrom(name),
                    q, MemorySegment.NULL), "dds_create_topic(\"" + name + "\", " + descriptor.typeName() + ")");
            return new RawTopic(h, participant, name, descriptor);
        } finally {
            if (qos != null) {
                DdsC.dds_delete_qos(q);
            }
        }
    }

    public String name() {
        return name;
    }

    public String typeName() {
        return descriptor.typeName();
    }

    public TopicDescriptor descriptor() {
        return descriptor;
    }

    public Participant participant() {
        return (Participant) parent();
    }
}
