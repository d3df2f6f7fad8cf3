package org.ddstuner.dds;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.MemorySegment;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

import org.ddstuner.dds.internal.DdsC;
import org.ddstuner.dds.internal.Layouts;
import org.ddstuner.dds.internal.NativeConstants;
import org.ddstuner.dds.internal.Retcode;

/**
 * libddsc's per-entity statistics ({@code dds/ddsc/dds_statistics.h}, since 0.7): a writer has
 * {@code rexmit_bytes}, {@code throttle_count}, {@code time_throttle}, {@code time_rexmit}; a reader
 * {@code discarded_bytes}. Only entities of this process. The native object belongs to this owner: close it
 * (before or after the entity; Cyclone keeps it valid, a refresh then fails with ALREADY_DELETED).
 * Layouts: {@link Layouts#STATISTICS}, {@link Layouts#STAT_KEYVALUE} (checked against the C headers by
 * releng/probe/layout_probe.c).
 */
public final class Statistics implements AutoCloseable {

    /** dds_stat_kind: UINT32, UINT64, LENGTHTIME. */
    private static final int KIND_UINT32 = 0;
    private static final long KV_OFFSET = Layouts.STATISTICS.byteSize();
    private static final long KV_SIZE = Layouts.STAT_KEYVALUE.byteSize();
    private static final long TIME = Layouts.offset(Layouts.STATISTICS, "time");
    private static final long COUNT = Layouts.offset(Layouts.STATISTICS, "count");
    private static final long NAME = Layouts.offset(Layouts.STAT_KEYVALUE, "name");
    private static final long KIND = Layouts.offset(Layouts.STAT_KEYVALUE, "kind");
    private static final long VALUE = Layouts.offset(Layouts.STAT_KEYVALUE, "u");

    private final Entity entity;
    private MemorySegment stats;

    private Statistics(Entity entity, MemorySegment stats) {
        this.entity = entity;
        this.stats = stats;
    }

    /** Whether the loaded libddsc exports the statistics API (a missing symbol only disables this class). */
    public static boolean supported() {
        DdsLibrary.get();
        return DdsC.DDS_CREATE_STATISTICS != null && DdsC.DDS_REFRESH_STATISTICS != null
                && DdsC.DDS_DELETE_STATISTICS != null && DdsC.DDS_LOOKUP_STATISTIC != null;
    }

    /**
     * dds_create_statistics for a writer or reader of this process.
     *
     * @throws UnsupportedOperationException when the library has no statistics API
     * @throws DdsException                   when Cyclone has no statistics for this entity kind
     */
    public static Statistics of(Entity entity) {
        if (!supported()) {
            throw new UnsupportedOperationException("this libddsc has no statistics API (dds_create_statistics)");
        }
        MemorySegment s = DdsC.dds_create_statistics(entity.handle());
        if (s.equals(MemorySegment.NULL)) {
            throw Retcode.exception(NativeConstants.DDS_RETCODE_BAD_PARAMETER, "dds_create_statistics(" + entity + "): no statistics for this entity");
        }
        Statistics st = new Statistics(entity, s);
        st.refresh();
        return st;
    }

    public Entity entity() {
        return entity;
    }

    /** dds_refresh_statistics: updates the values to now. */
    public synchronized void refresh() {
        Retcode.check(DdsC.dds_refresh_statistics(segment()), "dds_refresh_statistics(" + entity + ")");
    }

    /** Cyclone's time stamp of the latest refresh (ns since the epoch). */
    public synchronized long time() {
        return segment().get(JAVA_LONG, TIME);
    }

    /** Every key and value as of the latest refresh, in Cyclone's order. */
    public synchronized Map<String, Long> values() {
        MemorySegment s = segment();
        long count = s.get(JAVA_LONG, COUNT);
        MemorySegment all = s.reinterpret(KV_OFFSET + count * KV_SIZE);
        Map<String, Long> m = new LinkedHashMap<>();
        for (long i = 0; i < count; i++) {
            long at = KV_OFFSET + i * KV_SIZE;
            String name = all.get(ADDRESS, at + NAME).reinterpret(Long.MAX_VALUE).getString(0);
            m.put(name, value(all, at));
        }
        return Collections.unmodifiableMap(m);
    }

    /** dds_lookup_statistic: one value, or {@code null} when this entity has no such key. */
    public synchronized Long lookup(String name) {
        try (var a = java.lang.foreign.Arena.ofConfined()) {
            MemorySegment kv = DdsC.dds_lookup_statistic(segment(), a.allocateFrom(name));
            if (kv.equals(MemorySegment.NULL)) {
                return null;
            }
            return value(kv.reinterpret(KV_SIZE), 0);
        }
    }

    private static long value(MemorySegment s, long at) {
        int kind = s.get(JAVA_INT, at + KIND);
        return kind == KIND_UINT32 ? Integer.toUnsignedLong(s.get(JAVA_INT, at + VALUE)) : s.get(JAVA_LONG, at + VALUE);
    }

    private MemorySegment segment() {
        if (stats == null) {
            throw new IllegalStateException("Statistics of " + entity + " used after close()");
        }
        // dds_statistics is variable-sized: header first, the kv array is reinterpreted where it is read
        return stats.reinterpret(KV_OFFSET);
    }

    @Override
    public synchronized void close() {
        if (stats != null) {
            DdsC.dds_delete_statistics(stats);
            stats = null;
        }
    }
}
