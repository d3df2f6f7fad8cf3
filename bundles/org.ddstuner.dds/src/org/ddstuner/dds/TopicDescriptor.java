package org.ddstuner.dds;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.MemorySegment;

import org.ddstuner.dds.internal.DdsC;
import org.ddstuner.dds.internal.Layouts;
import org.ddstuner.dds.internal.QosReader;

/**
 * A topic descriptor libddsc built from a type learned over the wire ({@link TypeLearner}): enough to
 * create a {@link RawTopic} for that type, plus the type's XTypes TypeInformation and TypeMapping (XCDR2
 * little-endian bytes; {@code org.ddstuner.types.xtypes} turns them into a type library). Owns the native
 * descriptor: {@link #close()} frees it (dds_delete_topic_descriptor); close it after the topics made
 * from it.
 */
public final class TopicDescriptor implements AutoCloseable {

    private static final long TYPENAME = Layouts.offset(Layouts.TOPIC_DESCRIPTOR, "m_typename");
    private static final long NKEYS = Layouts.offset(Layouts.TOPIC_DESCRIPTOR, "m_nkeys");
    private static final long TYPE_INFORMATION = Layouts.offset(Layouts.TOPIC_DESCRIPTOR, "type_information");
    private static final long TYPE_MAPPING = Layouts.offset(Layouts.TOPIC_DESCRIPTOR, "type_mapping");
    private static final long META_DATA = Layouts.offset(Layouts.TYPE_META_SER, "data");
    private static final long META_SZ = Layouts.offset(Layouts.TYPE_META_SER, "sz");

    private MemorySegment descriptor;
    private final String typeName;
    private final int keyCount;
    private final byte[] typeInformation;
    private final byte[] typeMapping;

    private TopicDescriptor(MemorySegment descriptor) {
        this.descriptor = descriptor.reinterpret(Layouts.TOPIC_DESCRIPTOR.byteSize());
        this.typeName = QosReader.cString(this.descriptor.get(ADDRESS, TYPENAME));
        this.keyCount = this.descriptor.get(JAVA_INT, NKEYS);
        this.typeInformation = bytes(this.descriptor, TYPE_INFORMATION);
        this.typeMapping = bytes(this.descriptor, TYPE_MAPPING);
    }

    /** Takes ownership of a descriptor returned by dds_create_topic_descriptor. */
    static TopicDescriptor adopt(MemorySegment nativeDescriptor) {
        return new TopicDescriptor(nativeDescriptor);
    }

    /** TEMP stub (dropped at merge). */
    public static TopicDescriptor fromSpec(DescriptorSpec spec) {
        throw new UnsupportedOperationException("TEMP stub: TopicDescriptor.fromSpec is not merged yet");
    }

    /** TEMP stub (dropped at merge). */
    public static TopicDescriptor untyped(String typeName) {
        throw new UnsupportedOperationException("TEMP stub: TopicDescriptor.untyped is not merged yet");
    }

    private static byte[] bytes(MemorySegment d, long metaOffset) {
        MemorySegment data = d.get(ADDRESS, metaOffset + META_DATA);
        int sz = d.get(JAVA_INT, metaOffset + META_SZ);
        if (data.equals(MemorySegment.NULL) || sz <= 0) {
            return new byte[0];
        }
        return data.reinterpret(sz).toArray(JAVA_BYTE);
    }

    /** The type's scoped name as the peer declared it, e.g. {@code tuner::SensorReading}. */
    public String typeName() {
        return typeName;
    }

    /** Number of key members (0 for a keyless type). */
    public int keyCount() {
        return keyCount;
    }

    /** DDS::XTypes::TypeInformation, XCDR2 little endian without encapsulation header (empty if none). */
    public byte[] typeInformation() {
        return typeInformation.clone();
    }

    /** DDS::XTypes::TypeMapping with the COMPLETE type objects (member and enumerator names), XCDR2 LE. */
    public byte[] typeMapping() {
        return typeMapping.clone();
    }

    synchronized MemorySegment nativeDescriptor() {
        if (descriptor == null) {
            throw new IllegalStateException("topic descriptor of " + typeName + " used after close()");
        }
        return descriptor;
    }

    public synchronized boolean isClosed() {
        return descriptor == null;
    }

    @Override
    public synchronized void close() {
        if (descriptor != null) {
            DdsC.dds_delete_topic_descriptor(descriptor);
            descriptor = null;
        }
    }

    @Override
    public String toString() {
        return "TopicDescriptor[" + typeName + (descriptor == null ? ", closed" : "") + "]";
    }
}
