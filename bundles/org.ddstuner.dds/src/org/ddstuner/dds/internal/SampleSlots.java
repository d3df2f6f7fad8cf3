package org.ddstuner.dds.internal;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BOOLEAN;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * Samples of a reader's own that dds_take deserializes into (the pointer array's first entry is not NULL,
 * so Cyclone lends nothing), reused for every take: what ddsperf does by keeping its first loan for good.
 * A loan returned after every take cost, per take, the reader's entity lock twice, re-pointing every slot
 * of the cached loan, freeing each sample's sequence buffer and zeroing the whole loan, then allocating the
 * sequence buffer again on the next take: a few percent of a 64-byte round trip's CPU in both processes.
 * Here Cyclone reallocates a string or sequence buffer only when a sample needs more room than the
 * previous one in that slot had.
 *
 * <p>The slots start zeroed (NULL strings, empty sequences); what Cyclone allocates into them (strings,
 * sequence buffers it owns) is freed by {@link #free}. Not thread-safe: the owning reader uses it under its
 * take lock, and frees it once the native reader is deleted.
 */
public final class SampleSlots {

    private final long sampleSize;
    private final long[] stringOffsets;
    private final long[] sequenceOffsets;
    private Arena arena;
    private MemorySegment block = MemorySegment.NULL;
    private MemorySegment pointers = MemorySegment.NULL;
    private MemorySegment infos = MemorySegment.NULL;
    private int capacity;

    /**
     * @param sampleSize      size of the C struct
     * @param stringOffsets   offsets of its {@code char *} members
     * @param sequenceOffsets offsets of its {@code dds_sequence_t} members
     */
    public SampleSlots(long sampleSize, long[] stringOffsets, long[] sequenceOffsets) {
        this.sampleSize = sampleSize;
        this.stringOffsets = stringOffsets.clone();
        this.sequenceOffsets = sequenceOffsets.clone();
    }

    /** Makes room for {@code max} samples (a larger request replaces the slots, freeing the old ones). */
    public void ensureCapacity(int max) {
        if (max <= capacity) {
            return;
        }
        free();
        arena = Arena.ofShared();
        long stride = (sampleSize + 7) & ~7L;
        block = arena.allocate(stride * max, 8); // zeroed: NULL strings, sequences with nothing allocated
        pointers = arena.allocate(ADDRESS, max);
        for (int i = 0; i < max; i++) {
            pointers.setAtIndex(ADDRESS, i, block.asSlice(i * stride, sampleSize));
        }
        infos = arena.allocate(Layouts.SAMPLE_INFO, max);
        capacity = max;
    }

    /** The sample pointer array for dds_take (every entry a slot of ours). */
    public MemorySegment pointers() {
        return pointers;
    }

    public MemorySegment infos() {
        return infos;
    }

    /** Frees what Cyclone allocated into the slots, then the slots. Call only when no take can run any more. */
    public void free() {
        if (arena == null) {
            return;
        }
        long stride = (sampleSize + 7) & ~7L;
        for (int i = 0; i < capacity; i++) {
            long base = i * stride;
            for (long o : stringOffsets) {
                MemorySegment s = block.get(ADDRESS, base + o);
                if (!s.equals(MemorySegment.NULL)) {
                    DdsC.dds_free(s);
                }
            }
            for (long o : sequenceOffsets) {
                MemorySegment b = block.get(ADDRESS, base + o + StructCodec.SEQ_BUFFER);
                if (!b.equals(MemorySegment.NULL) && block.get(JAVA_BOOLEAN, base + o + StructCodec.SEQ_RELEASE)) {
                    DdsC.dds_free(b);
                }
            }
        }
        arena.close();
        arena = null;
        block = MemorySegment.NULL;
        pointers = MemorySegment.NULL;
        infos = MemorySegment.NULL;
        capacity = 0;
    }
}
