package org.ddstuner.system.json;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Map;

/**
 * A minimal streaming JSON writer (RFC 8259) with correct string escaping; no library needed. Its
 * reader is {@link Json}.
 * Calls must nest properly: {@code name(..)} only inside an object, values inside arrays or after a
 * name. Misuse throws {@link IllegalStateException}; I/O errors are rethrown unchecked.
 */
public final class JsonWriter {

    private final Appendable out;
    /** Per open container: true once it holds an element (so the next needs a comma). */
    private final Deque<boolean[]> open = new ArrayDeque<>();
    private final Deque<Boolean> isObject = new ArrayDeque<>();
    private boolean afterName;

    public JsonWriter(Appendable out) {
        this.out = out;
    }

    public JsonWriter beginObject() {
        beforeValue();
        write('{');
        open.push(new boolean[1]);
        isObject.push(true);
        return this;
    }

    public JsonWriter endObject() {
        close(true);
        write('}');
        return this;
    }

    public JsonWriter beginArray() {
        beforeValue();
        write('[');
        open.push(new boolean[1]);
        isObject.push(false);
        return this;
    }

    public JsonWriter endArray() {
        close(false);
        write(']');
        return this;
    }

    public JsonWriter name(String name) {
        if (isObject.isEmpty() || !isObject.peek() || afterName) {
            throw new IllegalStateException("a name is only allowed directly inside an object");
        }
        comma();
        string(name);
        write(':');
        afterName = true;
        return this;
    }

    public JsonWriter value(String s) {
        if (s == null) {
            return nullValue();
        }
        beforeValue();
        string(s);
        return this;
    }

    public JsonWriter value(long v) {
        beforeValue();
        write(Long.toString(v));
        return this;
    }

    public JsonWriter value(double v) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            return value(Double.toString(v)); // JSON has no NaN/Infinity
        }
        beforeValue();
        write(Double.toString(v));
        return this;
    }

    public JsonWriter value(boolean v) {
        beforeValue();
        write(v ? "true" : "false");
        return this;
    }

    public JsonWriter nullValue() {
        beforeValue();
        write("null");
        return this;
    }

    /** Shorthand for {@code name(n).value(v)}. */
    public JsonWriter field(String n, String v) {
        return name(n).value(v);
    }

    public JsonWriter field(String n, long v) {
        return name(n).value(v);
    }

    public JsonWriter field(String n, boolean v) {
        return name(n).value(v);
    }

    /** Writes {@code s} as a JSON string literal. */
    public static String quote(String s) {
        StringBuilder b = new StringBuilder(s.length() + 2);
        quote(b, s);
        return b.toString();
    }

    /** Appends {@code s} as a JSON string literal (for code that builds JSON text by hand). */
    public static void quote(StringBuilder out, String s) {
        try {
            appendString(out, s);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a StringBuilder throws none
        }
    }

    /**
     * Writes a tree of values as {@link Json#parse} reads them: {@code Map} (keys as strings, in the map's
     * order), {@code List} or other {@code Iterable}, {@code String}, {@code Boolean}, integral
     * {@code Number}s (incl. {@code BigInteger}) as integers, {@code BigDecimal} exactly, {@code Double}
     * and {@code Float} as {@link #value(double)}, and {@code null} / {@link Json#NULL} as null.
     *
     * @throws IllegalArgumentException for any other object
     */
    public JsonWriter value(Object v) {
        switch (v) {
            case null -> nullValue();
            case String str -> value(str);
            case Boolean b -> value(b.booleanValue());
            case Double d -> value(d.doubleValue());
            case Float f -> value(f.doubleValue());
            case BigDecimal d -> number(d.toString());
            case BigInteger n -> number(n.toString());
            case Long n -> value(n.longValue());
            case Integer n -> value(n.longValue());
            case Short n -> value(n.longValue());
            case Byte n -> value(n.longValue());
            case Map<?, ?> m -> {
                beginObject();
                for (Map.Entry<?, ?> e : m.entrySet()) {
                    name(String.valueOf(e.getKey())).value(e.getValue());
                }
                endObject();
            }
            case Iterable<?> l -> {
                beginArray();
                for (Object e : l) {
                    value(e);
                }
                endArray();
            }
            default -> {
                if (v != Json.NULL) {
                    throw new IllegalArgumentException("cannot write a " + v.getClass().getName() + " as JSON");
                }
                nullValue();
            }
        }
        return this;
    }

    private void number(String literal) {
        beforeValue();
        write(literal);
    }

    private void string(String s) {
        try {
            appendString(out, s);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void appendString(Appendable out, String s) throws IOException {
        out.append('"');
        int run = 0; // characters that need no escape are appended in runs, not one by one
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            String escape = switch (c) {
                case '"' -> "\\\"";
                case '\\' -> "\\\\";
                case '\n' -> "\\n";
                case '\r' -> "\\r";
                case '\t' -> "\\t";
                case '\b' -> "\\b";
                case '\f' -> "\\f";
                default -> c < 0x20 || c == 0x7f || c == '\u2028' || c == '\u2029' || unpairedSurrogate(s, i)
                        ? String.format("\\u%04x", (int) c)
                        : null;
            };
            if (escape != null) {
                out.append(s, run, i).append(escape);
                run = i + 1;
            }
        }
        out.append(s, run, s.length()).append('"');
    }

    /** An unpaired surrogate cannot be encoded in UTF-8: escape it so the output stays valid. */
    private static boolean unpairedSurrogate(String s, int i) {
        char c = s.charAt(i);
        if (Character.isHighSurrogate(c)) {
            return i + 1 >= s.length() || !Character.isLowSurrogate(s.charAt(i + 1));
        }
        if (Character.isLowSurrogate(c)) {
            return i == 0 || !Character.isHighSurrogate(s.charAt(i - 1));
        }
        return false;
    }

    private void beforeValue() {
        if (afterName) {
            afterName = false;
            return;
        }
        if (!isObject.isEmpty() && isObject.peek()) {
            throw new IllegalStateException("a value inside an object needs a name first");
        }
        comma();
    }

    private void comma() {
        if (!open.isEmpty()) {
            boolean[] hasElement = open.peek();
            if (hasElement[0]) {
                write(',');
            }
            hasElement[0] = true;
        }
    }

    private void close(boolean object) {
        if (isObject.isEmpty() || isObject.peek() != object || afterName) {
            throw new IllegalStateException("unbalanced end" + (object ? "Object" : "Array"));
        }
        open.pop();
        isObject.pop();
    }

    private void write(char c) {
        try {
            out.append(c);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void write(String s) {
        try {
            out.append(s);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
