package org.ddstuner.dds;

import static java.lang.foreign.ValueLayout.JAVA_BOOLEAN;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.MemorySegment;
import java.util.Map;

import org.ddstuner.dds.internal.Layouts;
import org.ddstuner.dds.internal.StructCodec;

/**
 * A sample taken by {@link Reader#take(int, Visitor)}, read in place in the reader's own sample memory:
 * no copy, no {@code Map}, no allocation. One view object is reused for every sample of a reader and is
 * valid only inside the visitor call. A visitor may change integer members of the sample (it is the
 * reader's copy) and write it on with {@link Writer#write(SampleView)} (what an echo does).
 */
public final class SampleView {

    /** Called once per loaned sample. */
    @FunctionalInterface
    public interface Visitor {
        void visit(SampleView sample);
    }

    private static final long VALID_DATA = Layouts.offset(Layouts.SAMPLE_INFO, "valid_data");
    private static final long SOURCE_TIMESTAMP = Layouts.offset(Layouts.SAMPLE_INFO, "source_timestamp");
    private static final long PUBLICATION_HANDLE = Layouts.offset(Layouts.SAMPLE_INFO, "publication_handle");

    /** All of memory: members are read at absolute addresses, so moving to the next sample allocates nothing. */
    private static final MemorySegment ALL = MemorySegment.NULL.reinterpret(Long.MAX_VALUE);

    private final StructType type;
    private long address;
    private MemorySegment infos = MemorySegment.NULL;
    private long infoOffset;

    SampleView(StructType type) {
        this.type = type;
    }

    void point(long sampleAddress, MemorySegment infos, long infoOffset) {
        this.address = sampleAddress;
        this.infos = infos;
        this.infoOffset = infoOffset;
    }

    void clear() {
        address = 0;
        infos = MemorySegment.NULL;
    }

    /** The sample's native address (for writing it on without a segment per write). */
    long address() {
        ensureValid();
        return address;
    }

    /** The loaned sample as a segment of the struct's size (allocates; for writing it on). */
    MemorySegment segment() {
        ensureValid();
        return MemorySegment.ofAddress(address).reinterpret(type.size());
    }

    public StructType type() {
        return type;
    }

    /** False for an invalid sample (only the key is meaningful: a dispose or unregister). */
    public boolean validData() {
        ensureValid();
        return infos.get(JAVA_BOOLEAN, infoOffset + VALID_DATA);
    }

    /** Source timestamp in nanoseconds since the epoch (same clock as {@link DdsTime#now()}). */
    public long sourceTimestampNanos() {
        ensureValid();
        return infos.get(JAVA_LONG, infoOffset + SOURCE_TIMESTAMP);
    }

    /** Instance handle of the writer that wrote this sample. */
    public long publicationHandle() {
        ensureValid();
        return infos.get(JAVA_LONG, infoOffset + PUBLICATION_HANDLE);
    }

    public int getInt32(int member) {
        ensureValid();
        return ALL.get(JAVA_INT, address + offset(member, 4));
    }

    public long getInt64(int member) {
        ensureValid();
        return ALL.get(JAVA_LONG, address + offset(member, 8));
    }

    /** Changes an integer member of the loaned sample (e.g. to stamp an arrival time before echoing it). */
    public void setInt64(int member, long value) {
        ensureValid();
        ALL.set(JAVA_LONG, address + offset(member, 8), value);
    }

    /** Length of octet-sequence member {@code member}. */
    public int octetsLength(int member) {
        StructType.Member m = type.members().get(member);
        if (m.kind() != MemberKind.OCTET_SEQUENCE) {
            throw new IllegalArgumentException("member " + m.name() + " is " + m.idlType() + ", not a sequence<octet>");
        }
        ensureValid();
        return ALL.get(JAVA_INT, address + m.offset() + StructCodec.SEQ_LENGTH);
    }

    /** All members copied to a map (allocates; for checks and display). */
    public Map<String, Object> toMap() {
        return type.codec().decode(segment(), !validData());
    }

    private long offset(int member, int size) {
        StructType.Member m = type.members().get(member);
        if (m.kind().size() != size || m.kind() == MemberKind.STRING) {
            throw new IllegalArgumentException("member " + m.name() + " is " + m.idlType() + ", not a " + size * 8 + "-bit integer");
        }
        return m.offset();
    }

    private void ensureValid() {
        if (address == 0) {
            throw new IllegalStateException("a SampleView is only valid inside the visitor call that received it");
        }
    }
}
