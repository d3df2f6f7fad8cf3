package org.ddstuner.types.xtypes;

import static org.ddstuner.types.xtypes.TypeKinds.*;

import java.math.BigInteger;
import java.util.List;
import java.util.Optional;

import org.ddstuner.types.Annotation;

/**
 * DDS::XTypes::AppliedBuiltinMemberAnnotations as idlc 0.10.2 fills it from a member's {@code @unit},
 * {@code @min}/{@code @max} (or {@code @range(min=…, max=…)}) and {@code @hashid}.
 *
 * <p>A {@code @min}/{@code @max} value is written with the type of the literal, not of the member
 * (idlc's rule): an integer as TK_INT32 when it fits, else TK_UINT32, TK_INT64, TK_UINT64; a floating
 * literal as TK_FLOAT64; so {@code @min(1) double d} carries an INT32 1.
 */
record BuiltinMemberAnnotations(String unit, Object min, Object max, String hashId) {

    private static final BigInteger INT32_MIN = BigInteger.valueOf(Integer.MIN_VALUE);
    private static final BigInteger INT32_MAX = BigInteger.valueOf(Integer.MAX_VALUE);
    private static final BigInteger UINT32_MAX = BigInteger.valueOf(0xFFFF_FFFFL);
    private static final BigInteger INT64_MIN = BigInteger.valueOf(Long.MIN_VALUE);
    private static final BigInteger INT64_MAX = BigInteger.valueOf(Long.MAX_VALUE);
    private static final BigInteger UINT64_MAX = BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE);

    static BuiltinMemberAnnotations of(List<Annotation> annotations, String member) {
        Optional<Annotation> range = Annotation.find(annotations, "range");
        Object min = value(annotations, "min").orElse(range.map(r -> r.parameters().get("min")).orElse(null));
        Object max = value(annotations, "max").orElse(range.map(r -> r.parameters().get("max")).orElse(null));
        Object unit = value(annotations, "unit").orElse(null);
        if (unit != null && !(unit instanceof String)) {
            throw new TypeObjectWriteException(member + ": @unit needs a string, found " + unit);
        }
        String hashId = Annotation.find(annotations, "hashid")
                .map(a -> a.value().orElse("") instanceof String s ? s : "").orElse(null);
        return new BuiltinMemberAnnotations((String) unit, checkedValue(min, member, "min"),
                checkedValue(max, member, "max"), hashId);
    }

    private static Optional<Object> value(List<Annotation> annotations, String name) {
        return Annotation.find(annotations, name).flatMap(Annotation::value);
    }

    boolean isEmpty() {
        return unit == null && min == null && max == null && hashId == null;
    }

    /** The APPENDABLE struct: DHEADER, then each optional member with its presence octet. */
    void write(Xcdr2Output out) {
        int d = out.beginDelimited();
        out.bool(unit != null);
        if (unit != null) {
            out.string(unit);
        }
        out.bool(min != null);
        if (min != null) {
            parameterValue(out, min);
        }
        out.bool(max != null);
        if (max != null) {
            parameterValue(out, max);
        }
        out.bool(hashId != null);
        if (hashId != null) {
            out.string(hashId);
        }
        out.endDelimited(d);
    }

    private static Object checkedValue(Object v, String member, String what) {
        if (v == null || v instanceof Double || v instanceof Boolean || v instanceof Character || v instanceof String) {
            return v;
        }
        if (v instanceof BigInteger b && b.compareTo(INT64_MIN) >= 0 && b.compareTo(UINT64_MAX) <= 0) {
            return v;
        }
        throw new TypeObjectWriteException(member + ": @" + what + "(" + v
                + ") has no AnnotationParameterValue form (integer, floating, boolean, char or string)");
    }

    /** AnnotationParameterValue, a FINAL union on the octet TypeKind. */
    private static void parameterValue(Xcdr2Output out, Object v) {
        switch (v) {
            case BigInteger b when b.compareTo(INT32_MIN) >= 0 && b.compareTo(INT32_MAX) <= 0 -> {
                out.u8(TK_INT32);
                out.i32(b.intValue());
            }
            case BigInteger b when b.signum() > 0 && b.compareTo(UINT32_MAX) <= 0 -> {
                out.u8(TK_UINT32);
                out.i32(b.longValue());
            }
            case BigInteger b when b.compareTo(INT64_MIN) >= 0 && b.compareTo(INT64_MAX) <= 0 -> {
                out.u8(TK_INT64);
                int64(out, b.longValue());
            }
            case BigInteger b -> {
                out.u8(TK_UINT64);
                int64(out, b.longValue()); // two's complement of a value above INT64_MAX: its unsigned bits
            }
            case Double d -> {
                out.u8(TK_FLOAT64);
                int64(out, Double.doubleToRawLongBits(d));
            }
            case Boolean b -> {
                out.u8(TK_BOOLEAN);
                out.bool(b);
            }
            case Character c -> {
                out.u8(TK_CHAR8);
                out.u8(c);
            }
            case String s -> {
                out.u8(TK_STRING8);
                out.string(s);
            }
            default -> throw new IllegalStateException("checked in of(): " + v);
        }
    }

    /** A 64-bit value: XCDR2 aligns it to 4, low word first (little endian). */
    private static void int64(Xcdr2Output out, long v) {
        out.i32(v & 0xFFFF_FFFFL);
        out.i32(v >>> 32);
    }
}
