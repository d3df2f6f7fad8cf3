package org.ddstuner.system.json;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The one strict JSON (RFC 8259) reader of the headless bundles; {@link JsonWriter} is its writer. No
 * library needed, so the CLI's plain class path has it too.
 *
 * <p>{@link #parse} gives {@code LinkedHashMap<String, Object>} for objects (member order kept),
 * {@code List<Object>} for arrays, {@code String}, {@code BigInteger} (numbers without fraction or
 * exponent), {@code BigDecimal} (other numbers: exact, so nothing is rounded on the way in),
 * {@code Boolean} and {@link #NULL}. Strict: whitespace, numbers, escapes and literals exactly as the RFC
 * has them; raw control characters in strings, trailing commas, duplicate member names and text after
 * the value are errors. Nesting is bounded ({@value #MAX_DEPTH} levels), so no input overflows the
 * stack. Every error is a {@link SyntaxException} with line, column, offset and the JSON path.
 */
public final class Json {

    /** JSON {@code null}: a Java null would read as "absent" from a map. */
    public static final Object NULL = new Object() {
        @Override
        public String toString() {
            return "null";
        }
    };

    /** Deepest nesting of arrays and objects {@link #parse} accepts. */
    public static final int MAX_DEPTH = 200;

    /** Longest number literal accepted: a BigInteger/BigDecimal of a huge literal costs time and memory. */
    private static final int MAX_NUMBER_LENGTH = 400;

    /**
     * Malformed JSON. The message reads {@code JSON line L, column C (offset O) at PATH: what}; the parts
     * are also available one by one.
     */
    public static final class SyntaxException extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;
        private final int offset;
        private final int line;
        private final int column;
        private final String path;
        private final String problem;

        SyntaxException(String text, int offset, String path, String problem) {
            this(offset, lineOf(text, offset), columnOf(text, offset), path, problem);
        }

        private SyntaxException(int offset, int line, int column, String path, String problem) {
            super("JSON line " + line + ", column " + column + " (offset " + offset + ") at " + path + ": " + problem);
            this.offset = offset;
            this.line = line;
            this.column = column;
            this.path = path;
            this.problem = problem;
        }

        /** 0-based character offset of the problem in the text. */
        public int offset() {
            return offset;
        }

        /** 1-based line of the problem. */
        public int line() {
            return line;
        }

        /** 1-based column of the problem. */
        public int column() {
            return column;
        }

        /** JSON path of the value being read, e.g. {@code $}, {@code $.position.x}, {@code $[2].history[0]}. */
        public String path() {
            return path;
        }

        /** What is wrong, without the position. */
        public String problem() {
            return problem;
        }

        private static int lineOf(String text, int offset) {
            int line = 1;
            for (int i = 0; i < Math.min(offset, text.length()); i++) {
                if (text.charAt(i) == '\n') {
                    line++;
                }
            }
            return line;
        }

        private static int columnOf(String text, int offset) {
            int start = text.lastIndexOf('\n', Math.min(offset, text.length()) - 1) + 1;
            return offset - start + 1;
        }
    }

    private final String s;
    private int i;
    /** Per open container: the member name (String) or element index (Integer) being read. */
    private final Object[] path = new Object[MAX_DEPTH + 1];
    private int depth;

    private Json(String s) {
        this.s = s;
    }

    /**
     * Parses one JSON text.
     *
     * @throws SyntaxException when the text is not exactly one JSON value (whitespace around it allowed)
     */
    public static Object parse(String text) {
        Json j = new Json(text);
        j.ws();
        Object v = j.value();
        j.ws();
        if (j.i < text.length()) {
            throw j.error("unexpected " + j.found() + " after the JSON value");
        }
        return v;
    }

    /**
     * Parses a JSON text that must be an object.
     *
     * @throws SyntaxException when malformed or not an object
     */
    @SuppressWarnings("unchecked")
    public static Map<String, Object> parseObject(String text) {
        Object v = parse(text);
        if (!(v instanceof Map)) {
            throw new SyntaxException(text, 0, "$", "expected a JSON object, found " + kind(v));
        }
        return (Map<String, Object>) v;
    }

    /** One JSON text for {@code value} (see {@link JsonWriter#value(Object)}), on one line. */
    public static String write(Object value) {
        StringBuilder b = new StringBuilder();
        new JsonWriter(b).value(value);
        return b.toString();
    }

    /** "an object", "an array", "a string", "a number", "true", "false" or "null", for messages. */
    public static String kind(Object parsed) {
        return switch (parsed) {
            case null -> "null";
            case Map<?, ?> m -> "an object";
            case List<?> l -> "an array";
            case String str -> "a string";
            case Number n -> "a number";
            case Boolean b -> b.toString();
            default -> parsed == NULL ? "null" : parsed.getClass().getSimpleName();
        };
    }

    private SyntaxException error(String problem) {
        return error(i, problem);
    }

    private SyntaxException error(int at, String problem) {
        StringBuilder p = new StringBuilder("$");
        for (int k = 0; k < depth; k++) {
            Object seg = path[k];
            if (seg instanceof Integer index) {
                p.append('[').append(index).append(']');
            } else if (seg instanceof String name) {
                if (isIdentifier(name)) {
                    p.append('.').append(name);
                } else {
                    p.append('[');
                    JsonWriter.quote(p, name);
                    p.append(']');
                }
            }
            // null: the container's member name is not read yet; the path is the container's
        }
        return new SyntaxException(s, at, p.toString(), problem);
    }

    private static boolean isIdentifier(String name) {
        if (name.isEmpty() || !Character.isJavaIdentifierStart(name.charAt(0))) {
            return false;
        }
        for (int k = 1; k < name.length(); k++) {
            if (!Character.isJavaIdentifierPart(name.charAt(k))) {
                return false;
            }
        }
        return true;
    }

    /** The character at the current position for a message, or "the end". */
    private String found() {
        if (i >= s.length()) {
            return "the end";
        }
        char c = s.charAt(i);
        return c < 0x20 || c == 0x7f ? String.format("character U+%04X", (int) c) : "'" + c + "'";
    }

    private void ws() {
        while (i < s.length()) {
            char c = s.charAt(i);
            if (c != ' ' && c != '\t' && c != '\n' && c != '\r') {
                return;
            }
            i++;
        }
    }

    private Object value() {
        if (i >= s.length()) {
            throw error("expected a value, found the end");
        }
        char c = s.charAt(i);
        return switch (c) {
            case '{' -> object();
            case '[' -> array();
            case '"' -> string();
            case 't' -> literal("true", Boolean.TRUE);
            case 'f' -> literal("false", Boolean.FALSE);
            case 'n' -> literal("null", NULL);
            default -> {
                if (c == '-' || (c >= '0' && c <= '9')) {
                    yield number();
                }
                throw error("expected a value, found " + found());
            }
        };
    }

    private Object literal(String word, Object v) {
        if (!s.startsWith(word, i)) {
            String got = s.substring(i, Math.min(s.length(), i + word.length()));
            throw error("expected " + word + ", found '" + got + "'");
        }
        i += word.length();
        return v;
    }

    private void open() {
        if (depth == MAX_DEPTH) {
            throw error("nested deeper than " + MAX_DEPTH + " levels");
        }
        path[depth++] = null;
    }

    private Map<String, Object> object() {
        open();
        Map<String, Object> m = new LinkedHashMap<>();
        i++;
        ws();
        if (i < s.length() && s.charAt(i) == '}') {
            i++;
            depth--;
            return m;
        }
        while (true) {
            ws();
            if (i >= s.length() || s.charAt(i) != '"') {
                throw error("expected a member name in double quotes, found " + found());
            }
            int nameAt = i;
            String name = string();
            ws();
            if (i >= s.length() || s.charAt(i) != ':') {
                throw error("expected ':' after member name \"" + name + "\", found " + found());
            }
            i++;
            ws();
            if (m.containsKey(name)) {
                throw error(nameAt, "member \"" + name + "\" appears twice");
            }
            path[depth - 1] = name;
            m.put(name, value());
            path[depth - 1] = null;
            ws();
            if (i < s.length() && s.charAt(i) == ',') {
                i++;
                continue;
            }
            if (i < s.length() && s.charAt(i) == '}') {
                i++;
                depth--;
                return m;
            }
            throw error("expected ',' or '}', found " + found());
        }
    }

    private List<Object> array() {
        open();
        List<Object> l = new ArrayList<>();
        i++;
        ws();
        if (i < s.length() && s.charAt(i) == ']') {
            i++;
            depth--;
            return l;
        }
        while (true) {
            ws();
            path[depth - 1] = l.size();
            l.add(value());
            path[depth - 1] = null;
            ws();
            if (i < s.length() && s.charAt(i) == ',') {
                i++;
                continue;
            }
            if (i < s.length() && s.charAt(i) == ']') {
                i++;
                depth--;
                return l;
            }
            throw error("expected ',' or ']', found " + found());
        }
    }

    private String string() {
        int start = i;
        i++;
        StringBuilder b = null; // only strings with escapes need one
        int run = i;
        while (true) {
            if (i >= s.length()) {
                throw error(start, "string not closed");
            }
            char c = s.charAt(i);
            if (c == '"') {
                String v = b == null ? s.substring(run, i) : b.append(s, run, i).toString();
                i++;
                return v;
            }
            if (c < 0x20) {
                throw error(String.format("control character U+%04X in a string (escape it)", (int) c));
            }
            if (c != '\\') {
                i++;
                continue;
            }
            if (b == null) {
                b = new StringBuilder();
            }
            b.append(s, run, i);
            i++;
            if (i >= s.length()) {
                throw error(start, "string not closed");
            }
            char e = s.charAt(i++);
            switch (e) {
                case '"', '\\', '/' -> b.append(e);
                case 'b' -> b.append('\b');
                case 'f' -> b.append('\f');
                case 'n' -> b.append('\n');
                case 'r' -> b.append('\r');
                case 't' -> b.append('\t');
                case 'u' -> b.append(unicodeEscape());
                default -> throw error(i - 2, "bad escape \\" + e);
            }
            run = i;
        }
    }

    private char unicodeEscape() {
        int v = 0;
        for (int k = 0; k < 4; k++) {
            int d = i + k < s.length() ? Character.digit(s.charAt(i + k), 16) : -1;
            if (d < 0) {
                throw error(i - 2, "bad \\u escape: needs four hex digits");
            }
            v = v * 16 + d;
        }
        i += 4;
        return (char) v;
    }

    /** {@code -? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?}, exactly. */
    private Number number() {
        int start = i;
        if (s.charAt(i) == '-') {
            i++;
        }
        if (i < s.length() && s.charAt(i) == '0') {
            i++;
        } else if (digits() == 0) {
            throw error("expected a digit, found " + found());
        }
        boolean integer = true;
        if (i < s.length() && s.charAt(i) == '.') {
            integer = false;
            i++;
            if (digits() == 0) {
                throw error("expected a digit after '.', found " + found());
            }
        }
        if (i < s.length() && (s.charAt(i) == 'e' || s.charAt(i) == 'E')) {
            integer = false;
            i++;
            if (i < s.length() && (s.charAt(i) == '+' || s.charAt(i) == '-')) {
                i++;
            }
            if (digits() == 0) {
                throw error("expected a digit in the exponent, found " + found());
            }
        }
        if (i - start > MAX_NUMBER_LENGTH) {
            throw error(start, "number longer than " + MAX_NUMBER_LENGTH + " characters");
        }
        String t = s.substring(start, i);
        try {
            return integer ? new BigInteger(t) : new BigDecimal(t);
        } catch (NumberFormatException | ArithmeticException e) {
            throw error(start, "'" + t + "' is out of range"); // e.g. an exponent beyond int
        }
    }

    private int digits() {
        int start = i;
        while (i < s.length() && s.charAt(i) >= '0' && s.charAt(i) <= '9') {
            i++;
        }
        return i - start;
    }
}
