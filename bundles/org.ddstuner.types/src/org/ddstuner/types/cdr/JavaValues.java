package org.ddstuner.types.cdr;

import java.math.BigDecimal;
import java.math.BigInteger;

import org.ddstuner.types.PrimitiveType;

/** Turns Java values given to the encoder into wire numbers, checking type and range with clear messages. */
final class JavaValues {
    private static final BigInteger TWO_64 = BigInteger.ONE.shiftLeft(64);

    private JavaValues() {
    }

    /** The integer bits of a primitive (everything but floats and long double). */
    static long integerBits(PrimitiveType p, Object v) {
        return switch (p) {
            case BOOLEAN -> {
                if (v instanceof Boolean b) {
                    yield b ? 1 : 0;
                }
                throw mismatch(p, v, "Boolean");
            }
            case CHAR8 -> character(v, 0xFF, p);
            case CHAR16 -> character(v, 0xFFFF, p);
            case INT8 -> ranged(p, v, -128, 127);
            case OCTET, UINT8 -> ranged(p, v, 0, 255);
            case INT16 -> ranged(p, v, Short.MIN_VALUE, Short.MAX_VALUE);
            case UINT16 -> ranged(p, v, 0, 65535);
            case INT32 -> ranged(p, v, Integer.MIN_VALUE, Integer.MAX_VALUE);
            case UINT32 -> ranged(p, v, 0, 0xFFFF_FFFFL);
            case INT64 -> ranged(p, v, Long.MIN_VALUE, Long.MAX_VALUE);
            case UINT64 -> {
                BigInteger b = bigInteger(p, v);
                if (b.signum() < 0 || b.compareTo(TWO_64) >= 0) {
                    throw new IllegalArgumentException(p.idlName() + " value " + b + " is outside 0.." + TWO_64.subtract(BigInteger.ONE));
                }
                yield b.longValue();
            }
            default -> throw new IllegalStateException(p + " is not an integer kind");
        };
    }

    private static long character(Object v, int max, PrimitiveType p) {
        int c;
        if (v instanceof Character ch) {
            c = ch;
        } else if (v instanceof String s && s.length() == 1) {
            c = s.charAt(0);
        } else {
            throw mismatch(p, v, "Character");
        }
        if (c > max) {
            throw new IllegalArgumentException(p.idlName() + " '" + (char) c + "' (U+" + Integer.toHexString(c)
                    + ") does not fit in " + (max == 0xFF ? "one byte (ISO-8859-1)" : "two bytes"));
        }
        return c;
    }

    private static long ranged(PrimitiveType p, Object v, long min, long max) {
        BigInteger b = bigInteger(p, v);
        if (b.compareTo(BigInteger.valueOf(min)) < 0 || b.compareTo(BigInteger.valueOf(max)) > 0) {
            throw new IllegalArgumentException(p.idlName() + " value " + b + " is outside " + min + ".." + max);
        }
        return b.longValue();
    }

    private static BigInteger bigInteger(PrimitiveType p, Object v) {
        return switch (v) {
            case Byte b -> BigInteger.valueOf(b);
            case Short s -> BigInteger.valueOf(s);
            case Integer i -> BigInteger.valueOf(i);
            case Long l -> BigInteger.valueOf(l);
            case BigInteger b -> b;
            case BigDecimal d -> {
                try {
                    yield d.toBigIntegerExact();
                } catch (ArithmeticException e) {
                    throw new IllegalArgumentException(p.idlName() + " value " + d + " is not a whole number");
                }
            }
            default -> throw mismatch(p, v, "an integer Number");
        };
    }

    static double floating(PrimitiveType p, Object v) {
        if (v instanceof Number n && !(v instanceof BigInteger) && !(v instanceof BigDecimal)) {
            return n.doubleValue();
        }
        if (v instanceof BigDecimal || v instanceof BigInteger) {
            return ((Number) v).doubleValue();
        }
        throw mismatch(p, v, "a Number");
    }

    static BigDecimal longDouble(Object v) {
        return switch (v) {
            case BigDecimal d -> d;
            case BigInteger b -> new BigDecimal(b);
            case Double d when d.isInfinite() || d.isNaN() ->
                throw new IllegalArgumentException("long double cannot carry " + d + " here (BigDecimal values only)");
            case Float f when f.isInfinite() || f.isNaN() ->
                throw new IllegalArgumentException("long double cannot carry " + f + " here (BigDecimal values only)");
            case Double d -> new BigDecimal(d);
            case Float f -> new BigDecimal(f);
            case Number n -> BigDecimal.valueOf(n.longValue());
            default -> throw mismatch(PrimitiveType.FLOAT128, v, "BigDecimal");
        };
    }

    static IllegalArgumentException mismatch(PrimitiveType p, Object v, String expected) {
        return mismatch(p.idlName(), v, expected);
    }

    static IllegalArgumentException mismatch(String typeName, Object v, String expected) {
        return new IllegalArgumentException(typeName + " needs " + expected + ", got "
                + (v == null ? "null" : v.getClass().getSimpleName() + " " + abbreviate(v)));
    }

    static String abbreviate(Object v) {
        String s = String.valueOf(v);
        return s.length() > 60 ? s.substring(0, 57) + "..." : s;
    }
}
