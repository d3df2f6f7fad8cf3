package org.ddstuner.dds.internal;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteOrder;

/**
 * Turns a serialized sample (4-byte encapsulation header + XCDR1/XCDR2 body, either byte order) into a
 * C sample of a topic descriptor, the way libddsc handles a received sample: check the header, let
 * libddsc validate and byte-swap the body to native order ({@code dds_stream_normalize}), then
 * deserialize it ({@code dds_stream_read}). {@code dds_stream_read} trusts its input; normalizing first
 * is what makes arbitrary bytes safe, exactly as for data from the network.
 *
 * <p>Version differences: 0.10.x exports {@code dds_stream_normalize_data(data, &off, size, bswap, xcdr,
 * ops)} and {@code dds_stream_read(is, sample, ops)}; 11.x exports neither form but
 * {@code dds_stream_normalize(data, size, bswap, xcdr, cdrstream_desc, just_key, &actual)} (with a
 * {@code dds_cdrstream_desc} made by {@code dds_cdrstream_desc_from_topic_desc}) and
 * {@code dds_stream_read(is, sample, allocator, ops)} with {@code dds_cdrstream_default_allocator} (the
 * allocator {@code dds_sample_free} frees with). {@code dds_istream_t} is the same in both.
 *
 * <p>Not thread-safe on its own: the owner serializes {@link #deserialize} against {@link #close}.
 */
public final class SampleDeserializer implements AutoCloseable {

    private static final int CDR_BE = 0x0000, CDR_LE = 0x0001, PL_CDR_BE = 0x0002, PL_CDR_LE = 0x0003,
            CDR2_BE = 0x0006, CDR2_LE = 0x0007, D_CDR2_BE = 0x0008, D_CDR2_LE = 0x0009, PL_CDR2_BE = 0x000a,
            PL_CDR2_LE = 0x000b;
    /** Room for 11.x's struct dds_cdrstream_desc (about 100 bytes; its exact size is not public API). */
    private static final long CDRSTREAM_DESC_ROOM = 512;
    private static final MemorySegment DEFAULT_ALLOCATOR = LibraryLoader.get().linker()
            .find("dds_cdrstream_default_allocator").orElse(MemorySegment.NULL);

    private enum Extensibility { FINAL, APPENDABLE, MUTABLE }

    private final String typeName;
    /** Our copy of the topic descriptor, pointing at our copy of the ops. */
    private final MemorySegment descriptor;
    private final MemorySegment ops;
    private final int sampleSize;
    private final int sampleAlign;
    private final Extensibility extensibility;
    private final boolean v11;
    private Arena arena;
    private MemorySegment cdrstreamDesc = MemorySegment.NULL;

    /**
     * For {@code descriptor} (a native dds_topic_descriptor_t, open during this call). What later calls
     * need of it (the ops, the descriptor for dds_sample_free) is copied into memory this object owns, so
     * closing the TopicDescriptor while a writer still uses it cannot make libddsc read freed memory.
     */
    public SampleDeserializer(MemorySegment descriptor, String typeName) {
        this.typeName = typeName;
        MemorySegment original = descriptor.reinterpret(Layouts.TOPIC_DESCRIPTOR.byteSize());
        this.sampleSize = original.get(JAVA_INT, Layouts.offset(Layouts.TOPIC_DESCRIPTOR, "m_size"));
        this.sampleAlign = Math.max(8, original.get(JAVA_INT, Layouts.offset(Layouts.TOPIC_DESCRIPTOR, "m_align")));
        this.arena = Arena.ofShared();
        this.ops = copyOps(original, arena);
        this.descriptor = arena.allocate(Layouts.TOPIC_DESCRIPTOR);
        MemorySegment.copy(original, 0, this.descriptor, 0, Layouts.TOPIC_DESCRIPTOR.byteSize());
        this.descriptor.set(ADDRESS, Layouts.offset(Layouts.TOPIC_DESCRIPTOR, "m_ops"), ops);
        for (String pointer : new String[] {"m_typename", "m_keys", "m_meta"}) { // not used by dds_sample_free
            this.descriptor.set(ADDRESS, Layouts.offset(Layouts.TOPIC_DESCRIPTOR, pointer), MemorySegment.NULL);
        }
        this.descriptor.set(JAVA_INT, Layouts.offset(Layouts.TOPIC_DESCRIPTOR, "m_nkeys"), 0);
        this.descriptor.asSlice(Layouts.offset(Layouts.TOPIC_DESCRIPTOR, "type_information"),
                2 * Layouts.TYPE_META_SER.byteSize()).fill((byte) 0);
        int op0 = ops.get(JAVA_INT, 0) & NativeConstants.DDS_OP_MASK;
        this.extensibility = op0 == NativeConstants.DDS_OP_DLC ? Extensibility.APPENDABLE
                : op0 == NativeConstants.DDS_OP_PLC ? Extensibility.MUTABLE : Extensibility.FINAL;
        if (DdsC.DDS_STREAM_NORMALIZE_DATA != null && DdsC.DDS_STREAM_READ_V010 != null) {
            this.v11 = false;
        } else if (DdsC.DDS_STREAM_NORMALIZE_V11 != null && DdsC.DDS_STREAM_READ_V11 != null
                && DdsC.DDS_CDRSTREAM_DESC_FROM_TOPIC_DESC != null && DdsC.DDS_CDRSTREAM_DESC_FINI != null
                && !DEFAULT_ALLOCATOR.equals(MemorySegment.NULL)) {
            this.v11 = true;
            // copies ops and keys into allocations of its own (freed by dds_cdrstream_desc_fini)
            this.cdrstreamDesc = arena.allocate(CDRSTREAM_DESC_ROOM, 16);
            DdsC.dds_cdrstream_desc_from_topic_desc(cdrstreamDesc, original);
        } else {
            arena.close();
            throw new UnsupportedOperationException("this libddsc exports neither the 0.10 nor the 11.x functions "
                    + "needed to deserialize samples (dds_stream_normalize_data/dds_stream_read, or "
                    + "dds_cdrstream_desc_from_topic_desc/dds_cdrstream_default_allocator)");
        }
    }

    /** A copy of the descriptor's ops (dds_stream_countops words: the type's ops and its key ops). */
    private static MemorySegment copyOps(MemorySegment d, Arena arena) {
        MemorySegment src = d.get(ADDRESS, Layouts.offset(Layouts.TOPIC_DESCRIPTOR, "m_ops"));
        int nkeys = d.get(JAVA_INT, Layouts.offset(Layouts.TOPIC_DESCRIPTOR, "m_nkeys"));
        MemorySegment keys = d.get(ADDRESS, Layouts.offset(Layouts.TOPIC_DESCRIPTOR, "m_keys"));
        if (DdsC.DDS_STREAM_COUNTOPS == null) {
            throw new UnsupportedOperationException("this libddsc has no dds_stream_countops");
        }
        long words = Integer.toUnsignedLong(DdsC.dds_stream_countops(src, nkeys, keys));
        MemorySegment copy = arena.allocate(JAVA_INT, Math.max(words, 1));
        MemorySegment.copy(src.reinterpret(words * 4), 0, copy, 0, words * 4);
        return copy;
    }

    /**
     * Validates {@code serialized} and deserializes it into a new C sample allocated in {@code a}. The
     * caller must release what the sample points to with {@link #freeContents} once libddsc is done with it.
     *
     * @throws IllegalArgumentException if the bytes are not a valid serialization of this type
     */
    public MemorySegment deserialize(byte[] serialized, Arena a) {
        if (serialized == null) {
            throw new IllegalArgumentException("no serialized sample (null)");
        }
        if (serialized.length < 4) {
            throw new IllegalArgumentException("a serialized sample starts with a 4-byte encapsulation header; got only "
                    + serialized.length + " bytes");
        }
        int id = (serialized[0] & 0xff) << 8 | (serialized[1] & 0xff);
        int padding = serialized[3] & 3; // XTypes 7.6.3.1.2: padding bytes at the end, in the options' low bits
        int xcdr = xcdrVersion(id);
        int bodySize = serialized.length - 4 - padding;
        if (bodySize < 0) {
            throw new IllegalArgumentException("the encapsulation header announces " + padding
                    + " bytes of padding but the sample has only " + (serialized.length - 4) + " bytes after the header");
        }
        boolean bswap = ((id & 1) == 1) != (ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN); // *_LE ids are odd
        MemorySegment body = a.allocate(Math.max(bodySize, 8), 8);
        MemorySegment.copy(serialized, 4, body, JAVA_BYTE, 0, bodySize);
        if (!normalize(a, body, bodySize, bswap, xcdr)) {
            throw new IllegalArgumentException(String.format("%d bytes are not a valid %s serialization of %s "
                    + "(libddsc's validation rejected them: truncated, wrong type or corrupt)", serialized.length,
                    encapsulationName(id), typeName));
        }
        MemorySegment is = a.allocate(Layouts.ISTREAM);
        is.set(ADDRESS, Layouts.offset(Layouts.ISTREAM, "m_buffer"), body);
        is.set(JAVA_INT, Layouts.offset(Layouts.ISTREAM, "m_size"), bodySize);
        is.set(JAVA_INT, Layouts.offset(Layouts.ISTREAM, "m_index"), 0);
        is.set(JAVA_INT, Layouts.offset(Layouts.ISTREAM, "m_xcdr_version"), xcdr);
        MemorySegment sample = a.allocate(sampleSize, sampleAlign); // zeroed: dds_stream_read reuses non-NULL pointers
        if (v11) {
            DdsC.dds_stream_read_v11(is, sample, DEFAULT_ALLOCATOR, ops);
        } else {
            DdsC.dds_stream_read_v010(is, sample, ops);
        }
        return sample;
    }

    /** dds_sample_free(sample, descriptor, DDS_FREE_CONTENTS): frees strings/sequences, not the sample. */
    public void freeContents(MemorySegment sample) {
        DdsC.dds_sample_free(sample, descriptor, NativeConstants.DDS_FREE_CONTENTS);
    }

    private boolean normalize(Arena a, MemorySegment body, int size, boolean bswap, int xcdr) {
        if (v11) {
            MemorySegment actual = a.allocate(JAVA_INT);
            return DdsC.dds_stream_normalize_v11(body, size, bswap, xcdr, cdrstreamDesc, false, actual);
        }
        MemorySegment off = a.allocate(JAVA_INT);
        return !DdsC.dds_stream_normalize_data(body, off, size, bswap, xcdr, ops).equals(MemorySegment.NULL);
    }

    /** The XCDR version of an encapsulation Cyclone can read for this type; throws for the others. */
    private int xcdrVersion(int id) {
        Extensibility needed;
        int xcdr;
        switch (id) {
            case CDR_BE, CDR_LE -> { needed = Extensibility.FINAL; xcdr = 1; }
            case CDR2_BE, CDR2_LE -> { needed = Extensibility.FINAL; xcdr = 2; }
            case D_CDR2_BE, D_CDR2_LE -> { needed = Extensibility.APPENDABLE; xcdr = 2; }
            case PL_CDR2_BE, PL_CDR2_LE -> { needed = Extensibility.MUTABLE; xcdr = 2; }
            case PL_CDR_BE, PL_CDR_LE -> throw new IllegalArgumentException("encapsulation " + encapsulationName(id)
                    + " (XCDR1 parameter list) is not supported by Cyclone DDS; use XCDR2 (PL_CDR2) for @mutable types");
            default -> throw new IllegalArgumentException(String.format("unknown encapsulation identifier 0x%04x "
                    + "(expected CDR_LE/BE, CDR2_LE/BE, D_CDR2_LE/BE or PL_CDR2_LE/BE)", id));
        }
        if (needed != extensibility) {
            throw new IllegalArgumentException("encapsulation " + encapsulationName(id) + " is for "
                    + needed.name().toLowerCase() + " types, but " + typeName + " is @"
                    + extensibility.name().toLowerCase() + " (Cyclone would drop such a sample too)");
        }
        return xcdr;
    }

    static String encapsulationName(int id) {
        return switch (id) {
            case CDR_BE -> "CDR_BE";
            case CDR_LE -> "CDR_LE";
            case PL_CDR_BE -> "PL_CDR_BE";
            case PL_CDR_LE -> "PL_CDR_LE";
            case CDR2_BE -> "CDR2_BE";
            case CDR2_LE -> "CDR2_LE";
            case D_CDR2_BE -> "D_CDR2_BE";
            case D_CDR2_LE -> "D_CDR2_LE";
            case PL_CDR2_BE -> "PL_CDR2_BE";
            case PL_CDR2_LE -> "PL_CDR2_LE";
            default -> String.format("0x%04x", id);
        };
    }

    @Override
    public void close() {
        if (arena != null) {
            if (v11) {
                DdsC.dds_cdrstream_desc_fini(cdrstreamDesc, DEFAULT_ALLOCATOR);
            }
            arena.close();
            arena = null;
        }
    }
}
