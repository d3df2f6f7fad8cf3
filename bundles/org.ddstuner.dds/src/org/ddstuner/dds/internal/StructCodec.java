package org.ddstuner.dds.internal;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BOOLEAN;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_DOUBLE;
import static java.lang.foreign.ValueLayout.JAVA_FLOAT;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static java.lang.foreign.ValueLayout.JAVA_SHORT;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.ddstuner.dds.MemberKind;
import org.ddstuner.dds.StructType.Member;

/**
 * Moves sample values between Java and the C struct of a {@link org.ddstuner.dds.StructType}. Encoding is
 * strict about names and ranges (a clear IllegalArgumentException rather than a silently truncated value);
 * members that are not given are written as zero / false / "".
 */
public final class StructCodec {

    private final List<Member> members;
    private final Map<String, Member> byName = new LinkedHashMap<>();
    private final int size;

    public StructCodec(List<Member> members, int size) {
        this.members = members;
        this.size = size;
        members.forEach(m -> byName.put(m.name(), m));
    }

    /** Allocates and fills a C sample in {@code arena} (strings too). */
    public MemorySegment encode(Map<String, ?> values, Arena arena) {
        MemorySegment s = arena.allocate(size, 8);
        encode(values, s, arena);
        return s;
    }

    public void encode(Map<String, ?> values, MemorySegment s, Arena strings) {
        for (String name : values.keySet()) {
            if (!byName.containsKey(name)) {
                throw new IllegalArgumentException("unknown member '" + name + "'; the type has " + byName.keySet());
            }
        }
        for (Member m : members) {
            Object v = values.get(m.name());
            long o = m.offset();
            if (m.kind() == MemberKind.STRING) {
                String str = v == null ? "" : v.toString();
                if (str.indexOf('\0') >= 0) {
                    throw new IllegalArgumentException("member " + m.name() + ": a DDS string cannot contain NUL");
                }
                s.set(ADDRESS, o, strings.allocateFrom(str));
                continue;
            }
            if (m.kind() == MemberKind.OCTET_SEQUENCE) {
                encodeOctets(m, v, s, strings);
                continue;
            }
            if (v == null) {
                continue; // zero-filled by allocate()
            }
            switch (m.kind()) {
                case BOOLEAN -> s.set(JAVA_BOOLEAN, o, bool(m, v));
                case CHAR -> s.set(JAVA_BYTE, o, (byte) ch(m, v));
                case FLOAT32 -> s.set(JAVA_FLOAT, o, number(m, v).floatValue());
                case FLOAT64 -> s.set(JAVA_DOUBLE, o, number(m, v).doubleValue());
                case INT8 -> s.set(JAVA_BYTE, o, (byte) ranged(m, v, Byte.MIN_VALUE, Byte.MAX_VALUE));
                case UINT8 -> s.set(JAVA_BYTE, o, (byte) ranged(m, v, 0, 0xff));
                case INT16 -> s.set(JAVA_SHORT, o, (short) ranged(m, v, Short.MIN_VALUE, Short.MAX_VALUE));
                case UINT16 -> s.set(JAVA_SHORT, o, (short) ranged(m, v, 0, 0xffff));
                case INT32 -> s.set(JAVA_INT, o, (int) ranged(m, v, Integer.MIN_VALUE, Integer.MAX_VALUE));
                case UINT32 -> s.set(JAVA_INT, o, (int) ranged(m, v, 0, 0xffffffffL));
                case INT64 -> s.set(JAVA_LONG, o, integral(m, v));
                case UINT64 -> s.set(JAVA_LONG, o, unsigned64(m, v));
                default -> throw new IllegalStateException(m.kind().name());
            }
        }
    }

    /** Reads every member (or only the keys, for an invalid sample that carries just the key). */
    public Map<String, Object> decode(MemorySegment sample, boolean keysOnly) {
        MemorySegment s = sample.reinterpret(size);
        Map<String, Object> out = new LinkedHashMap<>();
        for (Member m : members) {
            if (keysOnly && !m.key()) {
                continue;
            }
            long o = m.offset();
            Object v = switch (m.kind()) {
                case INT8 -> s.get(JAVA_BYTE, o);
                case UINT8 -> (short) (s.get(JAVA_BYTE, o) & 0xff);
                case INT16 -> s.get(JAVA_SHORT, o);
                case UINT16 -> s.get(JAVA_SHORT, o) & 0xffff;
                case INT32 -> s.get(JAVA_INT, o);
                case UINT32 -> s.get(JAVA_INT, o) & 0xffffffffL;
                case INT64, UINT64 -> s.get(JAVA_LONG, o);
                case FLOAT32 -> s.get(JAVA_FLOAT, o);
                case FLOAT64 -> s.get(JAVA_DOUBLE, o);
                case BOOLEAN -> s.get(JAVA_BYTE, o) != 0;
                case CHAR -> (char) (s.get(JAVA_BYTE, o) & 0xff);
                case STRING -> {
                    MemorySegment p = s.get(ADDRESS, o);
                    yield p.equals(MemorySegment.NULL) ? "" : p.reinterpret(Long.MAX_VALUE).getString(0, StandardCharsets.UTF_8);
                }
                case OCTET_SEQUENCE -> {
                    int n = s.get(JAVA_INT, o + SEQ_LENGTH);
                    MemorySegment p = s.get(ADDRESS, o + SEQ_BUFFER);
                    yield n == 0 || p.equals(MemorySegment.NULL) ? new byte[0] : p.reinterpret(n).toArray(JAVA_BYTE);
                }
            };
            out.put(m.name(), v);
        }
        return out;
    }

    // dds_sequence_t: uint32 _maximum @0, uint32 _length @4, void *_buffer @8, bool _release @16
    public static final long SEQ_MAXIMUM = 0;
    public static final long SEQ_LENGTH = 4;
    public static final long SEQ_BUFFER = 8;
    public static final long SEQ_RELEASE = 16;

    /** A byte[] (null = empty) into a dds_sequence_octet whose buffer lives in {@code arena} (never freed by Cyclone). */
    private static void encodeOctets(Member m, Object v, MemorySegment s, Arena arena) {
        byte[] b;
        if (v == null) {
            b = new byte[0];
        } else if (v instanceof byte[] bytes) {
            b = bytes;
        } else {
            throw new IllegalArgumentException("member " + m.name() + " (" + m.idlType() + ") needs a byte[], not "
                    + v.getClass().getSimpleName());
        }
        if (m.bound() > 0 && b.length > m.bound()) {
            throw new IllegalArgumentException("member " + m.name() + " (" + m.idlType() + ") holds at most " + m.bound()
                    + " bytes, not " + b.length);
        }
        long o = m.offset();
        s.set(JAVA_INT, o + SEQ_MAXIMUM, b.length);
        s.set(JAVA_INT, o + SEQ_LENGTH, b.length);
        s.set(ADDRESS, o + SEQ_BUFFER, b.length == 0 ? MemorySegment.NULL : arena.allocateFrom(JAVA_BYTE, b));
        s.set(JAVA_BOOLEAN, o + SEQ_RELEASE, false);
    }

    private static Number number(Member m, Object v) {
        if (v instanceof Number n) {
            return n;
        }
        throw new IllegalArgumentException("member " + m.name() + " (" + m.kind().idl() + ") needs a number, not "
                + v.getClass().getSimpleName() + " " + v);
    }

    private static long integral(Member m, Object v) {
        Number n = number(m, v);
        if (n instanceof Double || n instanceof Float) {
            double d = n.doubleValue();
            if (d != Math.rint(d)) {
                throw new IllegalArgumentException("member " + m.name() + " (" + m.kind().idl() + ") needs an integer, not " + d);
            }
        }
        if (n instanceof BigInteger b) {
            if (b.bitLength() > 63) {
                throw new IllegalArgumentException("member " + m.name() + " (" + m.kind().idl() + ") out of range: " + b);
            }
        }
        return n.longValue();
    }

    private static long ranged(Member m, Object v, long min, long max) {
        long l = integral(m, v);
        if (l < min || l > max) {
            throw new IllegalArgumentException("member " + m.name() + " (" + m.kind().idl() + ") out of range ["
                    + min + ", " + max + "]: " + l);
        }
        return l;
    }

    private static long unsigned64(Member m, Object v) {
        if (v instanceof BigInteger b) {
            if (b.signum() < 0 || b.bitLength() > 64) {
                throw new IllegalArgumentException("member " + m.name() + " (uint64) out of range: " + b);
            }
            return b.longValue();
        }
        return integral(m, v); // a long is taken as the unsigned bit pattern
    }

    private static boolean bool(Member m, Object v) {
        if (v instanceof Boolean b) {
            return b;
        }
        throw new IllegalArgumentException("member " + m.name() + " (boolean) needs true/false, not " + v);
    }

    private static int ch(Member m, Object v) {
        int c;
        if (v instanceof Character x) {
            c = x;
        } else if (v instanceof String str && str.length() == 1) {
            c = str.charAt(0);
        } else {
            throw new IllegalArgumentException("member " + m.name() + " (char) needs one character, not " + v);
        }
        if (c > 0xff) {
            throw new IllegalArgumentException("member " + m.name() + " (char) holds one byte (ISO-8859-1), not '" + (char) c + "'");
        }
        return c;
    }
}
