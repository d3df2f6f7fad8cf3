package org.ddstuner.system.json;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayDeque;
import java.util.Deque;

/**
 * A minimal streaming JSON writer (RFC 8259) with correct string escaping; no library needed.
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
        new JsonWriter(b).string(s);
        return b.toString();
    }

    private void string(String s) {
        write('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> write("\\\"");
                case '\\' -> write("\\\\");
                case '\n' -> write("\\n");
                case '\r' -> write("\\r");
                case '\t' -> write("\\t");
                case '\b' -> write("\\b");
                case '\f' -> write("\\f");
                default -> {
                    if (c < 0x20 || c == 0x7f || c == '\u2028' || c == '\u2029' || unpairedSurrogate(s, i)) {
                        write(String.format("\\u%04x", (int) c));
                    } else {
                        write(c);
                    }
                }
            }
        }
        write('"');
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
