package org.ddstuner.plot;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.ddstuner.types.Enumerator;
import org.ddstuner.types.FieldPaths;
import org.ddstuner.types.UnionValue;

/**
 * Numbers out of decoded sample values ({@code Map} for structs, {@code List} for arrays and sequences,
 * {@link UnionValue}): a leaf by path ({@code position.x}, {@code history[2].y}, {@code matrix[1]}) as a
 * double, and the paths of a value's numeric leaves for choosing what to plot.
 */
public final class NumericValues {

    /** Elements of one array or sequence offered as plottable paths; a long sequence would swamp the list. */
    public static final int MAX_ELEMENTS_LISTED = 16;
    private static final int MAX_DEPTH = 32;

    private NumericValues() {
    }

    /**
     * {@code v} as a double: integers (unsigned 64-bit as BigInteger), floats, BigDecimal (fixed), booleans as
     * 0/1, enums as their value; NaN for anything else (strings, absent optional members, containers).
     */
    public static double toDouble(Object v) {
        return switch (v) {
            case null -> Double.NaN;
            case Double d -> d;
            case Float f -> f;
            case Long l -> l;
            case Integer i -> i;
            case Short s -> s;
            case Byte b -> b;
            case BigInteger b -> b.doubleValue();
            case BigDecimal d -> d.doubleValue();
            case Boolean b -> b ? 1 : 0;
            case Enumerator e -> e.value();
            default -> Double.NaN;
        };
    }

    /** Whether {@link #toDouble} gives a number for {@code v}. */
    public static boolean isNumeric(Object v) {
        return v instanceof Number || v instanceof Boolean || v instanceof Enumerator;
    }

    /** The leaf at {@code path} of a sample value as a double; NaN when absent or not a number. */
    public static double at(Object sampleValue, String path) {
        return sampleValue == null ? Double.NaN : toDouble(FieldPaths.get(sampleValue, path));
    }

    /** Paths of the numeric leaves of {@code value}, in member order (the first elements of long lists only). */
    public static List<String> numericPaths(Object value) {
        List<String> out = new ArrayList<>();
        walk(value, "", out, 0);
        return out;
    }

    private static void walk(Object v, String path, List<String> out, int depth) {
        if (depth > MAX_DEPTH) {
            return;
        }
        switch (v) {
            case null -> { } // an absent optional member: nothing to offer
            case Map<?, ?> m -> {
                for (Map.Entry<?, ?> e : m.entrySet()) {
                    walk(e.getValue(), path.isEmpty() ? String.valueOf(e.getKey()) : path + "." + e.getKey(), out,
                            depth + 1);
                }
            }
            case List<?> l -> {
                for (int i = 0; i < l.size() && i < MAX_ELEMENTS_LISTED; i++) {
                    walk(l.get(i), path + "[" + i + "]", out, depth + 1);
                }
            }
            case UnionValue u -> {
                if (u.member() != null) {
                    walk(u.value(), path + "." + u.member(), out, depth + 1);
                }
            }
            default -> {
                if (isNumeric(v) && !path.isEmpty()) {
                    out.add(path);
                }
            }
        }
    }
}
