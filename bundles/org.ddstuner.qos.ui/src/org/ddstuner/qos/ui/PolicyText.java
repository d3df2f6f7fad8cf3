package org.ddstuner.qos.ui;

import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.ddstuner.dds.Qos;

/**
 * A policy value as one line of text in the QoS editor's cells, and back: the record's components separated by
 * spaces ("RELIABLE 100ms", "KEEP_LAST 10", "7", "\"hello\"", "infinite"); a single text, list or byte
 * component takes the whole line ("a,b" for lists). Durations accept 250ms, 10s, 5us, 100ns, PT1S, infinite.
 */
final class PolicyText {

    private PolicyText() {
    }

    static String format(Object v) {
        return switch (v) {
            case null -> "";
            case Duration d -> duration(d);
            case byte[] b -> "\"" + new String(b, StandardCharsets.UTF_8) + "\"";
            case String s -> s;
            case List<?> l -> String.join(",", l.stream().map(String::valueOf).toList());
            case Map<?, ?> m -> m.toString();
            case Record r -> {
                List<String> parts = new ArrayList<>();
                for (RecordComponent c : r.getClass().getRecordComponents()) {
                    try {
                        parts.add(format(c.getAccessor().invoke(r)));
                    } catch (ReflectiveOperationException e) {
                        parts.add("?");
                    }
                }
                yield String.join(" ", parts);
            }
            default -> String.valueOf(v);
        };
    }

    /** Whether the cell of a policy of this record type can be typed in (maps cannot). */
    static boolean editable(Object current) {
        return current == null || !(current instanceof Qos.Properties || current instanceof Qos.BinaryProperties);
    }

    /**
     * The policy record of the same type as {@code current} parsed from {@code text}.
     *
     * @throws IllegalArgumentException with a sentence saying what is wrong
     */
    static Object parse(Class<?> policyType, String text) {
        RecordComponent[] cs = policyType.getRecordComponents();
        if (cs == null) {
            throw new IllegalArgumentException("not a policy: " + policyType.getSimpleName());
        }
        String t = text.trim();
        String[] tokens = cs.length == 1 ? new String[] { t } : t.split("\\s+");
        if (tokens.length != cs.length) {
            throw new IllegalArgumentException("expected " + cs.length + " values separated by spaces: "
                    + String.join(" ", List.of(cs).stream().map(RecordComponent::getName).toList()));
        }
        Object[] args = new Object[cs.length];
        Class<?>[] types = new Class<?>[cs.length];
        for (int i = 0; i < cs.length; i++) {
            types[i] = cs[i].getType();
            args[i] = value(cs[i], tokens[i]);
        }
        try {
            return policyType.getDeclaredConstructor(types).newInstance(args);
        } catch (java.lang.reflect.InvocationTargetException e) {
            throw new IllegalArgumentException(String.valueOf(e.getCause().getMessage()), e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new IllegalArgumentException(e.toString(), e);
        }
    }

    @SuppressWarnings({ "unchecked", "rawtypes" })
    private static Object value(RecordComponent c, String token) {
        Class<?> type = c.getType();
        String name = c.getName();
        try {
            if (type.isEnum()) {
                return Enum.valueOf((Class<? extends Enum>) type, token.toUpperCase(Locale.ROOT));
            }
            if (type == Duration.class) {
                return duration(token);
            }
            if (type == int.class) {
                return Integer.parseInt(token);
            }
            if (type == long.class) {
                return Long.parseLong(token);
            }
            if (type == boolean.class) {
                if (!token.equalsIgnoreCase("true") && !token.equalsIgnoreCase("false")) {
                    throw new IllegalArgumentException(name + " must be true or false, not \"" + token + "\"");
                }
                return Boolean.parseBoolean(token);
            }
            if (type == byte[].class) {
                return unquote(token).getBytes(StandardCharsets.UTF_8);
            }
            if (type == String.class) {
                return unquote(token);
            }
            if (type == List.class) {
                List<String> parts = token.isEmpty() ? List.of() : List.of(token.split("\\s*,\\s*"));
                boolean shorts = c.getGenericType() instanceof ParameterizedType p
                        && p.getActualTypeArguments()[0] == Short.class;
                return shorts ? parts.stream().map(Short::valueOf).toList() : parts;
            }
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " must be a number, not \"" + token + "\"");
        } catch (IllegalArgumentException e) {
            if (type.isEnum()) {
                throw new IllegalArgumentException(name + " must be one of " + List.of(type.getEnumConstants()));
            }
            throw e;
        }
        throw new IllegalArgumentException(name + " cannot be edited as text");
    }

    private static String unquote(String s) {
        return s.length() >= 2 && s.startsWith("\"") && s.endsWith("\"") ? s.substring(1, s.length() - 1) : s;
    }

    static String duration(Duration d) {
        if (Qos.isInfinite(d)) {
            return "infinite";
        }
        long ns = d.toNanos();
        if (ns % 1_000_000_000L == 0) {
            return ns / 1_000_000_000L + "s";
        }
        if (ns % 1_000_000L == 0) {
            return ns / 1_000_000L + "ms";
        }
        if (ns % 1_000L == 0) {
            return ns / 1_000L + "us";
        }
        return ns + "ns";
    }

    static Duration duration(String s) {
        String t = s.trim().toLowerCase(Locale.ROOT);
        if (t.equals("infinite") || t.equals("inf") || t.equals("∞")) {
            return Qos.INFINITE;
        }
        if (t.startsWith("pt")) {
            return Duration.parse(t.toUpperCase(Locale.ROOT));
        }
        String[][] units = { { "ns", "1" }, { "us", "1000" }, { "ms", "1000000" }, { "s", "1000000000" } };
        for (String[] u : units) {
            if (t.endsWith(u[0]) && !(u[0].equals("s") && (t.endsWith("ns") || t.endsWith("us") || t.endsWith("ms")))) {
                double n;
                try {
                    n = Double.parseDouble(t.substring(0, t.length() - u[0].length()).trim());
                } catch (NumberFormatException e) {
                    break;
                }
                if (n < 0) {
                    throw new IllegalArgumentException("a duration cannot be negative: " + s);
                }
                return Duration.ofNanos(Math.round(n * Long.parseLong(u[1])));
            }
        }
        throw new IllegalArgumentException("a duration is like 100ms, 10s, 5us or infinite, not \"" + s + "\"");
    }
}
