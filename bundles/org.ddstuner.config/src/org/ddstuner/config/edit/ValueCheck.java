package org.ddstuner.config.edit;

import java.math.BigDecimal;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.ddstuner.config.schema.OptionInfo;

/**
 * A value checked against the catalogue before it is written: booleans, integers and their range, keywords, sizes
 * and durations with Cyclone's units and ranges. Cyclone has the last word ({@code config check}); this catches
 * what the catalogue can tell so that an edit is refused at once, with the element and the accepted range.
 */
public final class ValueCheck {

    private static final Pattern NUMBER_UNIT = Pattern.compile("^\\s*(\\d+(?:\\.\\d+)?(?:[eE][+-]?\\d+)?)\\s*([A-Za-z]*)\\s*$");
    private static final Map<String, BigDecimal> BYTES = Map.of("b", BigDecimal.ONE, "kb", BigDecimal.valueOf(1024),
            "kib", BigDecimal.valueOf(1024), "mb", BigDecimal.valueOf(1L << 20), "mib", BigDecimal.valueOf(1L << 20),
            "gb", BigDecimal.valueOf(1L << 30), "gib", BigDecimal.valueOf(1L << 30));
    private static final Map<String, BigDecimal> SECONDS = Map.of("ns", new BigDecimal("1e-9"),
            "us", new BigDecimal("1e-6"), "ms", new BigDecimal("1e-3"), "s", BigDecimal.ONE, "min", BigDecimal.valueOf(60),
            "hr", BigDecimal.valueOf(3600), "day", BigDecimal.valueOf(86400));

    private ValueCheck() {
    }

    /** What is wrong with {@code value} for {@code o}, or {@code null} when the catalogue has nothing against it. */
    public static String problem(OptionInfo o, String value) {
        String v = value.strip();
        String type = o.typeLine() == null ? "" : o.typeLine();
        if ("default".equalsIgnoreCase(v) && "default".equalsIgnoreCase(o.defaultValue())) {
            return null;
        }
        if (type.equals("Boolean")) {
            return v.equalsIgnoreCase("true") || v.equalsIgnoreCase("false") ? null
                    : "'" + value + "' is not a boolean (true or false)";
        }
        if (type.startsWith("One of:") && !o.values().isEmpty() && o.unit() == null) {
            for (String allowed : o.values()) {
                if (allowed.equalsIgnoreCase(v)) {
                    return null;
                }
            }
            return "'" + value + "' is not one of " + String.join(", ", o.values());
        }
        if (o.unit() != null && o.unit().contains("memsize")) {
            return measured(o, v, value, BYTES, "B");
        }
        if (o.unit() != null && o.unit().contains("duration")) {
            if (v.equalsIgnoreCase("inf") && o.unit().contains("inf")) {
                return null;
            }
            return measured(o, v, value, SECONDS, "s");
        }
        if (type.equals("Integer") && o.rangeMin() != null) {
            try {
                BigDecimal n = new BigDecimal(v);
                if (n.compareTo(new BigDecimal(o.rangeMin())) < 0 || n.compareTo(new BigDecimal(o.rangeMax())) > 0) {
                    return value + " is out of range " + o.range();
                }
                return null;
            } catch (NumberFormatException e) {
                return "'" + value + "' is not an integer";
            }
        }
        return null;
    }

    private static String measured(OptionInfo o, String v, String value, Map<String, BigDecimal> units, String base) {
        Matcher m = NUMBER_UNIT.matcher(v);
        if (!m.matches()) {
            return "'" + value + "' is not a number with a unit (" + String.join(", ", units.keySet()) + ")";
        }
        String unit = m.group(2).toLowerCase(Locale.ROOT);
        BigDecimal factor = units.get(unit.isEmpty() ? "?" : unit);
        if (factor == null) {
            return "'" + value + "' needs one of the units " + String.join(", ", units.keySet());
        }
        BigDecimal n = new BigDecimal(m.group(1)).multiply(factor);
        if (o.rangeMin() != null) {
            BigDecimal lo = bound(o.rangeMin(), units);
            BigDecimal hi = bound(o.rangeMax(), units);
            if (lo != null && n.compareTo(lo) < 0 || hi != null && n.compareTo(hi) > 0) {
                return value + " is out of range " + o.range();
            }
        }
        return null;
    }

    private static BigDecimal bound(String b, Map<String, BigDecimal> units) {
        if (b.equalsIgnoreCase("inf")) {
            return null;
        }
        Matcher m = NUMBER_UNIT.matcher(b);
        if (!m.matches()) {
            return null;
        }
        BigDecimal f = m.group(2).isEmpty() ? BigDecimal.ONE : units.get(m.group(2).toLowerCase(Locale.ROOT));
        return f == null ? null : new BigDecimal(m.group(1)).multiply(f);
    }
}
