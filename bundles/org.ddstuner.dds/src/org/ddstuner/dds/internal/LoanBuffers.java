package org.ddstuner.dds.internal;

import static java.lang.foreign.ValueLayout.ADDRESS;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * The two arrays one reader passes to dds_take/dds_read with loans: the sample pointer array and the
 * {@code dds_sample_info_t} array. A reader keeps one instance and reuses it for every take, so the
 * discovery hot path (hundreds of takes of 256 samples) allocates no native memory per call.
 *
 * <p>Why the pointer array must never be smaller than the largest {@code max} ever passed for that
 * reader: libddsc 0.10 caches its loan per reader and, when the cached loan is at least as large as the
 * request, writes <em>all</em> of the cached loan's sample pointers into {@code buf} (one per loaned
 * slot, not {@code max}). A take(10000) followed by a take(5000) with a 5000-entry array therefore
 * overwrites the memory behind the array (seen as "malloc(): unaligned tcache chunk detected" crashes).
 * {@link #ensureCapacity} only ever grows, which keeps us at or above Cyclone's loan size.
 *
 * <p>Not thread-safe: the owning reader uses it under its fetch lock. Memory is from an automatic arena
 * (freed by the GC with the reader), so closing a reader never races with a take still using it.
 */
public final class LoanBuffers {

    private static final long INFO_SIZE = Layouts.SAMPLE_INFO.byteSize();

    private MemorySegment samples = MemorySegment.NULL;
    private MemorySegment infos = MemorySegment.NULL;
    private int capacity;

    /** Makes room for {@code max} samples (never shrinks: see the class comment). */
    public void ensureCapacity(int max) {
        if (max <= capacity) {
            return;
        }
        Arena arena = Arena.ofAuto();
        samples = arena.allocate(ADDRESS, max);
        infos = arena.allocate(Layouts.SAMPLE_INFO, max);
        capacity = max;
    }

    /**
     * The pointer array, with {@code buf[0] == NULL} so Cyclone lends its samples (a stale pointer from the
     * previous take would make it decode into that memory instead).
     */
    public MemorySegment samplesForLoan() {
        samples.set(ADDRESS, 0, MemorySegment.NULL);
        return samples;
    }

    public MemorySegment infos() {
        return infos;
    }

    /** Byte offset of sample info {@code i} in {@link #infos()}. */
    public static long infoOffset(int i) {
        return i * INFO_SIZE;
    }
}
