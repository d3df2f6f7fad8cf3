package org.ddstuner.dds;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.List;

import org.ddstuner.dds.internal.DdsC;
import org.ddstuner.dds.internal.Layouts;
import org.ddstuner.dds.internal.NativeConstants;
import org.ddstuner.dds.internal.NativeDescriptor;
import org.ddstuner.dds.internal.QosReader;

/**
 * A native topic descriptor for a type known only at run time: learned over the wire
 * ({@link TypeLearner}), built from a {@link DescriptorSpec} ({@link #fromSpec}), or a stand-in for a type
 * we know nothing of but its name ({@link #untyped}). Enough to create a {@link RawTopic}, plus the type's
 * XTypes TypeInformation and TypeMapping (XCDR2 little-endian bytes; {@code org.ddstuner.types.xtypes}
 * turns them into a type library). Owns the native memory: {@link #close()} frees it; close it after the
 * topics made from it.
 */
public final class TopicDescriptor implements AutoCloseable {

    private static final long TYPENAME = Layouts.offset(Layouts.TOPIC_DESCRIPTOR, "m_typename");
    private static final long NKEYS = Layouts.offset(Layouts.TOPIC_DESCRIPTOR, "m_nkeys");
    private static final long TYPE_INFORMATION = Layouts.offset(Layouts.TOPIC_DESCRIPTOR, "type_information");
    private static final long TYPE_MAPPING = Layouts.offset(Layouts.TOPIC_DESCRIPTOR, "type_mapping");
    private static final long META_DATA = Layouts.offset(Layouts.TYPE_META_SER, "data");
    private static final long META_SZ = Layouts.offset(Layouts.TYPE_META_SER, "sz");

    private MemorySegment descriptor;
    /** Owner of the memory of a descriptor we built; {@code null} for one libddsc built (learned). */
    private final Arena arena;
    private final boolean untyped;
    private final String typeName;
    private final int keyCount;
    private final byte[] typeInformation;
    private final byte[] typeMapping;

    private TopicDescriptor(MemorySegment descriptor, Arena arena, boolean untyped) {
        this.arena = arena;
        this.untyped = untyped;
        this.descriptor = descriptor.reinterpret(Layouts.TOPIC_DESCRIPTOR.byteSize());
        this.typeName = QosReader.cString(this.descriptor.get(ADDRESS, TYPENAME));
        this.keyCount = this.descriptor.get(JAVA_INT, NKEYS);
        this.typeInformation = bytes(this.descriptor, TYPE_INFORMATION);
        this.typeMapping = bytes(this.descriptor, TYPE_MAPPING);
    }

    /** Takes ownership of a descriptor returned by dds_create_topic_descriptor. */
    static TopicDescriptor adopt(MemorySegment nativeDescriptor) {
        return new TopicDescriptor(nativeDescriptor, null, false);
    }

    /**
     * A descriptor built from {@code spec}, in native memory this object owns. {@link RawTopic#create}
     * takes it like a learned one; {@link RawWriter} writes serialized samples of it.
     */
    public static TopicDescriptor fromSpec(DescriptorSpec spec) {
        return build(spec, false);
    }

    /**
     * A keyless stand-in descriptor, without type information, for the type named {@code typeName}:
     * {@link #untyped(String, boolean) untyped(typeName, false)}. It matches keyless writers only.
     */
    public static TopicDescriptor untyped(String typeName) {
        return untyped(typeName, false);
    }

    /**
     * A stand-in descriptor without type information for the type named {@code typeName}: a
     * {@link RawReader} on it receives the serialized bytes of writers of that type name without knowing
     * the type (when one side has no type information, endpoints match by type name).
     *
     * <p>libddsc refuses a type without members (its ops must start with a member or an extensibility
     * op), so the stand-in is {@code @final struct { octet first; }}: libddsc checks only that a payload
     * has that first byte and hands out the payload as it came. Cyclone matches keyed readers only with
     * keyed writers (and keyless with keyless: the RTPS entity kinds differ), so say which one the writer
     * is ({@link Guid#hasKey()} of its discovered GUID). A keyed stand-in makes that first byte its key.
     *
     * <p>What to expect: instances do not follow the writer's keys. A keyless stand-in puts every sample
     * in one instance; a keyed one groups samples by their first payload byte (for a string key, the
     * low byte of its length), and a dispose or unregister of a writer instance changes the state of the
     * stand-in instance with the same first key byte. Only payloads whose encapsulation fits a
     * {@code @final} type are accepted (CDR_LE/BE, CDR2_LE/BE): samples of {@code @appendable} or
     * {@code @mutable} writers (D_CDR2, PL_CDR2) are dropped by libddsc. Writing on an untyped topic is refused.
     */
    public static TopicDescriptor untyped(String typeName, boolean keyed) {
        int adr = NativeConstants.DDS_OP_ADR | NativeConstants.DDS_OP_TYPE_1BY;
        if (!keyed) {
            return build(new DescriptorSpec(typeName, 1, 1, 0, new int[] {adr, 0, NativeConstants.DDS_OP_RTS},
                    List.of(), new byte[0], new byte[0]), true);
        }
        int[] ops = {adr | NativeConstants.DDS_OP_FLAG_KEY | NativeConstants.DDS_OP_FLAG_MU, 0, NativeConstants.DDS_OP_RTS,
                NativeConstants.DDS_OP_KOF | 1, 0};
        int flags = NativeConstants.DDS_TOPIC_FIXED_KEY | NativeConstants.DDS_TOPIC_FIXED_KEY_XCDR2;
        return build(new DescriptorSpec(typeName, 1, 1, flags, ops, List.of(new DescriptorSpec.Key("first", 3, 0)),
                new byte[0], new byte[0]), true);
    }

    private static TopicDescriptor build(DescriptorSpec spec, boolean untyped) {
        if (spec == null) {
            throw new IllegalArgumentException("no descriptor spec");
        }
        boolean words = DdsLibrary.get().features().wordCountedOps();
        Arena arena = Arena.ofShared();
        try {
            return new TopicDescriptor(NativeDescriptor.allocate(arena, spec, words), arena, untyped);
        } catch (RuntimeException e) {
            arena.close();
            throw e;
        }
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

    /** Whether this is a stand-in from {@link #untyped}: samples can be read as bytes, not written. */
    public boolean isUntyped() {
        return untyped;
    }

    public synchronized boolean isClosed() {
        return descriptor == null;
    }

    @Override
    public synchronized void close() {
        if (descriptor != null) {
            if (arena != null) {
                arena.close();
            } else {
                DdsC.dds_delete_topic_descriptor(descriptor);
            }
            descriptor = null;
        }
    }

    @Override
    public String toString() {
        return "TopicDescriptor[" + typeName + (descriptor == null ? ", closed" : "") + "]";
    }
}
