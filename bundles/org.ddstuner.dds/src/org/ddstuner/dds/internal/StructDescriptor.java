package org.ddstuner.dds.internal;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static org.ddstuner.dds.internal.NativeConstants.*;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;

import org.ddstuner.dds.MemberKind;
import org.ddstuner.dds.StructType.Member;

/**
 * Builds the native {@code dds_topic_descriptor_t} for a flat final struct, mirroring idlc 0.10.2's
 * output: one {@code ADR} instruction per member ({@code KEY|MU} on keys, {@code SGN}/{@code FP} flags as
 * idlc sets them), {@code RTS}, then one {@code KOF} per key in declaration order; key descriptors point
 * at their KOF. {@code m_nops} counts instructions on 0.10.x and 32-bit words on 11.x. The memory is
 * owned by an automatic arena, so it lives as long as this object is reachable.
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

        Arena arena = Arena.ofAuto();
        MemorySegment opsSeg = arena.allocateFrom(JAVA_INT, ops);
        MemorySegment keysSeg = MemorySegment.NULL;
        if (!keys.isEmpty()) {
            keysSeg = arena.allocate(Layouts.KEY_DESCRIPTOR, keys.size());
            for (int k = 0; k < keys.size(); k++) {
                MemorySegment kd = keysSeg.asSlice(k * Layouts.KEY_DESCRIPTOR.byteSize(), Layouts.KEY_DESCRIPTOR);
                kd.set(ADDRESS, Layouts.offset(Layouts.KEY_DESCRIPTOR, "m_name"), arena.allocateFrom(keys.get(k).name()));
                kd.set(JAVA_INT, Layouts.offset(Layouts.KEY_DESCRIPTOR, "m_offset"), kofIndex.get(k));
                kd.set(JAVA_INT, Layouts.offset(Layouts.KEY_DESCRIPTOR, "m_idx"), k);
            }
        }
        this.nops = wordCountedOps ? wordCount(opsSeg, keys.size(), keysSeg) : members.size() + 1;

        MemorySegment d = arena.allocate(Layouts.TOPIC_DESCRIPTOR);
        d.set(JAVA_INT, off("m_size"), size);
        d.set(JAVA_INT, off("m_align"), alignment);
        d.set(JAVA_INT, off("m_flagset"), flags);
        d.set(JAVA_INT, off("m_nkeys"), keys.size());
        d.set(ADDRESS, off("m_typename"), arena.allocateFrom(typeName));
        d.set(ADDRESS, off("m_keys"), keysSeg);
        d.set(JAVA_INT, off("m_nops"), nops);
        d.set(ADDRESS, off("m_ops"), opsSeg);
        d.set(ADDRESS, off("m_meta"), arena.allocateFrom(""));
        // type_information / type_mapping stay NULL/0: no XTYPES_METADATA flag
        this.segment = d;
    }

    private int wordCount(MemorySegment opsSeg, int nkeys, MemorySegment keysSeg) {
        if (DdsC.DDS_STREAM_COUNTOPS != null) {
            return DdsC.dds_stream_countops(opsSeg, nkeys, keysSeg);
        }
        return ops.length;
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
