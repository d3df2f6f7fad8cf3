package org.ddstuner.types.cyclone;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * What {@code idlc -l c} (Cyclone DDS 0.10.2) puts into a {@code dds_topic_descriptor_t} for one type, so
 * a topic can be created at run time for a type known only as a model.
 *
 * @param typeName         {@code m_typename}: the scoped name with {@code ::}, e.g. {@code "M::Point"}
 * @param size             {@code m_size}: {@code sizeof} the C struct idlc generates (x86-64 SysV)
 * @param align            {@code m_align}: its alignment
 * @param flags            {@code m_flagset} exactly as idlc writes it; this includes
 *                         {@link #FLAG_XTYPES_METADATA} because idlc embeds TypeInformation. A caller that
 *                         does not fill {@code type_information}/{@code type_mapping} must use
 *                         {@link #flagsWithoutTypeInformation()} instead
 * @param ops              {@code m_ops}: every 32-bit word, the key offset ({@code KOF}) lists included
 * @param keys             {@code m_keys} in idlc's order (sorted by member id along the key path)
 * @param instructionCount {@code m_nops} as 0.10.2 idlc counts it: instructions, not words (11.x counts
 *                         words, i.e. {@code ops.length}; {@code dds_stream_countops} gives words in both)
 */
public record CycloneDescriptor(String typeName, int size, int align, int flags, int[] ops, List<Key> keys,
        int instructionCount) {

    /** {@code DDS_TOPIC_FIXED_KEY}: the XCDR1 key fits in 16 bytes. */
    public static final int FLAG_FIXED_KEY = 1 << 1;
    /** {@code DDS_TOPIC_CONTAINS_UNION}. */
    public static final int FLAG_CONTAINS_UNION = 1 << 2;
    /** {@code DDS_TOPIC_FIXED_SIZE}: no strings or sequences anywhere. */
    public static final int FLAG_FIXED_SIZE = 1 << 4;
    /** {@code DDS_TOPIC_FIXED_KEY_XCDR2}: the XCDR2 key fits in 16 bytes. */
    public static final int FLAG_FIXED_KEY_XCDR2 = 1 << 5;
    /** {@code DDS_TOPIC_XTYPES_METADATA}: type_information and type_mapping are filled in. */
    public static final int FLAG_XTYPES_METADATA = 1 << 6;

    /**
     * One {@code dds_key_descriptor_t}.
     *
     * @param name    {@code m_name}: member names joined with dots, e.g. {@code "id"}, {@code "inner.x"},
     *                {@code "parent.id"} for a key inherited by a final/appendable struct
     * @param opIndex {@code m_offset}: index in {@link CycloneDescriptor#ops()} of the key's {@code KOF} word
     * @param index   {@code m_idx}: the key's position in declaration order
     */
    public record Key(String name, int opIndex, int index) {
        public Key {
            Objects.requireNonNull(name, "name");
        }
    }

    public CycloneDescriptor {
        Objects.requireNonNull(typeName, "typeName");
        ops = ops.clone();
        keys = List.copyOf(keys);
    }

    /** A copy: the array is never shared. */
    @Override
    public int[] ops() {
        return ops.clone();
    }

    /** The flags without {@link #FLAG_XTYPES_METADATA}, for a descriptor created without type information. */
    public int flagsWithoutTypeInformation() {
        return flags & ~FLAG_XTYPES_METADATA;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof CycloneDescriptor d && typeName.equals(d.typeName) && size == d.size && align == d.align
                && flags == d.flags && Arrays.equals(ops, d.ops) && keys.equals(d.keys)
                && instructionCount == d.instructionCount;
    }

    @Override
    public int hashCode() {
        return Objects.hash(typeName, size, align, flags, Arrays.hashCode(ops), keys, instructionCount);
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("CycloneDescriptor[").append(typeName).append(" size=").append(size)
                .append(" align=").append(align).append(" flags=0x").append(Integer.toHexString(flags))
                .append(" nops=").append(instructionCount).append(" ops=");
        for (int i = 0; i < ops.length; i++) {
            sb.append(i == 0 ? "" : " ").append(String.format("%08x", ops[i]));
        }
        return sb.append(" keys=").append(keys).append(']').toString();
    }
}
