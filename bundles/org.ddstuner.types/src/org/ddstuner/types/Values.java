package org.ddstuner.types;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;

/** Conversions between literal values (annotations, constants) and the sample value representation. */
public final class Values {
    private Values() {
    }

    /**
     * Converts a literal ({@link BigInteger}, {@link Double}, {@link String}, {@link Character},
     * {@link Boolean}, {@link Annotation.Symbol}) to the value representation of {@code type}, if it fits.
     */
    public static Optional<Object> convert(TypeLibrary library, DdsType type, Object literal) {
        DdsType t = library.unalias(type);
        try {
            return Optional.ofNullable(switch (t) {
                case PrimitiveType p -> primitive(p, literal);
                case StringType s -> literal instanceof String str ? str
                        : literal instanceof Character c ? String.valueOf(c) : null;
                case EnumType e -> literal instanceof Enumerator en ? en
                        : e.byName(ScopedNames.simpleName(String.valueOf(literal))).orElse(null);
                default -> null;
            });
        } catch (ArithmeticException | NumberFormatException e) {
            return Optional.empty();
        }
    }

    private static Object primitive(PrimitiveType p, Object literal) {
        if (p == PrimitiveType.BOOLEAN) {
            return literal instanceof Boolean b ? b : null;
        }
        if (p.isChar()) {
            return literal instanceof Character c ? c
                    : literal instanceof String s && s.length() == 1 ? s.charAt(0) : null;
        }
        BigDecimal n = switch (literal) {
            case BigInteger i -> new BigDecimal(i);
            case Number num -> new BigDecimal(num.toString());
            default -> null;
        };
        if (n == null) {
            return null;
        }
        return switch (p) {
            case INT8 -> n.byteValueExact();
            case OCTET, UINT8 -> checkRange(n, 0, 255).shortValueExact();
            case INT16 -> n.shortValueExact();
            case UINT16 -> checkRange(n, 0, 65535).intValueExact();
            case INT32 -> n.intValueExact();
            case UINT32 -> checkRange(n, 0, 0xFFFF_FFFFL).longValueExact();
            case INT64 -> n.longValueExact();
            case UINT64 -> n.toBigIntegerExact().signum() < 0 || n.toBigIntegerExact().bitLength() > 64 ? null
                    : n.toBigIntegerExact();
            case FLOAT32 -> n.floatValue();
            case FLOAT64 -> n.doubleValue();
            case FLOAT128 -> n;
            default -> null;
        };
    }

    private static BigDecimal checkRange(BigDecimal n, long min, long max) {
        if (n.compareTo(BigDecimal.valueOf(min)) < 0 || n.compareTo(BigDecimal.valueOf(max)) > 0) {
            throw new ArithmeticException("out of range");
        }
        return n;
    }

    /** A discriminator value that no case label uses (for selecting a union's default branch). */
    public static long unusedLabel(UnionType u) {
        Set<Long> used = new HashSet<>();
        u.cases().forEach(c -> used.addAll(c.labels()));
        long v = 0;
        while (used.contains(v)) {
            v++;
        }
        return v;
    }
}
