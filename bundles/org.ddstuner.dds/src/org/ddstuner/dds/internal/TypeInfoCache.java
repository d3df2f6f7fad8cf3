package org.ddstuner.dds.internal;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Remembers {@link TypeInfoSerializer#serialize} results by the native bytes they were made from.
 *
 * <p>Why: every DCPSPublication/DCPSSubscription sample of an idlc-typed peer carries type information,
 * but a system has far fewer types than endpoints (the discovery benchmark: 20,000 endpoints, one
 * type). Serializing builds a dozen small buffers per sample; copying the ~130 input bytes and one hash
 * lookup is much cheaper. The key is exactly what the serializer reads (each TypeIdentifierWithSize,
 * the dependency count, and the dependent identifiers behind the sequence pointer), so equal keys give
 * equal serializations. Returned arrays are shared: callers must not modify them ({@code EndpointData}
 * copies). Not thread-safe: one per reader, used under its fetch lock.
 */
public final class TypeInfoCache {

    /** Distinct types remembered per reader; the least recently used one is dropped beyond this. */
    static final int MAX_TYPES = 256;
    /** Stands for "the serializer returned null" in the map. */
    private static final byte[] NONE = new byte[0];

    private static final long MINIMAL = Layouts.offset(Layouts.XT_TYPE_INFORMATION, "minimal");
    private static final long COMPLETE = Layouts.offset(Layouts.XT_TYPE_INFORMATION, "complete");
    private static final long TYPEID_WITH_SIZE =
            Layouts.offset(Layouts.XT_TYPE_IDENTIFIER_WITH_DEPENDENCIES, "typeid_with_size");
    private static final long DEPENDENT_COUNT =
            Layouts.offset(Layouts.XT_TYPE_IDENTIFIER_WITH_DEPENDENCIES, "dependent_typeid_count");
    private static final long DEPENDENT_IDS = Layouts.offset(Layouts.XT_TYPE_IDENTIFIER_WITH_DEPENDENCIES, "dependent_typeids");
    private static final long SEQ_LENGTH = Layouts.offset(Layouts.SEQUENCE, "_length");
    private static final long SEQ_BUFFER = Layouts.offset(Layouts.SEQUENCE, "_buffer");
    private static final int WITH_SIZE = (int) Layouts.XT_TYPE_IDENTIFIER_WITH_SIZE.byteSize();
    /** Dependency lists longer than this are not cached (never seen for top-level types; bounds the key). */
    private static final int MAX_DEPENDENCIES = 64;

    private final Map<Key, byte[]> cache = new LinkedHashMap<>(64, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Key, byte[]> eldest) {
            return size() > MAX_TYPES;
        }
    };

    /** Same result as {@link TypeInfoSerializer#serialize} for this {@code dds_typeinfo_t}. */
    public byte[] serialize(MemorySegment typeinfo) {
        MemorySegment ti = typeinfo.reinterpret(Layouts.XT_TYPE_INFORMATION.byteSize());
        byte[] key = key(ti);
        if (key == null) {
            return TypeInfoSerializer.serialize(typeinfo);
        }
        Key k = new Key(key);
        byte[] known = cache.get(k);
        if (known == null) {
            byte[] fresh = TypeInfoSerializer.serialize(typeinfo);
            known = fresh == null ? NONE : fresh;
            cache.put(k, known);
        }
        return known == NONE ? null : known;
    }

    /** The serializer's input bytes, or {@code null} when there are too many dependencies to key on. */
    private static byte[] key(MemorySegment ti) {
        int nMin = dependencies(ti, MINIMAL);
        int nCom = dependencies(ti, COMPLETE);
        if (nMin < 0 || nCom < 0) {
            return null;
        }
        byte[] key = new byte[2 * (WITH_SIZE + 8) + (nMin + nCom) * WITH_SIZE];
        int at = append(ti, MINIMAL, nMin, key, 0);
        append(ti, COMPLETE, nCom, key, at);
        return key;
    }

    private static int dependencies(MemorySegment ti, long base) {
        int n = ti.get(JAVA_INT, base + DEPENDENT_IDS + SEQ_LENGTH);
        boolean hasBuffer = !ti.get(ADDRESS, base + DEPENDENT_IDS + SEQ_BUFFER).equals(MemorySegment.NULL);
        return n < 0 || n > MAX_DEPENDENCIES || (n > 0 && !hasBuffer) ? -1 : n;
    }

    private static int append(MemorySegment ti, long base, int n, byte[] key, int at) {
        MemorySegment.copy(ti, JAVA_BYTE, base + TYPEID_WITH_SIZE, key, at, WITH_SIZE);
        at += WITH_SIZE;
        putInt(key, at, ti.get(JAVA_INT, base + DEPENDENT_COUNT));
        putInt(key, at + 4, n);
        at += 8;
        if (n > 0) {
            MemorySegment deps = ti.get(ADDRESS, base + DEPENDENT_IDS + SEQ_BUFFER).reinterpret((long) n * WITH_SIZE);
            MemorySegment.copy(deps, JAVA_BYTE, 0, key, at, n * WITH_SIZE);
            at += n * WITH_SIZE;
        }
        return at;
    }

    private static void putInt(byte[] b, int at, int v) {
        b[at] = (byte) v;
        b[at + 1] = (byte) (v >>> 8);
        b[at + 2] = (byte) (v >>> 16);
        b[at + 3] = (byte) (v >>> 24);
    }

    /** A byte[] with value equality, as a map key. */
    private static final class Key {
        private final byte[] bytes;
        private final int hash;

        Key(byte[] bytes) {
            this.bytes = bytes;
            this.hash = Arrays.hashCode(bytes);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && k.hash == hash && Arrays.equals(k.bytes, bytes);
        }

        @Override
        public int hashCode() {
            return hash;
        }
    }
}
