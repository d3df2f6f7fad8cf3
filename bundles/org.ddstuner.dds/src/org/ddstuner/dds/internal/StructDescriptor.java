package org.ddstuner.dds.internal;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static org.ddstuner.dds.internal.NativeConstants.*;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;

import org.ddstuner.dds.DescriptorSpec;
import org.ddstuner.dds.MemberKind;
import org.ddstuner.dds.StructType.Member;

/**
 * Builds the native {@code dds_topic_descriptor_t} for a flat final struct, mirroring idlc 0.10.2's
 * output: one {@code ADR} instruction per member ({@code KEY|MU} on keys, {@code SGN}/{@code FP} flags as
 * idlc sets them), {@code RTS}, then one {@code KOF} per key in declaration order; key descriptors point
 * at their KOF. {@code m_nops} counts instructions on 0.10.x and 32-bit words on 11.x (see
 * {@link NativeDescriptor}). The memory is owned by an automatic arena, so it lives as long as this object
 * is reachable.
 */
public final class StructDescriptor {

    // sequence opcodes (dds_opcodes.h): TYPE_SEQ/TYPE_BSQ in bits 16-23, element type in bits 8-15
    private static final int DDS_OP_TYPE_SEQ = 0x07 << 16;
    private static final int DDS_OP_TYPE_BSQ = 0x0b << 16;
    private static final int DDS_OP_SUBTYPE_1BY = 0x01 << 8;

    private final int size;
    private final int alignment;
    private final int flags;
    private final int[] ops;
    private final int nops;
    private final MemorySegment segment;

    public StructDescriptor(String typeName, List<Member> members, boolean wordCountedOps) {
        this(typeName, members, wordCountedOps, new byte[0], new byte[0]);
    }

    /** With XTypes TypeInformation/TypeMapping (both empty: none; see {@link DescriptorSpec}). */
    public StructDescriptor(String typeName, List<Member> members, boolean wordCountedOps, byte[] typeInformation,
            byte[] typeMapping) {
        int align = 1;
        int end = 0;
        for (Member m : members) {
            align = Math.max(align, m.kind().alignment());
            end = m.offset() + m.kind().size();
        }
        this.alignment = align;
        this.size = (end + align - 1) / align * align;

        List<Integer> words = new ArrayList<>();
        int[] adrIndex = new int[members.size()];
        for (int i = 0; i < members.size(); i++) {
            Member m = members.get(i);
            adrIndex[i] = words.size();
            if (m.kind() == MemberKind.OCTET_SEQUENCE) {
                // as idlc: ADR|SEQ|SUBTYPE_1BY, offset; bounded: ADR|BSQ|SUBTYPE_1BY, offset, bound
                words.add(DDS_OP_ADR | (m.bound() > 0 ? DDS_OP_TYPE_BSQ : DDS_OP_TYPE_SEQ) | DDS_OP_SUBTYPE_1BY);
                words.add(m.offset());
                if (m.bound() > 0) {
                    words.add(m.bound());
                }
                continue;
            }
            words.add(DDS_OP_ADR | opType(m.kind()) | opFlags(m.kind()) | (m.key() ? DDS_OP_FLAG_KEY | DDS_OP_FLAG_MU : 0));
            words.add(m.offset());
        }
        words.add(DDS_OP_RTS);
        List<Member> keys = new ArrayList<>();
        List<Integer> kofIndex = new ArrayList<>();
        for (int i = 0; i < members.size(); i++) {
            if (members.get(i).key()) {
                keys.add(members.get(i));
                kofIndex.add(words.size());
                words.add(DDS_OP_KOF | 1);
                words.add(adrIndex[i]);
            }
        }
        this.ops = words.stream().mapToInt(Integer::intValue).toArray();
        this.flags = computeFlags(members, keys);
        List<DescriptorSpec.Key> specKeys = new ArrayList<>();
        for (int k = 0; k < keys.size(); k++) {
            specKeys.add(new DescriptorSpec.Key(keys.get(k).name(), kofIndex.get(k), k));
        }
        DescriptorSpec spec = new DescriptorSpec(typeName, size, alignment, flags, ops, specKeys, typeInformation,
                typeMapping);
        // an automatic arena: the descriptor lives as long as the StructType that holds this object
        this.segment = NativeDescriptor.allocate(Arena.ofAuto(), spec, wordCountedOps);
        this.nops = segment.get(JAVA_INT, off("m_nops"));
    }

    private static long off(String member) {
        return Layouts.offset(Layouts.TOPIC_DESCRIPTOR, member);
    }

    static int opType(MemberKind k) {
        return switch (k) {
            case INT8, UINT8, CHAR -> DDS_OP_TYPE_1BY;
            case INT16, UINT16 -> DDS_OP_TYPE_2BY;
            case INT32, UINT32, FLOAT32 -> DDS_OP_TYPE_4BY;
            case INT64, UINT64, FLOAT64 -> DDS_OP_TYPE_8BY;
            case BOOLEAN -> DDS_OP_TYPE_BLN;
            case STRING -> DDS_OP_TYPE_STR;
            case OCTET_SEQUENCE -> DDS_OP_TYPE_SEQ;
        };
    }

    static int opFlags(MemberKind k) {
        return switch (k) {
            case INT8, INT16, INT32, INT64, CHAR -> DDS_OP_FLAG_SGN;
            case FLOAT32, FLOAT64 -> DDS_OP_FLAG_FP;
            default -> 0;
        };
    }

    /** As idlc: FIXED_SIZE without strings or sequences; FIXED_KEY(_XCDR2) when the serialized key fits in 16 bytes. */
    private static int computeFlags(List<Member> members, List<Member> keys) {
        int f = 0;
        if (members.stream().noneMatch(m -> m.kind() == MemberKind.STRING || m.kind() == MemberKind.OCTET_SEQUENCE)) {
            f |= DDS_TOPIC_FIXED_SIZE;
        }
        if (!keys.isEmpty() && keys.stream().noneMatch(m -> m.kind() == MemberKind.STRING)) {
            if (keySize(keys, 8) <= DDS_FIXED_KEY_MAX_SIZE) {
                f |= DDS_TOPIC_FIXED_KEY;
            }
            if (keySize(keys, 4) <= DDS_FIXED_KEY_MAX_SIZE) {
                f |= DDS_TOPIC_FIXED_KEY_XCDR2;
            }
        }
        return f;
    }

    /** Serialized key size with primitives aligned to min(size, maxAlign) (8 in XCDR1, 4 in XCDR2). */
    private static int keySize(List<Member> keys, int maxAlign) {
        int pos = 0;
        for (Member k : keys) {
            int a = Math.min(k.kind().size(), maxAlign);
            pos = (pos + a - 1) / a * a + k.kind().size();
        }
        return pos;
    }

    public int size() {
        return size;
    }

    public int alignment() {
        return alignment;
    }

    public int flags() {
        return flags;
    }

    public int[] ops() {
        return ops.clone();
    }

    public int nops() {
        return nops;
    }

    public MemorySegment segment() {
        return segment;
    }
}
