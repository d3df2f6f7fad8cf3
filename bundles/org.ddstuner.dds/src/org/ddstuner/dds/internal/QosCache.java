package org.ddstuner.dds.internal;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

import org.ddstuner.dds.Qos;

/**
 * Decodes a native {@code dds_qos_t} once per distinct QoS instead of once per sample: the endpoints
 * of a large system share a handful of QoS settings, and one {@code dds_qos_equal} downcall against a
 * remembered copy is far cheaper than the ~30 dds_qget_* calls (and their allocations) of
 * {@link QosReader#read}. Keeps the {@value #SIZE} most recently used QoS (native copy + decoded
 * {@link Qos}, which is immutable and so can be shared by every endpoint with that QoS).
 *
 * <p>{@code dds_qos_equal} compares every policy Cyclone holds (presence and value, including
 * partitions, user/topic/group data, properties and entity name), so a hit returns exactly what
 * decoding would. The native copies are freed with the arena given to the constructor.
 * Not thread-safe: use it under one lock (built-in readers: their fetch lock).
 */
public final class QosCache {

    /** Most recently used entries kept; a miss compares against all of them first. */
    static final int SIZE = 16;

    private final Arena arena;
    private final QosReader reader;
    /** Index 0 = most recently used; only the first {@link #used} entries are valid. */
    private final MemorySegment[] natives = new MemorySegment[SIZE];
    private final Qos[] decoded = new Qos[SIZE];
    private int used;
    private long hits;
    private long misses;

    /** {@code arena} provides the scratch memory and owns the native copies (freed when it closes). */
    public QosCache(Arena arena) {
        this.arena = arena;
        this.reader = new QosReader(arena);
    }

    /** Same result as {@link QosReader#read(MemorySegment)}; {@code n} stays owned by the caller. */
    public Qos read(MemorySegment n) {
        if (n == null || n.equals(MemorySegment.NULL)) {
            return Qos.EMPTY;
        }
        for (int i = 0; i < used; i++) {
            if (DdsC.dds_qos_equal(natives[i], n)) {
                hits++;
                Qos q = decoded[i];
                MemorySegment copy = natives[i];
                moveToFront(i, copy, q);
                return q;
            }
        }
        misses++;
        Qos q = reader.read(n);
        MemorySegment copy;
        int slot;
        if (used < SIZE) {
            copy = DdsC.dds_create_qos().reinterpret(arena, DdsC::dds_delete_qos);
            slot = used++;
        } else {
            slot = SIZE - 1; // least recently used: reuse its native block
            copy = natives[slot];
            DdsC.dds_reset_qos(copy); // frees what the old copy held; dds_copy_qos would leak it
        }
        int rc = DdsC.dds_copy_qos(copy, n);
        if (rc < 0) {
            used = slot; // the slot's copy is no longer what it decoded to: forget it
            Retcode.check(rc, "dds_copy_qos");
        }
        moveToFront(slot, copy, q);
        return q;
    }

    private void moveToFront(int i, MemorySegment copy, Qos q) {
        System.arraycopy(natives, 0, natives, 1, i);
        System.arraycopy(decoded, 0, decoded, 1, i);
        natives[0] = copy;
        decoded[0] = q;
    }

    /** Reads answered from a remembered copy (for benchmarks and tests). */
    public long hits() {
        return hits;
    }

    /** Reads that had to decode. */
    public long misses() {
        return misses;
    }
}
