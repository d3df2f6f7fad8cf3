package org.ddstuner.dds;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BOOLEAN;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Map;

import org.ddstuner.dds.internal.StructCodec;

/**
 * One C-layout sample of a {@link StructType}, allocated once and written many times
 * ({@link Writer#write(SampleBuffer)}): the hot path of a benchmark publisher changes a sequence number
 * and writes, without a {@code Map}, an arena or a native allocation per sample. Members are addressed
 * by index ({@link StructType#indexOf}). Not thread-safe; {@link #close()} frees the native memory.
 */
public final class SampleBuffer implements AutoCloseable {

    private final StructType type;
    private final Arena arena = Arena.ofShared();
    private final MemorySegment sample;
    private final MemorySegment[] octets;

    /** A zero-filled sample (strings empty, sequences empty). */
    public SampleBuffer(StructType type) {
        this(type, Map.of());
    }

    /** A sample filled from {@code values} as {@link Writer#write(Map)} would encode them. */
    public SampleBuffer(StructType type, Map<String, ?> values) {
        this.type = type;
        this.sample = type.codec().encode(values, arena);
        this.octets = new MemorySegment[type.members().size()];
    }

    public StructType type() {
        return type;
    }

    MemorySegment segment() {
        return sample;
    }

    public SampleBuffer setInt32(int member, int value) {
        sample.set(JAVA_INT, offset(member, 4), value);
        return this;
    }

    public SampleBuffer setInt64(int member, long value) {
        sample.set(JAVA_LONG, offset(member, 8), value);
        return this;
    }

    public int getInt32(int member) {
        return sample.get(JAVA_INT, offset(member, 4));
    }

    public long getInt64(int member) {
        return sample.get(JAVA_LONG, offset(member, 8));
    }

    /**
     * Makes octet-sequence member {@code member} {@code length} bytes long, every byte {@code fill}. The
     * buffer is ours (not released by Cyclone) and reused while the length does not grow.
     */
    public SampleBuffer setOctets(int member, int length, byte fill) {
        StructType.Member m = type.members().get(member);
        if (m.kind() != MemberKind.OCTET_SEQUENCE) {
            throw new IllegalArgumentException("member " + m.name() + " is " + m.idlType() + ", not a sequence<octet>");
        }
        if (length < 0 || (m.bound() > 0 && length > m.bound())) {
            throw new IllegalArgumentException("member " + m.name() + " (" + m.idlType() + ") cannot hold " + length + " bytes");
        }
        MemorySegment buf = octets[member];
        if (length > 0 && (buf == null || buf.byteSize() < length)) {
            buf = arena.allocate(length);
            octets[member] = buf;
        }
        if (length > 0) {
            buf.asSlice(0, length).fill(fill);
        }
        long o = m.offset();
        sample.set(JAVA_INT, o + StructCodec.SEQ_MAXIMUM, length);
        sample.set(JAVA_INT, o + StructCodec.SEQ_LENGTH, length);
        sample.set(ADDRESS, o + StructCodec.SEQ_BUFFER, length == 0 ? MemorySegment.NULL : buf);
        sample.set(JAVA_BOOLEAN, o + StructCodec.SEQ_RELEASE, false);
        return this;
    }

    /** The current values as a map (for checks and display; allocates). */
    public Map<String, Object> toMap() {
        return type.codec().decode(sample, false);
    }

    private long offset(int member, int size) {
        StructType.Member m = type.members().get(member);
        if (m.kind().size() != size || m.kind() == MemberKind.STRING) {
            throw new IllegalArgumentException("member " + m.name() + " is " + m.idlType() + ", not a " + size * 8 + "-bit integer");
        }
        return m.offset();
    }

    @Override
    public void close() {
        arena.close();
    }
}
