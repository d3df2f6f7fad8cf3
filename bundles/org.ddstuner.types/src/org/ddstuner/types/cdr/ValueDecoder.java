package org.ddstuner.types.cdr;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.ddstuner.types.ArrayType;
import org.ddstuner.types.BitmaskType;
import org.ddstuner.types.DdsType;
import org.ddstuner.types.EnumType;
import org.ddstuner.types.Enumerator;
import org.ddstuner.types.PrimitiveType;
import org.ddstuner.types.SequenceType;
import org.ddstuner.types.StringType;
import org.ddstuner.types.StructType;
import org.ddstuner.types.UnionType;

/**
 * Reads values of any type from untrusted bytes; structs and unions are delegated to
 * {@link AggregateDecoder}. Every count is checked against the bytes left before anything is allocated.
 */
final class ValueDecoder {
    /**
     * Every octet value boxed once: an octet decodes as a Short 0–255 and {@code Short.valueOf} caches only
     * up to 127, so a byte array of a sample allocated an object per element above that.
     */
    private static final Short[] OCTETS = new Short[256];

    static {
        for (int i = 0; i < OCTETS.length; i++) {
            OCTETS[i] = (short) i;
        }
    }

    /** Notes beyond this many are dropped (each still cost at least 4 bytes of input). */
    private static final int MAX_NOTES = 1000;

    final TypeFacts facts;
    final CdrInput in;
    final PathTracker path;
    private final int maxDepth;
    private final AggregateDecoder aggregates;
    private final List<DecodeNote> notes = new ArrayList<>();

    ValueDecoder(TypeFacts facts, CdrInput in, int maxDepth) {
        this.facts = facts;
        this.in = in;
        this.path = in.path();
        this.maxDepth = maxDepth;
        this.aggregates = new AggregateDecoder(this);
    }

    List<DecodeNote> notes() {
        return notes;
    }

    void note(DecodeNote.Kind kind, int offset, String detail) {
        if (notes.size() < MAX_NOTES) {
            notes.add(new DecodeNote(kind, offset, path.toString(), detail));
        }
    }

    Object read(DdsType type, int depth) {
        if (depth > maxDepth) {
            throw in.error("data nests deeper than " + maxDepth + " levels");
        }
        DdsType t = facts.resolve(type);
        return switch (t) {
            case PrimitiveType p -> readPrimitive(p);
            case StringType s -> s.wide() ? readWideString(s) : readString(s);
            case SequenceType s -> readSequence(s, depth);
            case ArrayType a -> readArray(a, depth);
            case EnumType e -> readEnum(e);
            case BitmaskType b -> readUnsigned(TypeFacts.bitmaskSize(b), b.name());
            case StructType s -> aggregates.readStruct(s, depth);
            case UnionType u -> aggregates.readUnion(u, depth);
            default -> throw in.error("cannot decode " + t);
        };
    }

    Object readPrimitive(PrimitiveType p) {
        String what = p.idlName();
        return switch (p) {
            case BOOLEAN -> {
                int at = in.position();
                int b = in.get1(what);
                if (b > 1) {
                    throw in.error(at, "expected boolean 0 or 1, found " + b);
                }
                yield b == 1;
            }
            case CHAR8 -> (char) in.get1(what);
            case CHAR16 -> (char) in.get2(what);
            case INT8 -> (byte) in.get1(what);
            case OCTET, UINT8 -> OCTETS[in.get1(what) & 0xff];
            case INT16 -> (short) in.get2(what);
            case UINT16 -> in.get2(what);
            case INT32 -> (int) in.get4(what);
            case UINT32 -> in.get4(what);
            case INT64 -> in.get8(what);
            case UINT64 -> new BigInteger(Long.toUnsignedString(in.get8(what)));
            case FLOAT32 -> Float.intBitsToFloat((int) in.get4(what));
            case FLOAT64 -> Double.longBitsToDouble(in.get8(what));
            case FLOAT128 -> readLongDouble();
        };
    }

    private BigDecimal readLongDouble() {
        in.align(8);
        int at = in.position();
        long first = in.get8("long double");
        long second = in.get8("long double");
        boolean little = in.littleEndian();
        BigDecimal v = little ? LongDouble.decode(second, first) : LongDouble.decode(first, second);
        if (v == null) {
            throw in.error(at, "long double infinity or NaN cannot be represented as a BigDecimal");
        }
        return v;
    }

    /** Signed for 4-byte values, unsigned below (enums up to 16 bits hold small non-negative values). */
    long readSized(int size, String what) {
        return switch (size) {
            case 1 -> in.get1(what);
            case 2 -> in.get2(what);
            case 4 -> (int) in.get4(what);
            default -> in.get8(what);
        };
    }

    private Object readUnsigned(int size, String what) {
        return size == 4 ? in.get4(what) : readSized(size, what);
    }

    private Enumerator readEnum(EnumType e) {
        long v = readSized(TypeFacts.enumSize(e), "enum " + e.name());
        int value = (int) v;
        return e.byValue(value).orElseGet(() -> new Enumerator(String.valueOf(value), value));
    }

    private String readString(StringType s) {
        in.align(4);
        int at = in.position();
        int len = in.getLength("string length");
        if (len == 0) {
            return ""; // not conforming (the NUL is missing) but written by some implementations for ""
        }
        byte[] bytes = in.getBytes(len, "string");
        if (bytes[len - 1] != 0) {
            throw in.error(at, "string of length " + len + " is not NUL-terminated");
        }
        if (s.bounded() && len - 1 > s.bound()) {
            throw in.error(at, "string of " + (len - 1) + " bytes exceeds its bound " + s.bound());
        }
        int end = 0;
        while (bytes[end] != 0) { // a C reader stops at the first NUL too
            end++;
        }
        return new String(bytes, 0, end, StandardCharsets.UTF_8);
    }

    private String readWideString(StringType s) {
        in.align(4);
        int at = in.position();
        int len = in.getLength("wstring length");
        if ((len & 1) != 0) {
            throw in.error(at, "wstring byte length " + len + " is odd (UTF-16 needs whole code units)");
        }
        in.need(len, "wstring");
        if (s.bounded() && len / 2 > s.bound()) {
            throw in.error(at, "wstring of " + len / 2 + " characters exceeds its bound " + s.bound());
        }
        StringBuilder sb = new StringBuilder(len / 2);
        for (int i = 0; i < len / 2; i++) {
            sb.append((char) in.get2("wstring"));
        }
        return sb.toString();
    }

    /** Reads a DHEADER and narrows the limit to it; returns the previous limit. */
    int enterDheader(String what) {
        in.align(4);
        int at = in.position();
        int len = in.getLength("DHEADER of " + what);
        if (len > in.remaining()) {
            throw in.error(at, "DHEADER of " + what + " says " + len + " bytes, only " + in.remaining() + " left");
        }
        return in.setLimit(in.position() + len);
    }

    /** Leaves a DHEADER region: whatever the type did not read is skipped (and reported). */
    void leaveDheader(int outerLimit, String what) {
        int end = in.limit();
        if (in.position() < end) {
            note(DecodeNote.Kind.TRAILING_DATA, in.position(),
                    (end - in.position()) + " bytes after the last member of " + what + " skipped");
            in.seek(end);
        }
        in.setLimit(outerLimit);
    }

    private List<Object> readSequence(SequenceType s, int depth) {
        boolean dheader = facts.elementsNeedDheader(s.element());
        int outer = dheader ? enterDheader("sequence") : -1;
        in.align(4);
        int at = in.position();
        int count = in.getLength("sequence length");
        if (s.bounded() && count > s.bound()) {
            throw in.error(at, "sequence of " + count + " elements exceeds its bound " + s.bound());
        }
        checkRoom(at, count, s.element(), "sequence");
        List<Object> out = readElements(s.element(), count, depth);
        if (dheader) {
            leaveDheader(outer, "sequence");
        }
        return out;
    }

    private List<Object> readArray(ArrayType a, int depth) {
        boolean dheader = facts.elementsNeedDheader(a.element());
        int outer = dheader ? enterDheader("array") : -1;
        checkRoom(in.position(), a.totalElements(), a.element(), "array");
        List<Object> out = readDimension(a, a.dimensions(), depth);
        if (dheader) {
            leaveDheader(outer, "array");
        }
        return out;
    }

    /** Refuses counts whose elements cannot fit in the bytes left (zero-size elements count as one byte). */
    private void checkRoom(int at, long count, DdsType element, String what) {
        long each = Math.max(1, facts.minSize(element));
        long needed = TypeFacts.saturatingMul(count, each);
        if (needed > in.remaining()) {
            throw in.error(at, what + " of " + count + " elements needs at least " + needed + " bytes, only "
                    + in.remaining() + " left");
        }
    }

    private List<Object> readDimension(ArrayType a, List<Integer> dims, int depth) {
        if (dims.size() == 1) {
            return readElements(a.element(), dims.get(0), depth);
        }
        List<Object> out = new ArrayList<>(dims.get(0));
        for (int i = 0; i < dims.get(0); i++) {
            path.pushIndex(i);
            out.add(readDimension(a, dims.subList(1, dims.size()), depth));
            path.pop();
        }
        return out;
    }

    private List<Object> readElements(DdsType element, int count, int depth) {
        List<Object> out = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            path.pushIndex(i);
            out.add(read(element, depth + 1));
            path.pop();
        }
        return out;
    }
}
