package org.ddstuner.pother.runs;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The little JSON a run file needs: objects, arrays, strings, numbers, booleans and null, written on
 * one line and read back into {@code Map<String,Object>} / {@code List<Object>} / {@code Double} /
 * {@code String} / {@code Boolean} / {@code null}. Doubles are written with {@link Double#toString} so
 * they read back bit-identical; NaN and infinities (JSON has none) are written as null.
 */
final class Json {

    private Json() {
    }

    /** Thrown for text that is not JSON, with the offset of the problem. */
    static final class ParseException extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;

        ParseException(String message, int offset) {
            super(message + " at character " + offset);
        }
    }

    static String write(Object value) {
        StringBuilder sb = new StringBuilder();
        write(sb, value);
        return sb.toString();
    }

    private static void write(StringBuilder sb, Object v) {
        switch (v) {
            case null -> sb.append("null");
            case String s -> string(sb, s);
            case Boolean b -> sb.append(b);
            case Double d -> sb.append(d.isNaN() || d.isInfinite() ? "null" : d.toString());
            case Float f -> write(sb, f.doubleValue());
            case Number n -> sb.append(n.longValue());
            case Map<?, ?> m -> {
                sb.append('{');
                boolean first = true;
                for (Map.Entry<?, ?> e : m.entrySet()) {
                    if (!first) {
                        sb.append(',');
                    }
                    first = false;
                    string(sb, String.valueOf(e.getKey()));
                    sb.append(':');
                    write(sb, e.getValue());
                }
                sb.append('}');
            }
            case List<?> l -> {
                sb.append('[');
                for (int i = 0; i < l.size(); i++) {
                    if (i > 0) {
                        sb.append(',');
                    }
                    write(sb, l.get(i));
                }
                sb.append(']');
            }
            default -> throw new IllegalArgumentException("cannot write " + v.getClass().getName() + " as JSON");
        }
    }

    private static void string(StringBuilder sb, String s) {
        sb.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                default -> {
                    if (c < 0x20) {
                        sb.append(String.format("\\u%04x", (int) c));
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        sb.append('"');
    }

    static Object parse(String text) {
        Json.Reader r = new Json.Reader(text);
        Object v = r.value();
        r.skipSpace();
        if (r.pos != text.length()) {
            throw new ParseException("unexpected text after the JSON value", r.pos);
        }
        return v;
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> parseObject(String text) {
        Object v = parse(text);
        if (!(v instanceof Map)) {
            throw new ParseException("expected a JSON object", 0);
        }
        return (Map<String, Object>) v;
    }

    private static final class Reader {
        private final String s;
        private int pos;

        Reader(String s) {
            this.s = s;
        }

        void skipSpace() {
            while (pos < s.length() && Character.isWhitespace(s.charAt(pos))) {
                pos++;
            }
        }

        Object value() {
            skipSpace();
            if (pos >= s.length()) {
                throw new ParseException("unexpected end of JSON", pos);
            }
            char c = s.charAt(pos);
            return switch (c) {
                case '{' -> object();
                case '[' -> array();
                case '"' -> string();
                case 't' -> literal("true", Boolean.TRUE);
                case 'f' -> literal("false", Boolean.FALSE);
                case 'n' -> literal("null", null);
                default -> number();
            };
        }

        private Object literal(String word, Object v) {
            if (!s.startsWith(word, pos)) {
                throw new ParseException("unexpected character '" + s.charAt(pos) + "'", pos);
            }
            pos += word.length();
            return v;
        }

        private Map<String, Object> object() {
            Map<String, Object> m = new LinkedHashMap<>();
            pos++;
            skipSpace();
            if (peek() == '}') {
                pos++;
                return m;
            }
            while (true) {
                skipSpace();
                if (peek() != '"') {
                    throw new ParseException("expected a member name", pos);
                }
                String key = string();
                skipSpace();
                expect(':');
                m.put(key, value());
                skipSpace();
                char c = next();
                if (c == '}') {
                    return m;
                }
                if (c != ',') {
                    throw new ParseException("expected ',' or '}'", pos - 1);
                }
            }
        }

        private List<Object> array() {
            List<Object> l = new ArrayList<>();
            pos++;
            skipSpace();
            if (peek() == ']') {
                pos++;
                return l;
            }
            while (true) {
                l.add(value());
                skipSpace();
                char c = next();
                if (c == ']') {
                    return l;
                }
                if (c != ',') {
                    throw new ParseException("expected ',' or ']'", pos - 1);
                }
            }
        }

        private String string() {
            expect('"');
            StringBuilder sb = new StringBuilder();
            while (true) {
                char c = next();
                if (c == '"') {
                    return sb.toString();
                }
                if (c != '\\') {
                    sb.append(c);
                    continue;
                }
                char e = next();
                switch (e) {
                    case 'n' -> sb.append('\n');
                    case 'r' -> sb.append('\r');
                    case 't' -> sb.append('\t');
                    case 'b' -> sb.append('\b');
                    case 'f' -> sb.append('\f');
                    case 'u' -> {
                        if (pos + 4 > s.length()) {
                            throw new ParseException("unexpected end of JSON in \\u escape", pos);
                        }
                        try {
                            sb.append((char) Integer.parseInt(s.substring(pos, pos + 4), 16));
                        } catch (NumberFormatException x) {
                            throw new ParseException("bad \\u escape", pos);
                        }
                        pos += 4;
                    }
                    default -> sb.append(e);
                }
            }
        }

        private Double number() {
            int start = pos;
            while (pos < s.length() && "+-0123456789.eE".indexOf(s.charAt(pos)) >= 0) {
                pos++;
            }
            if (start == pos) {
                throw new ParseException("unexpected character '" + s.charAt(pos) + "'", pos);
            }
            try {
                return Double.valueOf(s.substring(start, pos));
            } catch (NumberFormatException e) {
                throw new ParseException("bad number '" + s.substring(start, pos) + "'", start);
            }
        }

        private char peek() {
            if (pos >= s.length()) {
                throw new ParseException("unexpected end of JSON", pos);
            }
            return s.charAt(pos);
        }

        private char next() {
            char c = peek();
            pos++;
            return c;
        }

        private void expect(char c) {
            if (next() != c) {
                throw new ParseException("expected '" + c + "'", pos - 1);
            }
        }
    }
}
