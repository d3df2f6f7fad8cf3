package org.ddstuner.types.cdr;

import java.nio.ByteOrder;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;

import org.ddstuner.types.DdsType;
import org.ddstuner.types.Extensibility;
import org.ddstuner.types.Member;
import org.ddstuner.types.StructType;
import org.ddstuner.types.TypeLibrary;
import org.ddstuner.types.UnionType;
import org.ddstuner.types.UnknownTypeException;

/**
 * XCDR1/XCDR2 encoder and decoder for the types of a {@link TypeLibrary}, independent of libddsc.
 * Values use the representation described in {@code org.ddstuner.types} (package-info).
 *
 * <pre>{@code
 * CdrCodec codec = new CdrCodec(library);
 * byte[] bytes = codec.encode(new TypeRef("M::Msg"), sample, XcdrVersion.XCDR2, ByteOrder.LITTLE_ENDIAN);
 * DecodeResult r = codec.decode(new TypeRef("M::Msg"), bytes);   // r.value() equals sample
 * }</pre>
 *
 * Decoding never throws anything but {@link CdrException} for any bytes, allocates at most in proportion
 * to the input, and stops at {@link #maxDepth()} levels of nesting. Instances are immutable and
 * thread-safe.
 */
public final class CdrCodec {
    /** Nesting levels (struct in struct, element of sequence, …) allowed by default. */
    public static final int DEFAULT_MAX_DEPTH = 100;
    private static final int HEADER = 4;

    private final TypeLibrary library;
    private final int maxDepth;
    private final TypeFacts xcdr1;
    private final TypeFacts xcdr2;

    public CdrCodec(TypeLibrary library) {
        this(library, DEFAULT_MAX_DEPTH);
    }

    public CdrCodec(TypeLibrary library, int maxDepth) {
        if (maxDepth < 1) {
            throw new IllegalArgumentException("maxDepth must be at least 1: " + maxDepth);
        }
        this.library = library;
        this.maxDepth = maxDepth;
        this.xcdr1 = new TypeFacts(library, XcdrVersion.XCDR1);
        this.xcdr2 = new TypeFacts(library, XcdrVersion.XCDR2);
    }

    private TypeFacts facts(XcdrVersion version) {
        return version == XcdrVersion.XCDR1 ? xcdr1 : xcdr2;
    }

    public TypeLibrary library() {
        return library;
    }

    public int maxDepth() {
        return maxDepth;
    }

    /** The encapsulation a writer uses for a top-level value of that type (by its extensibility). */
    public Encapsulation encapsulationFor(DdsType type, XcdrVersion version, ByteOrder order) {
        Extensibility ext = switch (library.unalias(type)) {
            case StructType s -> s.extensibility();
            case UnionType u -> u.extensibility();
            default -> Extensibility.FINAL;
        };
        return Encapsulation.of(ext, version, order);
    }

    /**
     * Serialized data as a DDS writer sends it: the 4-byte encapsulation header, the body, and zero padding
     * to a multiple of 4 whose length is in the header's option bits (as libddsc does).
     *
     * @throws CdrException when the value does not fit the type (wrong Java type, bound exceeded, missing
     *                      member…), naming the member path
     */
    public byte[] encode(DdsType type, Object value, XcdrVersion version, ByteOrder order) {
        Encapsulation enc = encapsulationFor(type, version, order);
        byte[] body = encodeBody(type, value, version, order);
        int pad = (4 - body.length % 4) % 4;
        byte[] out = new byte[HEADER + body.length + pad];
        out[0] = (byte) (enc.id() >> 8);
        out[1] = (byte) enc.id();
        out[3] = (byte) pad;
        System.arraycopy(body, 0, out, HEADER, body.length);
        return out;
    }

    /** The body alone (no header, no final padding), aligned from its first byte. */
    public byte[] encodeBody(DdsType type, Object value, XcdrVersion version, ByteOrder order) {
        ValueEncoder enc = encoder(version, order == ByteOrder.LITTLE_ENDIAN, version.maxAlignment());
        try {
            enc.write(type, value, 0);
        } catch (UnknownTypeException e) {
            throw enc.fail(e.getMessage());
        }
        return enc.out.toByteArray();
    }

    /** Decodes serialized data that starts with the encapsulation header. */
    public DecodeResult decode(DdsType type, byte[] data) {
        return decode(type, data, 0, data.length);
    }

    /** Decodes {@code length} bytes from {@code offset}; offsets in errors and notes count from there. */
    public DecodeResult decode(DdsType type, byte[] data, int offset, int length) {
        byte[] bytes = offset == 0 && length == data.length ? data : Arrays.copyOfRange(data, offset, offset + length);
        if (bytes.length < HEADER) {
            throw new CdrException(0, "", "expected a 4-byte encapsulation header, got " + bytes.length + " bytes");
        }
        int id = (bytes[0] & 0xFF) << 8 | (bytes[1] & 0xFF);
        Encapsulation enc = Encapsulation.of(id).orElseThrow(() -> new CdrException(0, "",
                String.format("unknown encapsulation identifier 0x%04x (expected CDR, PL_CDR, CDR2, D_CDR2 or PL_CDR2)", id)));
        return decodeFrom(type, bytes, HEADER, enc.version(), enc.byteOrder(), enc);
    }

    /** Decodes a body without header (e.g. a serialized key) of a known version and byte order. */
    public DecodeResult decodeBody(DdsType type, byte[] body, XcdrVersion version, ByteOrder order) {
        return decodeFrom(type, body, 0, version, order, Encapsulation.of(Extensibility.FINAL, version, order));
    }

    private DecodeResult decodeFrom(DdsType type, byte[] bytes, int start, XcdrVersion version, ByteOrder order,
            Encapsulation enc) {
        PathTracker path = new PathTracker();
        CdrInput in = new CdrInput(bytes, start, bytes.length, order == ByteOrder.LITTLE_ENDIAN, version.maxAlignment(), path);
        ValueDecoder dec = new ValueDecoder(facts(version), in, maxDepth);
        Object value;
        try {
            value = dec.read(type, 0);
        } catch (UnknownTypeException e) {
            throw in.error("type problem: " + e.getMessage());
        }
        int left = in.remaining();
        // up to 3 bytes are the padding that makes serialized data a multiple of 4
        if (left > 3) {
            dec.note(DecodeNote.Kind.TRAILING_DATA, in.position(), left + " bytes after the sample ignored");
        }
        return new DecodeResult(value, enc, dec.notes());
    }

    private ValueEncoder encoder(XcdrVersion version, boolean little, int maxAlign) {
        return new ValueEncoder(facts(version), new CdrOutput(little, maxAlign), maxDepth);
    }

    /**
     * The serialized key (XTypes 1.3 §7.6.8): key members, big endian, in the given XCDR version's
     * alignment, without DHEADER/EMHEADER. Empty for a keyless type.
     */
    public byte[] serializedKey(StructType type, Object sample, XcdrVersion version) {
        TypeFacts facts = facts(version);
        if (facts.allMembers(type).stream().noneMatch(Member::key)) {
            return new byte[0];
        }
        ValueEncoder enc = encoder(version, false, version.maxAlignment());
        try {
            new KeyEncoder(enc).writeKey(type, sample, 0);
        } catch (UnknownTypeException e) {
            throw enc.fail(e.getMessage());
        }
        return enc.out.toByteArray();
    }

    /** {@link #keyHash(StructType, Object, XcdrVersion)} in XCDR2, as the XTypes 1.3 spec says. */
    public byte[] keyHash(StructType type, Object sample) {
        return keyHash(type, sample, XcdrVersion.XCDR2);
    }

    /**
     * The 16-byte key hash: the serialized key zero-padded when every key of the type is at most 16 bytes,
     * else its MD5. All zeros for a keyless type. libddsc 0.10.2 computes it in the writer's XCDR version
     * (XCDR1 topics: XCDR1 alignment), hence the parameter.
     */
    public byte[] keyHash(StructType type, Object sample, XcdrVersion version) {
        byte[] key = serializedKey(type, sample, version);
        TypeFacts facts = facts(version);
        if (KeyEncoder.fixedSize(facts, type, 0) && key.length <= 16) {
            return Arrays.copyOf(key, 16);
        }
        try {
            return MessageDigest.getInstance("MD5").digest(key);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("MD5 is required by every Java runtime", e);
        }
    }
}
