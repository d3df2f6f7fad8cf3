package org.ddstuner.samples.internal;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A small JSON (RFC 8259) reader and writer, so headless bundles need no library. Reading gives
 * {@code LinkedHashMap} for objects (member order kept), {@code List}, {@code String}, {@code BigInteger}
 * (integers) or {@code BigDecimal} (other numbers), {@code Boolean} and {@link #NULL}; errors say line and
 * column. Input is bounded in nesting depth, so no input makes it overflow the stack.
 */
public final class Json {

    /** JSON {@code null} (a Java null would be ambiguous with "absent" in maps). */
    public static final Object NULL = new Object() {
        @Override
        public String toString() {
            return "null";
        }
    };

    private static final int MAX_DEPTH = 200;

    /** Malformed JSON, with 1-based line and column. */
    public static final class SyntaxException extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;

        SyntaxException(String text, int pos, String message) {
            super(position(text, pos) + ": " + message);
        }

        private static String position(String text, int pos) {
            int line = 1;
            int col = 1;
            for (int i = 0; i < Math.min(pos, text.length()); i++) {
                if (text.charAt(i) == '\n') {
                    line++;
                    col = 1;
                } else {
                    col++;
                }
            }
            return "JSON line " + line + ", column " + col;
        }
    }

    private final String s;
    private int i;

    private Json(String s) {
        this.s = s;
    }

    /** Parses one JSON text. @throws SyntaxException when malformed */
    public static Object parse(String text) {
        Json j = new Json(text);
        j.ws();
        Object v = j.value(0);
        j.ws();
        if (j.i < text.length()) {
            throw j.error("unexpected '" + text.charAt(j.i) + "' after the JSON value");
        }
        return v;
    }

    private SyntaxException error(String message) {
        return new SyntaxException(s, i, message);
    }

    private void ws() {
        while (i < s.length() && (s.charAt(i) == ' ' || s.charAt(i) == '\t' || s.charAt(i) == '\n' || s.charAt(i) == '\r')) {
            i++;
        }
    }

    private Object value(int depth) {
        if (depth > MAX_DEPTH) {
            throw error("nested deeper than " + MAX_DEPTH + " levels");
        }
        if (i >= s.length()) {
            throw error("expected a value, found the end");
        }
        char c = s.charAt(i);
        return switch (c) {
            case '{' -> object(depth);
            case '[' -> array(depth);
            case '"' -> string();
            case 't' -> word("true", Boolean.TRUE);
            case 'f' -> word("false", Boolean.FALSE);
            case 'n' -> word("null", NULL);
            default -> {
                if (c == '-' || (c >= '0' && c <= '9')) {
                    yield number();
                }
                throw error("unexpected '" + c + "'");
            }
        };
    }

    private Object word(String w, Object v) {
        if (!s.startsWith(w, i)) {
            throw error("expected " + w);
        }
        i += w.length();
        return v;
    }

    private Map<String, Object> object(int depth) {
        Map<String, Object> m = new LinkedHashMap<>();
        i++;
        ws();
        if (i < s.length() && s.charAt(i) == '}') {
            i++;
            return m;
        }
        while (true) {
            ws();
            if (i >= s.length() || s.charAt(i) != '"') {
                throw error("expected a member name in double quotes");
            }
            String name = string();
            ws();
            expect(':');
            ws();
            if (m.put(name, value(depth + 1)) != null) {
                throw error("member \"" + name + "\" appears twice");
            }
            ws();
            if (i < s.length() && s.charAt(i) == ',') {
                i++;
                continue;
            }
            expect('}');
            return m;
        }
    }

    private List<Object> array(int depth) {
        List<Object> l = new ArrayList<>();
        i++;
        ws();
        if (i < s.length() && s.charAt(i) == ']') {
            i++;
            return l;
        }
        while (true) {
            ws();
            l.add(value(depth + 1));
            ws();
            if (i < s.length() && s.charAt(i) == ',') {
                i++;
                continue;
            }
            expect(']');
            return l;
        }
    }

    private void expect(char c) {
        if (i >= s.length() || s.charAt(i) != c) {
            throw error("expected '" + c + "'" + (i >= s.length() ? ", found the end" : ", found '" + s.charAt(i) + "'"));
        }
        i++;
    }

    private String string() {
        StringBuilder b = new StringBuilder();
        i++;
        while (true) {
            if (i >= s.length()) {
                throw error("string not closed");
            }
            char c = s.charAt(i++);
            if (c == '"') {
                return b.toString();
            }
            if (c < 0x20) {
                throw error("control character in a string (escape it)");
            }
            if (c != '\\') {
                b.append(c);
                continue;
            }
            if (i >= s.length()) {
                throw error("string not closed");
            }
            char e = s.charAt(i++);
            switch (e) {
                case '"', '\\', '/' -> b.append(e);
                case 'b' -> b.append('\b');
                case 'f' -> b.append('\f');
                case 'n' -> b.append('\n');
                case 'r' -> b.append('\r');
                case 't' -> b.append('\t');
                case 'u' -> {
                    if (i + 4 > s.length()) {
                        throw error("bad \\u escape");
                    }
                    try {
                        b.append((char) Integer.parseInt(s.substring(i, i + 4), 16));
                    } catch (NumberFormatException x) {
                        throw error("bad \\u escape");
                    }
                    i += 4;
                }
                default -> throw error("bad escape \\" + e);
            }
        }
    }

    private Object number() {
        int start = i;
        if (s.charAt(i) == '-') {
            i++;
        }
        boolean integer = true;
        while (i < s.length()) {
            char c = s.charAt(i);
            if (c >= '0' && c <= '9') {
                i++;
            } else if (c == '.' || c == 'e' || c == 'E' || c == '+' || c == '-') {
                integer = false;
                i++;
            } else {
                break;
            }
        }
        String t = s.substring(start, i);
        if (t.length() > 400) {
            throw error("number too long");
        }
        try {
            return integer ? new BigInteger(t) : new BigDecimal(t);
        } catch (NumberFormatException e) {
            i = start;
            throw error("'" + t + "' is not a number");
        }
    }

    // ---- writing ----

    /** Appends a JSON string literal. */
    public static void string(StringBuilder out, String v) {
        out.append('"');
        for (int k = 0; k < v.length(); k++) {
            char c = v.charAt(k);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c < 0x20) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        out.append('"');
    }
}
