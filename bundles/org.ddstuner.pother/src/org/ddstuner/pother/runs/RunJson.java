package org.ddstuner.pother.runs;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.ddstuner.json.StrictJson;

/**
 * The run file's JSON, on Jackson with the project's strict set-up ({@link StrictJson}): one line per record, and
 * typed access to its members with errors that name the member. Run-file conventions on top of plain JSON
 * (unchanged since the first saved runs, so old files load): NaN and infinities (JSON has none) are written
 * as {@code null} and a {@code null} number reads back as NaN; doubles are written with
 * {@link Double#toString} and read back bit-identical; integers are written as integers.
 */
final class RunJson {

    private RunJson() {
    }

    /** One line of JSON for {@code value} (maps, lists, strings, numbers, booleans, null). */
    static String write(Object value) {
        return StrictJson.write(finite(value));
    }

    /**
     * Parses one record line.
     *
     * @return plain Java values ({@link StrictJson#toJava}: BigInteger, BigDecimal, null for JSON null)
     * @throws IllegalArgumentException ({@link org.ddstuner.json.JsonSyntaxException}) when it is not one JSON object
     */
    static Map<String, Object> parseObject(String text) {
        return StrictJson.parseMap(text);
    }

    /** A copy of the tree with every NaN or infinite double as null (the project's writer would quote them). */
    private static Object finite(Object v) {
        return switch (v) {
            case Double d when d.isNaN() || d.isInfinite() -> null;
            case Float f when f.isNaN() || f.isInfinite() -> null;
            case Map<?, ?> m -> {
                Map<String, Object> out = new LinkedHashMap<>();
                m.forEach((k, e) -> out.put(String.valueOf(k), finite(e)));
                yield out;
            }
            case List<?> l -> {
                List<Object> out = new ArrayList<>(l.size());
                l.forEach(e -> out.add(finite(e)));
                yield out;
            }
            case null, default -> v;
        };
    }

    private static boolean absent(Object v) {
        return v == null;
    }

    /** "an object", "an array", "a string", "a number", "true", "false" or "null", for messages. */
    private static String kind(Object v) {
        return switch (v) {
            case null -> "null";
            case Map<?, ?> m -> "an object";
            case List<?> l -> "an array";
            case String str -> "a string";
            case Number n -> "a number";
            case Boolean b -> b.toString();
            default -> v.getClass().getSimpleName();
        };
    }

    static String str(Map<String, Object> m, String key) {
        Object v = m.get(key);
        if (absent(v)) {
            return null;
        }
        if (!(v instanceof String s)) {
            throw new IllegalArgumentException("member '" + key + "' should be a string, not " + kind(v));
        }
        return s;
    }

    /** A number member; absent or null is NaN (written for NaN). */
    static double num(Map<String, Object> m, String key) {
        Object v = m.get(key);
        if (absent(v)) {
            return Double.NaN;
        }
        if (!(v instanceof Number n)) {
            throw new IllegalArgumentException("member '" + key + "' should be a number, not " + kind(v));
        }
        return n.doubleValue();
    }

    /** An integer member (exact up to the whole long range); absent or null is an error. */
    static long lng(Map<String, Object> m, String key) {
        Object v = m.get(key);
        if (absent(v)) {
            throw new IllegalArgumentException("member '" + key + "' is missing");
        }
        if (v instanceof BigInteger i && i.bitLength() < 64) {
            return i.longValue();
        }
        if (!(v instanceof Number n)) {
            throw new IllegalArgumentException("member '" + key + "' should be a number, not " + kind(v));
        }
        return (long) n.doubleValue(); // a fraction or out of range: as the first run files read them
    }

    static boolean bool(Map<String, Object> m, String key) {
        return Boolean.TRUE.equals(m.get(key));
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> obj(Map<String, Object> m, String key) {
        Object v = m.get(key);
        if (!(v instanceof Map)) {
            throw new IllegalArgumentException("member '" + key + "' should be an object, not " + kind(v));
        }
        return (Map<String, Object>) v;
    }

    @SuppressWarnings("unchecked")
    static List<Object> list(Map<String, Object> m, String key) {
        Object v = m.get(key);
        if (!(v instanceof List)) {
            throw new IllegalArgumentException("member '" + key + "' should be an array, not " + kind(v));
        }
        return (List<Object>) v;
    }

    /** An array element that is a number; null is NaN. */
    static double asNum(Object v) {
        if (absent(v)) {
            return Double.NaN;
        }
        if (!(v instanceof Number n)) {
            throw new IllegalArgumentException("expected a number, not " + kind(v));
        }
        return n.doubleValue();
    }
}
