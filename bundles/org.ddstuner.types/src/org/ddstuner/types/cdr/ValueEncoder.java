package org.ddstuner.types.cdr;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
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

/** Writes values of any type; structs and unions are delegated to {@link AggregateEncoder}. */
final class ValueEncoder {
    final TypeFacts facts;
    final PathTracker path = new PathTracker();
    private final int maxDepth;
    private final AggregateEncoder aggregates;
    CdrOutput out;

    ValueEncoder(TypeFacts facts, CdrOutput out, int maxDepth) {
        this.facts = facts;
        this.out = out;
        this.maxDepth = maxDepth;
        this.aggregates = new AggregateEncoder(this);
    }

    CdrException fail(String message) {
        return new CdrException(out.position(), path.toString(), message);
    }

    void write(DdsType type, Object value, int depth) {
        if (depth > maxDepth) {
            throw fail("value nests deeper than " + maxDepth + " levels");
        }
        DdsType t = facts.resolve(type);
        if (value == null) {
            throw fail("no value given for " + describe(t));
        }
        try {
            switch (t) {
                case PrimitiveType p -> writePrimitive(p, value);
                case StringType s -> writeString(s, value);
                case SequenceType s -> writeSequence(s, value, depth);
                case ArrayType a -> writeArray(a, value, depth);
                case EnumType e -> writeEnum(e, value);
                case BitmaskType b -> writeBitmask(b, value);
                case StructType s -> aggregates.writeStruct(s, value, depth);
                case UnionType u -> aggregates.writeUnion(u, value, depth);
                default -> throw fail("cannot encode " + t);
            }
        } catch (IllegalArgumentException e) { // wrong Java value or unknown type: say where
            throw fail(e.getMessage());
        }
    }

    static String describe(DdsType t) {
        return switch (t) {
            case PrimitiveType p -> p.idlName();
            case StringType s -> s.wide() ? "wstring" : "string";
            case SequenceType s -> "sequence";
            case ArrayType a -> "array";
            case org.ddstuner.types.NamedType n -> n.name();
            default -> String.valueOf(t);
        };
    }

    void writePrimitive(PrimitiveType p, Object v) {
        switch (p) {
            case FLOAT32 -> out.put4(Float.floatToRawIntBits((float) JavaValues.floating(p, v)) & 0xFFFF_FFFFL);
            case FLOAT64 -> out.put8(Double.doubleToRawLongBits(JavaValues.floating(p, v)));
            case FLOAT128 -> {
                BigDecimal d = JavaValues.longDouble(v);
                long[] bits = LongDouble.encode(d);
                if (bits == null) {
                    throw fail("long double " + JavaValues.abbreviate(d) + " is too large for binary128");
                }
                out.align(8);
                if (out.littleEndian()) {
                    out.put8(bits[1]);
                    out.put8(bits[0]);
                } else {
                    out.put8(bits[0]);
                    out.put8(bits[1]);
                }
            }
            default -> putSized(p.size(), JavaValues.integerBits(p, v));
        }
    }

    void putSized(int size, long bits) {
        switch (size) {
            case 1 -> out.put1((int) bits);
            case 2 -> out.put2((int) bits);
            case 4 -> out.put4(bits);
            default -> out.put8(bits);
        }
    }

    private void writeString(StringType s, Object v) {
        if (!(v instanceof String str)) {
            throw JavaValues.mismatch(s.wide() ? "wstring" : "string", v, "String");
        }
        if (s.wide()) {
            // XCDR2 (and, lacking any libddsc 0.10 support, XCDR1 too): byte length, UTF-16 code units, no NUL
            if (s.bounded() && str.length() > s.bound()) {
                throw fail("wstring of " + str.length() + " characters exceeds its bound " + s.bound());
            }
            out.put4(2L * str.length());
            for (int i = 0; i < str.length(); i++) {
                out.put2(str.charAt(i));
            }
            return;
        }
        byte[] bytes = str.getBytes(StandardCharsets.UTF_8);
        if (s.bounded() && bytes.length > s.bound()) {
            throw fail("string of " + bytes.length + " bytes exceeds its bound " + s.bound());
        }
        if (str.indexOf('\0') >= 0) {
            throw fail("string contains a NUL character, which CDR strings cannot carry");
        }
        out.put4(bytes.length + 1L);
        out.putBytes(bytes);
        out.put1(0);
    }

    private void writeSequence(SequenceType s, Object v, int depth) {
        if (!(v instanceof List<?> list)) {
            throw JavaValues.mismatch("sequence", v, "List");
        }
        if (s.bounded() && list.size() > s.bound()) {
            throw fail("sequence of " + list.size() + " elements exceeds its bound " + s.bound());
        }
        int dheader = facts.elementsNeedDheader(s.element()) ? out.reserve4() : -1;
        out.put4(list.size());
        writeElements(s.element(), list, depth);
        patchDheader(dheader);
    }

    private void writeArray(ArrayType a, Object v, int depth) {
        int dheader = facts.elementsNeedDheader(a.element()) ? out.reserve4() : -1;
        writeDimension(a, a.dimensions(), v, depth);
        patchDheader(dheader);
    }

    private void writeDimension(ArrayType a, List<Integer> dims, Object v, int depth) {
        if (!(v instanceof List<?> list)) {
            throw JavaValues.mismatch("array", v, "List");
        }
        if (list.size() != dims.get(0)) {
            throw fail("array dimension is " + dims.get(0) + " but the list has " + list.size() + " elements");
        }
        if (dims.size() == 1) {
            writeElements(a.element(), list, depth);
            return;
        }
        for (int i = 0; i < list.size(); i++) {
            path.pushIndex(i);
            writeDimension(a, dims.subList(1, dims.size()), list.get(i), depth);
            path.pop();
        }
    }

    private void writeElements(DdsType element, List<?> list, int depth) {
        for (int i = 0; i < list.size(); i++) {
            path.pushIndex(i);
            write(element, list.get(i), depth + 1);
            path.pop();
        }
    }

    void patchDheader(int at) {
        if (at >= 0) {
            out.patch4(at, out.position() - at - 4);
        }
    }

    private void writeEnum(EnumType e, Object v) {
        putSized(TypeFacts.enumSize(e), enumValue(e, v));
    }

    /** An enum value from an {@link Enumerator}, its name, or its number. */
    long enumValue(EnumType e, Object v) {
        long value = switch (v) {
            case Enumerator en -> en.value();
            case String name -> e.byName(name).orElseThrow(() -> fail("enum " + e.name() + " has no enumerator '" + name + "'")).value();
            case Number n when !(n instanceof Double || n instanceof Float) -> n.longValue();
            default -> throw JavaValues.mismatch(e.name(), v, "Enumerator");
        };
        int bits = TypeFacts.enumSize(e) * 8;
        if (bits < 32 && (value < -(1L << (bits - 1)) || value >= (1L << bits))) {
            throw fail("enum " + e.name() + " value " + value + " does not fit in " + bits + " bits");
        }
        return value;
    }

    private void writeBitmask(BitmaskType b, Object v) {
        long bits = switch (v) {
            case Long l -> l;
            case Integer i -> i & 0xFFFF_FFFFL;
            case Short s -> s & 0xFFFFL;
            case Byte x -> x & 0xFFL;
            case java.math.BigInteger bi -> bi.longValue();
            default -> throw JavaValues.mismatch(b.name(), v, "Long (the bits)");
        };
        if (b.bitBound() < 64 && (bits >>> b.bitBound()) != 0) {
            throw fail("bitmask " + b.name() + " value 0x" + Long.toHexString(bits) + " sets bits beyond its bit bound "
                    + b.bitBound());
        }
        putSized(TypeFacts.bitmaskSize(b), bits);
    }
}
