package org.ddstuner.dds.internal;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.List;

import org.ddstuner.dds.DescriptorSpec;

/**
 * Writes a {@code dds_topic_descriptor_t} (and everything it points to) for a {@link DescriptorSpec}
 * into an arena; the descriptor lives as long as the arena. {@code m_nops} is set for the loaded libddsc:
 * 11.x reads it as the number of op words (taken from {@code dds_stream_countops}), 0.10.x ignores it
 * and recounts, so it gets idlc 0.10.2's instruction count.
 */
public final class NativeDescriptor {

    private NativeDescriptor() {
    }

    public static MemorySegment allocate(Arena arena, DescriptorSpec spec, boolean wordCountedOps) {
        int[] ops = spec.ops();
        List<DescriptorSpec.Key> keys = spec.keys();
        MemorySegment opsSeg = arena.allocateFrom(JAVA_INT, ops);
        MemorySegment keysSeg = MemorySegment.NULL;
        if (!keys.isEmpty()) {
            long kSize = Layouts.KEY_DESCRIPTOR.byteSize();
            keysSeg = arena.allocate(Layouts.KEY_DESCRIPTOR, keys.size());
            for (int k = 0; k < keys.size(); k++) {
                MemorySegment kd = keysSeg.asSlice(k * kSize, kSize);
                kd.set(ADDRESS, Layouts.offset(Layouts.KEY_DESCRIPTOR, "m_name"), arena.allocateFrom(keys.get(k).name()));
                kd.set(JAVA_INT, Layouts.offset(Layouts.KEY_DESCRIPTOR, "m_offset"), keys.get(k).opIndex());
                kd.set(JAVA_INT, Layouts.offset(Layouts.KEY_DESCRIPTOR, "m_idx"), keys.get(k).index());
            }
        }
        int nops;
        if (wordCountedOps) {
            nops = DdsC.DDS_STREAM_COUNTOPS != null ? DdsC.dds_stream_countops(opsSeg, keys.size(), keysSeg) : ops.length;
        } else {
            int n = OpsWalker.countInstructions(ops);
            nops = n > 0 ? n : ops.length;
        }
        int flags = spec.flags() & ~NativeConstants.DDS_TOPIC_XTYPES_METADATA;
        MemorySegment d = arena.allocate(Layouts.TOPIC_DESCRIPTOR);
        d.set(JAVA_INT, off("m_size"), spec.size());
        d.set(JAVA_INT, off("m_align"), spec.align());
        d.set(JAVA_INT, off("m_nkeys"), keys.size());
        d.set(ADDRESS, off("m_typename"), arena.allocateFrom(spec.typeName()));
        d.set(ADDRESS, off("m_keys"), keysSeg);
        d.set(JAVA_INT, off("m_nops"), nops);
        d.set(ADDRESS, off("m_ops"), opsSeg);
        d.set(ADDRESS, off("m_meta"), arena.allocateFrom(""));
        if (spec.hasTypeInformation()) {
            flags |= NativeConstants.DDS_TOPIC_XTYPES_METADATA;
            meta(arena, d, "type_information", spec.typeInformation());
            meta(arena, d, "type_mapping", spec.typeMapping());
        }
        d.set(JAVA_INT, off("m_flagset"), flags);
        return d;
    }

    private static void meta(Arena arena, MemorySegment d, String member, byte[] bytes) {
        long base = off(member);
        d.set(ADDRESS, base + Layouts.offset(Layouts.TYPE_META_SER, "data"), arena.allocateFrom(JAVA_BYTE, bytes));
        d.set(JAVA_INT, base + Layouts.offset(Layouts.TYPE_META_SER, "sz"), bytes.length);
    }

    private static long off(String member) {
        return Layouts.offset(Layouts.TOPIC_DESCRIPTOR, member);
    }
}
