package org.ddstuner.dds;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

import org.ddstuner.dds.internal.DdsC;
import org.ddstuner.dds.internal.QosNative;
import org.ddstuner.dds.internal.Retcode;
import org.ddstuner.dds.internal.SampleDeserializer;

/**
 * A writer of serialized samples for a {@link RawTopic}: each byte array (4-byte encapsulation header +
 * body, as a {@link RawReader} delivers it; XCDR1 CDR_LE/BE or XCDR2 CDR2/D_CDR2/PL_CDR2, either byte
 * order) is validated and byte-swapped by libddsc ({@code dds_stream_normalize}, as for data received
 * from the network), deserialized into a C sample ({@code dds_stream_read}) and written with dds_write.
 * Cyclone serializes it again in the writer's own data representation, so the bytes a reader receives
 * are equal in value, not necessarily in encoding. Malformed bytes give an {@link IllegalArgumentException}
 * and never reach the unchecked parts of libddsc.
 *
 * <p>Works on libddsc 0.10.x and 11.x alike (0.10.x has no public way to write pre-serialized data).
 */
public final class RawWriter extends Entity {

    private final RawTopic topic;
    /** Guards the deserializer against close while a write uses it. */
    private final Object lock = new Object();
    private SampleDeserializer deserializer;

    private RawWriter(int handle, Entity parent, RawTopic topic, SampleDeserializer deserializer) {
        super(handle, parent);
        this.topic = topic;
        this.deserializer = deserializer;
    }

    /**
     * A writer on the participant's implicit publisher, or on {@code parent} if it is a {@link Publisher};
     * {@code qos} may be {@code null} for Cyclone's defaults.
     *
     * @throws IllegalArgumentException if the topic's descriptor is {@link TopicDescriptor#untyped untyped}
     *                                  (there is no type to write) or the topic belongs to another participant
     */
    public static RawWriter create(Entity parent, RawTopic topic, Qos qos) {
        Participant p = parent instanceof Publisher pub ? pub.participant()
                : parent instanceof Participant pp ? pp : null;
        if (p == null) {
            throw new IllegalArgumentException("a writer belongs to a participant or a publisher, not " + parent);
        }
        if (topic.participant() != p) {
            throw new IllegalArgumentException("topic " + topic.name() + " belongs to another participant");
        }
        TopicDescriptor d = topic.descriptor();
        if (d.isUntyped()) {
            throw new IllegalArgumentException("topic " + topic.name() + " has an untyped descriptor for " + d.typeName()
                    + ": it can read serialized samples but not write them (learn the type or give a DescriptorSpec)");
        }
        SampleDeserializer des = new SampleDeserializer(d.nativeDescriptor(), d.typeName());
        MemorySegment q = QosNative.toNative(qos);
        try {
            int h = created(DdsC.dds_create_writer(parent.handle(), topic.handle(), q, MemorySegment.NULL),
                    "dds_create_writer(\"" + topic.name() + "\", raw)");
            return new RawWriter(h, parent, topic, des);
        } catch (RuntimeException e) {
            des.close();
            throw e;
        } finally {
            if (qos != null) {
                DdsC.dds_delete_qos(q);
            }
        }
    }

    public RawTopic topic() {
        return topic;
    }

    /** dds_write of one serialized sample. */
    public void write(byte[] serialized) {
        call(serialized, "dds_write", (h, s) -> DdsC.dds_write(h, s));
    }

    /** dds_write_ts with a source timestamp in nanoseconds since the epoch. */
    public void write(byte[] serialized, long sourceTimestampNanos) {
        call(serialized, "dds_write_ts", (h, s) -> DdsC.dds_write_ts(h, s, sourceTimestampNanos));
    }

    /** dds_dispose of the instance whose key the sample holds (the other members are ignored). */
    public void dispose(byte[] serialized) {
        call(serialized, "dds_dispose", (h, s) -> DdsC.dds_dispose(h, s));
    }

    /** dds_unregister_instance of the instance whose key the sample holds. */
    public void unregister(byte[] serialized) {
        call(serialized, "dds_unregister_instance", (h, s) -> DdsC.dds_unregister_instance(h, s));
    }

    /** dds_get_publication_matched_status (resets the change counters). */
    public MatchedStatus publicationMatched() {
        return DataWaiter.publicationMatched(handle());
    }

    private interface SampleCall {
        int apply(int handle, MemorySegment sample);
    }

    private void call(byte[] serialized, String op, SampleCall c) {
        synchronized (lock) {
            int h = handle();
            try (Arena a = Arena.ofConfined()) {
                MemorySegment sample = deserializer.deserialize(serialized, a);
                try {
                    Retcode.check(c.apply(h, sample), op + "(\"" + topic.name() + "\")");
                } finally {
                    deserializer.freeContents(sample);
                }
            }
        }
    }

    @Override
    void released() {
        synchronized (lock) {
            if (deserializer != null) {
                deserializer.close();
                deserializer = null;
            }
        }
    }
}
