package org.ddstuner.json;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonFactoryBuilder;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonStreamContext;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.StreamWriteFeature;
import com.fasterxml.jackson.core.json.JsonWriteFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.JsonNodeFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The project's one Jackson set-up: strict RFC 8259 reading with errors that give line, column, offset and
 * JSON path, and writing with the escapes every JSON document of the tool has always had. It belongs to no
 * DDS layer; the headless bundles (system, samples, pother, cli) and the commands use it.
 *
 * <p>Reading ({@link #parse}): Jackson's defaults already refuse comments, single quotes, NaN/Infinity,
 * leading zeros or plus signs, trailing commas, unquoted names and raw control characters; on top of that
 * duplicate member names ({@code STRICT_DUPLICATE_DETECTION}) and text after the value
 * ({@code FAIL_ON_TRAILING_TOKENS}) are errors, nesting is bounded ({@value #MAX_DEPTH} levels, so no input
 * overflows the stack) and so is a number's length ({@value #MAX_NUMBER_LENGTH} characters). Numbers are
 * exact: integers are int/long/BigInteger nodes as they fit, others {@code BigDecimal} nodes with the
 * literal's scale ({@code 2.50} stays {@code 2.50}).
 *
 * <p>Writing ({@link #generator}, {@link #write}): compact, doubles with {@link Double#toString}, NaN and
 * infinities as the strings {@code "NaN"}, {@code "Infinity"}, {@code "-Infinity"} (JSON has no such
 * numbers), lowercase hex escapes, and besides the required escapes DEL, U+2028, U+2029 and unpaired
 * surrogates escaped, so the text is valid UTF-8 and one line stays one line.
 */
public final class StrictJson {

    /** Deepest nesting of arrays and objects {@link #parse} accepts. */
    public static final int MAX_DEPTH = 200;

    /** Longest number literal accepted: a BigInteger/BigDecimal of a huge literal costs time and memory. */
    public static final int MAX_NUMBER_LENGTH = 400;

    private static final JsonFactory FACTORY = new JsonFactoryBuilder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(MAX_DEPTH)
                    .maxNumberLength(MAX_NUMBER_LENGTH).build())
            .disable(StreamWriteFeature.AUTO_CLOSE_TARGET) // a caller's stream (stdout, a file) stays open
            .disable(JsonWriteFeature.WRITE_HEX_UPPER_CASE)
            .enable(JsonWriteFeature.WRITE_NAN_AS_STRINGS)
            .characterEscapes(new JsonEscapes())
            .build();

    private static final ObjectMapper MAPPER = JsonMapper.builder(FACTORY)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .configure(JsonNodeFeature.STRIP_TRAILING_BIGDECIMAL_ZEROES, false)
            .build();

    /** Jackson's location suffix inside a message, e.g. of the start marker of an unclosed array. */
    private static final Pattern SOURCE = Pattern.compile("\\[Source: [^;\\]]*; line: (\\d+), column: (\\d+)\\]");

    private StrictJson() {
    }

    /**
     * One class of each jar (or bundle folder) a plain class path needs for this bundle: itself and Jackson's
     * core, databind and annotations (for child JVMs that run the CLI, e.g. Pother agents).
     */
    public static List<Class<?>> classPathRoots() {
        return List.of(StrictJson.class, JsonFactory.class, ObjectMapper.class, JsonInclude.class);
    }

    /** The shared mapper (thread-safe): use it for trees ({@code createObjectNode}, {@code valueToTree}). */
    public static ObjectMapper mapper() {
        return MAPPER;
    }

    /**
     * Parses one JSON text.
     *
     * @throws JsonSyntaxException when the text is not exactly one JSON value (whitespace around it allowed)
     */
    public static JsonNode parse(String text) {
        try (JsonParser p = FACTORY.createParser(text)) {
            JsonNode n;
            try {
                n = MAPPER.readTree(p);
            } catch (JsonProcessingException e) {
                JsonLocation at = e.getLocation() != null ? e.getLocation() : p.currentLocation();
                throw error(at, p.getParsingContext(), clean(e.getOriginalMessage()));
            } catch (NumberFormatException | ArithmeticException e) {
                throw error(p.currentLocation(), p.getParsingContext(), "number out of range: " + e.getMessage());
            }
            if (n == null || n.isMissingNode()) {
                JsonLocation end = p.currentLocation();
                throw error(end, p.getParsingContext(), "expected a JSON value, found the end");
            }
            return n;
        } catch (IOException e) {
            throw new UncheckedIOException(e); // reading a String throws none
        }
    }

    /**
     * Parses a JSON text that must be an object.
     *
     * @throws JsonSyntaxException when malformed or not an object
     */
    public static ObjectNode parseObject(String text) {
        JsonNode n = parse(text);
        if (!(n instanceof ObjectNode o)) {
            throw new JsonSyntaxException(0, 1, 1, "$", "expected a JSON object, found " + kind(n));
        }
        return o;
    }

    /**
     * The tree as plain Java values, for code that keeps its data as maps (the run files, tests):
     * {@code LinkedHashMap<String, Object>} for objects (member order kept), {@code ArrayList<Object>} for
     * arrays, {@code String}, {@code BigInteger} for every integer, {@code BigDecimal} for other numbers (both
     * exact), {@code Boolean}, and {@code null} for JSON null.
     */
    public static Object toJava(JsonNode n) {
        if (n == null || n.isNull() || n.isMissingNode()) {
            return null;
        }
        if (n.isObject()) {
            Map<String, Object> m = new LinkedHashMap<>();
            n.properties().forEach(e -> m.put(e.getKey(), toJava(e.getValue())));
            return m;
        }
        if (n.isArray()) {
            List<Object> l = new ArrayList<>(n.size());
            n.forEach(e -> l.add(toJava(e)));
            return l;
        }
        if (n.isIntegralNumber()) {
            return n.bigIntegerValue();
        }
        if (n.isNumber()) {
            return n.decimalValue();
        }
        if (n.isBoolean()) {
            return n.booleanValue();
        }
        return n.asText();
    }

    /** {@link #parseObject} as plain Java values ({@link #toJava}). */
    @SuppressWarnings("unchecked")
    public static Map<String, Object> parseMap(String text) {
        return (Map<String, Object>) toJava(parseObject(text));
    }

    /** "an object", "an array", "a string", "a number", "true", "false" or "null", for messages. */
    public static String kind(JsonNode n) {
        if (n == null || n.isNull() || n.isMissingNode()) {
            return "null";
        }
        return switch (n.getNodeType()) {
            case OBJECT, POJO -> "an object";
            case ARRAY -> "an array";
            case STRING, BINARY -> "a string";
            case NUMBER -> "a number";
            case BOOLEAN -> String.valueOf(n.booleanValue());
            default -> n.getNodeType().name().toLowerCase();
        };
    }

    /**
     * A generator on {@code out} with the project's output rules. Closing it flushes but leaves {@code out}
     * open.
     */
    public static JsonGenerator generator(Writer out) {
        try {
            return FACTORY.createGenerator(new SurrogateEscapingWriter(out));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** What one writes with a generator, for {@link #write(Body)}. */
    @FunctionalInterface
    public interface Body {
        void write(JsonGenerator g) throws IOException;
    }

    /** The JSON text {@code body} writes, e.g. one line of a command's {@code --json} output. */
    public static String write(Body body) {
        StringWriter s = new StringWriter();
        try (JsonGenerator g = generator(s)) {
            body.write(g);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a StringWriter throws none; Jackson's misuse errors are IOExceptions
        }
        return s.toString();
    }

    /**
     * One JSON text for a tree: a {@code JsonNode}, or maps, lists, strings, numbers, booleans and null
     * (written by the shared mapper).
     *
     * @throws IllegalArgumentException for objects that are not JSON values (Jackson's serializers reject them)
     */
    public static String write(Object tree) {
        StringWriter s = new StringWriter();
        try (JsonGenerator g = generator(s)) {
            MAPPER.writeValue(g, tree);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot write " + (tree == null ? "null" : tree.getClass().getName())
                    + " as JSON: " + e.getMessage(), e);
        }
        return s.toString();
    }

    /** {@code s} as a JSON string literal, with the same escapes as the generator. */
    public static String quote(String s) {
        return write(g -> g.writeString(s));
    }

    /** Appends {@code s} as a JSON string literal. */
    public static void quote(StringBuilder out, String s) {
        out.append(quote(s));
    }

    private static String clean(String message) {
        String m = message == null ? "malformed JSON" : message;
        return SOURCE.matcher(m).replaceAll("[line $1, column $2]").replace('\n', ' ').strip();
    }

    private static JsonSyntaxException error(JsonLocation at, JsonStreamContext context, String problem) {
        return new JsonSyntaxException(Math.max(0, at.getCharOffset()), Math.max(1, at.getLineNr()),
                Math.max(1, at.getColumnNr()), path(context), problem);
    }

    /** {@code $}, then {@code .name} (or {@code ["name"]} when not an identifier) and {@code [index]} per level. */
    static String path(JsonStreamContext context) {
        Deque<String> parts = new ArrayDeque<>();
        for (JsonStreamContext c = context; c != null && !c.inRoot(); c = c.getParent()) {
            if (c.inArray() && c.hasCurrentIndex()) {
                parts.push("[" + c.getCurrentIndex() + "]");
            } else if (c.inObject() && c.getCurrentName() != null) {
                String name = c.getCurrentName();
                parts.push(isIdentifier(name) ? "." + name : "[" + quote(name) + "]");
            }
        }
        StringBuilder b = new StringBuilder("$");
        parts.forEach(b::append);
        return b.toString();
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
}
