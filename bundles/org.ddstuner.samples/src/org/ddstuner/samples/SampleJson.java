package org.ddstuner.samples;

import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.ddstuner.json.JsonSyntaxException;
import org.ddstuner.json.StrictJson;
import org.ddstuner.types.ArrayType;
import org.ddstuner.types.BitFlag;
import org.ddstuner.types.BitmaskType;
import org.ddstuner.types.DdsType;
import org.ddstuner.types.DefaultValues;
import org.ddstuner.types.EnumType;
import org.ddstuner.types.Enumerator;
import org.ddstuner.types.Member;
import org.ddstuner.types.PrimitiveType;
import org.ddstuner.types.SequenceType;
import org.ddstuner.types.StringType;
import org.ddstuner.types.StructType;
import org.ddstuner.types.TypeLibrary;
import org.ddstuner.types.UnionCase;
import org.ddstuner.types.UnionType;
import org.ddstuner.types.UnionValue;
import org.ddstuner.types.Values;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;

/**
 * Sample values as JSON and back, on Jackson ({@link StrictJson}). Structs are objects (member order kept), sequences and arrays arrays,
 * enums their enumerator name, bitmasks their bits as a number (or, on input, an array of flag names),
 * unions an object with the selected member ({@code {"circle": {...}}}, plus {@code "$discriminator"} when
 * the label matters), chars one-character strings, floats numbers (NaN and infinities as the strings
 * {@code "NaN"}, {@code "Infinity"}, {@code "-Infinity"}).
 *
 * <p>Reading checks everything the encoder would refuse, with the JSON path of the bad value: Java type,
 * integer ranges, string and sequence bounds, array lengths, enum names, unknown members. A member missing
 * from the JSON gets its default value (optional members: absent), so templates stay valid when a type
 * grows.
 */
public final class SampleJson {

    /** The JSON member naming a union's discriminator value. */
    public static final String DISCRIMINATOR = "$discriminator";

    private SampleJson() {
    }

    /** A value as compact JSON. */
    public static String toJson(Object value) {
        return StrictJson.write(g -> write(g, value));
    }

    /** Writes a value with Jackson's generator (see the class comment for the mapping). */
    public static void write(JsonGenerator g, Object v) throws IOException {
        switch (v) {
            case null -> g.writeNull();
            case String s -> g.writeString(s);
            case Character c -> g.writeString(String.valueOf(c));
            case Boolean b -> g.writeBoolean(b);
            case Enumerator e -> g.writeString(e.name());
            case Double d when d.isNaN() || d.isInfinite() -> g.writeString(d.toString());
            case Float f when f.isNaN() || f.isInfinite() -> g.writeString(f.toString());
            case BigDecimal d -> g.writeNumber(d.toPlainString()); // float128: every digit, no exponent
            case BigInteger n -> g.writeNumber(n); // uint64 above Long.MAX_VALUE
            case Double d -> g.writeNumber(d); // Double.toString, as before
            case Float f -> g.writeNumber(f); // Float.toString: 0.1f stays 0.1
            case Long n -> g.writeNumber(n);
            case Integer n -> g.writeNumber(n);
            case Short n -> g.writeNumber(n);
            case Byte n -> g.writeNumber(n);
            case Number n -> g.writeNumber(n.toString());
            case UnionValue u -> {
                g.writeStartObject();
                g.writeNumberField(DISCRIMINATOR, u.discriminator());
                if (u.member() != null) {
                    g.writeFieldName(u.member());
                    write(g, u.value());
                }
                g.writeEndObject();
            }
            case List<?> l -> {
                g.writeStartArray();
                for (Object e : l) {
                    write(g, e);
                }
                g.writeEndArray();
            }
            case Map<?, ?> m -> {
                g.writeStartObject();
                for (Map.Entry<?, ?> e : m.entrySet()) {
                    g.writeFieldName(String.valueOf(e.getKey()));
                    write(g, e.getValue());
                }
                g.writeEndObject();
            }
            default -> g.writeString(v.toString());
        }
    }

    /**
     * Reads a value of {@code type} from JSON text.
     *
     * @throws JsonImportException with the JSON path (or line and column for malformed JSON)
     */
    public static Object fromJson(TypeLibrary library, DdsType type, String json) {
        return fromTree(library, type, parse(json), "$");
    }

    /**
     * Reads the samples of a JSON document for the type: an array of values, an array of exported samples
     * (objects with a {@code "value"} member, as {@link SampleExport#writeJson} writes them), or one value.
     * Exported key-only samples (value null) are skipped.
     */
    public static List<Object> readSamples(ResolvedType type, String json) {
        DdsType t = type.type().orElseThrow(() -> new JsonImportException("$", "topic " + type.topicName()
                + " has no known type (RAW): samples cannot be read from JSON"));
        JsonNode tree = parse(json);
        List<Object> out = new ArrayList<>();
        if (!tree.isArray()) {
            out.add(fromTree(type.library(), t, unwrap(tree), "$"));
            return out;
        }
        for (int i = 0; i < tree.size(); i++) {
            JsonNode e = tree.get(i);
            boolean exported = exported(e);
            if (exported && e.get("value").isNull()) {
                continue;
            }
            out.add(fromTree(type.library(), t, unwrap(e), "$[" + i + "]" + (exported ? ".value" : "")));
        }
        return out;
    }

    private static boolean exported(JsonNode e) {
        return e.isObject() && e.has("value") && e.has("seq");
    }

    private static JsonNode unwrap(JsonNode e) {
        return exported(e) ? e.get("value") : e;
    }

    private static JsonNode parse(String json) {
        try {
            return StrictJson.parse(json);
        } catch (JsonSyntaxException e) {
            throw new JsonImportException(e.path(), "JSON line " + e.line() + ", column " + e.column() + " (offset "
                    + e.offset() + "): " + e.problem());
        }
    }

    /** Converts a parsed JSON tree ({@link StrictJson#parse}) into a value of {@code type}. */
    static Object fromTree(TypeLibrary lib, DdsType type, JsonNode j, String path) {
        DdsType t;
        try {
            t = lib.unalias(type);
        } catch (RuntimeException e) {
            throw new JsonImportException(path, e.getMessage());
        }
        if (j == null || j.isNull()) {
            throw new JsonImportException(path, "null is only allowed for an optional member");
        }
        return switch (t) {
            case PrimitiveType p -> primitive(lib, p, j, path);
            case StringType s -> {
                if (!j.isTextual()) {
                    throw bad(path, "a string", j);
                }
                String str = j.textValue();
                if (s.bounded() && str.length() > s.bound()) {
                    throw new JsonImportException(path, "string of " + str.length() + " characters exceeds its bound "
                            + s.bound());
                }
                yield str;
            }
            case EnumType e -> enumerator(e, j, path);
            case BitmaskType b -> bitmask(b, j, path);
            case SequenceType s -> {
                if (!j.isArray()) {
                    throw bad(path, "an array", j);
                }
                if (s.bounded() && j.size() > s.bound()) {
                    throw new JsonImportException(path, "sequence of " + j.size() + " elements exceeds its bound " + s.bound());
                }
                List<Object> out = new ArrayList<>(j.size());
                for (int i = 0; i < j.size(); i++) {
                    out.add(fromTree(lib, s.element(), j.get(i), path + "[" + i + "]"));
                }
                yield out;
            }
            case ArrayType a -> array(lib, a.element(), a.dimensions(), j, path);
            case StructType s -> struct(lib, s, j, path);
            case UnionType u -> union(lib, u, j, path);
            default -> throw new JsonImportException(path, "unsupported type " + t);
        };
    }

    private static Object primitive(TypeLibrary lib, PrimitiveType p, JsonNode j, String path) {
        if (p == PrimitiveType.BOOLEAN) {
            if (j.isBoolean()) {
                return j.booleanValue();
            }
            throw bad(path, "true or false", j);
        }
        if (p.isChar()) {
            if (j.textValue() instanceof String s && s.length() == 1 && (p == PrimitiveType.CHAR16 || s.charAt(0) <= 0xff)) {
                return s.charAt(0);
            }
            throw bad(path, p == PrimitiveType.CHAR8 ? "a one-character string (ISO-8859-1)" : "a one-character string", j);
        }
        if (p.isFloat() && j.textValue() instanceof String s) {
            Double special = switch (s) {
                case "NaN" -> Double.NaN;
                case "Infinity" -> Double.POSITIVE_INFINITY;
                case "-Infinity" -> Double.NEGATIVE_INFINITY;
                default -> null;
            };
            if (special != null && p != PrimitiveType.FLOAT128) {
                return p == PrimitiveType.FLOAT32 ? (Object) special.floatValue() : special;
            }
        }
        if (!j.isNumber()) {
            throw bad(path, "a number (" + p.idlName() + ")", j);
        }
        Number exact = number(j);
        Object literal = exact instanceof BigDecimal d && p.isInteger() ? wholeOrNull(d) : exact;
        if (literal == null) {
            throw new JsonImportException(path, p.idlName() + " needs a whole number, found " + exact);
        }
        Optional<Object> v = Values.convert(lib, p, literal);
        if (v.isEmpty()) {
            throw new JsonImportException(path, exact + " is out of range for " + p.idlName() + range(p));
        }
        return v.get();
    }

    /** A number node exactly: BigInteger for integers, BigDecimal (the literal's digits and scale) otherwise. */
    private static Number number(JsonNode j) {
        return j.isIntegralNumber() ? j.bigIntegerValue() : j.decimalValue();
    }

    private static BigInteger wholeOrNull(BigDecimal d) {
        try {
            return d.toBigIntegerExact();
        } catch (ArithmeticException e) {
            return null;
        }
    }

    private static String range(PrimitiveType p) {
        return switch (p) {
            case INT8 -> " (-128..127)";
            case OCTET, UINT8 -> " (0..255)";
            case INT16 -> " (-32768..32767)";
            case UINT16 -> " (0..65535)";
            case INT32 -> " (-2147483648..2147483647)";
            case UINT32 -> " (0..4294967295)";
            case INT64 -> " (-9223372036854775808..9223372036854775807)";
            case UINT64 -> " (0..18446744073709551615)";
            default -> "";
        };
    }

    private static Enumerator enumerator(EnumType e, JsonNode j, String path) {
        Object given = j.isTextual() ? j.textValue() : j.isIntegralNumber() ? j.bigIntegerValue() : null;
        Optional<Enumerator> v = switch (given) {
            case String s -> e.byName(s.contains("::") ? s.substring(s.lastIndexOf(':') + 1) : s);
            case BigInteger i -> i.bitLength() < 32 ? e.byValue(i.longValue()) : Optional.empty();
            case null, default -> throw bad(path, "an enumerator name of " + e.name(), j);
        };
        return v.orElseThrow(() -> new JsonImportException(path, "'" + given + "' is not an enumerator of " + e.name()
                + " (" + String.join(", ", e.enumerators().stream().map(Enumerator::name).toList()) + ")"));
    }

    private static Long bitmask(BitmaskType b, JsonNode j, String path) {
        long bits = 0;
        if (j.isIntegralNumber() && j.bigIntegerValue() instanceof BigInteger i && i.signum() >= 0
                && i.bitLength() <= b.bitBound()) {
            return i.longValue();
        }
        if (!j.isArray()) {
            throw bad(path, "bits as a number below 2^" + b.bitBound() + " or an array of flag names of " + b.name(), j);
        }
        for (int k = 0; k < j.size(); k++) {
            JsonNode element = j.get(k);
            String name = element.isTextual() ? element.textValue() : element.toString();
            BitFlag f = b.flags().stream().filter(x -> x.name().equals(name)).findFirst()
                    .orElseThrow(() -> new JsonImportException(path, "'" + name + "' is not a flag of " + b.name()));
            bits |= 1L << f.position();
        }
        return bits;
    }

    private static List<Object> array(TypeLibrary lib, DdsType element, List<Integer> dims, JsonNode j, String path) {
        if (!j.isArray()) {
            throw bad(path, "an array of " + dims.get(0) + " elements", j);
        }
        if (j.size() != dims.get(0)) {
            throw new JsonImportException(path, "array needs exactly " + dims.get(0) + " elements, found " + j.size());
        }
        List<Object> out = new ArrayList<>(j.size());
        for (int i = 0; i < j.size(); i++) {
            String p = path + "[" + i + "]";
            out.add(dims.size() == 1 ? fromTree(lib, element, j.get(i), p)
                    : array(lib, element, dims.subList(1, dims.size()), j.get(i), p));
        }
        return out;
    }

    private static Map<String, Object> struct(TypeLibrary lib, StructType s, JsonNode j, String path) {
        if (!j.isObject()) {
            throw bad(path, "an object (struct " + s.name() + ")", j);
        }
        List<Member> members = lib.allMembers(s);
        for (String name : names(j)) {
            if (members.stream().noneMatch(x -> x.name().equals(name))) {
                throw new JsonImportException(path + "." + name, "struct " + s.name() + " has no member '" + name
                        + "' (members: " + String.join(", ", members.stream().map(Member::name).toList()) + ")");
            }
        }
        Map<String, Object> out = new LinkedHashMap<>();
        for (Member mem : members) {
            String p = path + "." + mem.name();
            JsonNode v = j.get(mem.name());
            if (v == null || (v.isNull() && mem.optional())) {
                out.put(mem.name(), mem.optional() ? null : DefaultValues.of(lib, mem.type()));
            } else {
                out.put(mem.name(), fromTree(lib, mem.type(), v, p));
            }
        }
        return out;
    }

    private static UnionValue union(TypeLibrary lib, UnionType u, JsonNode j, String path) {
        if (!j.isObject()) {
            throw bad(path, "an object with one member of union " + u.name(), j);
        }
        Long disc = null;
        JsonNode d = j.get(DISCRIMINATOR);
        if (d != null) {
            if (!d.isIntegralNumber() || d.bigIntegerValue().bitLength() > 63) {
                throw bad(path + "." + DISCRIMINATOR, "a whole number", d);
            }
            disc = d.longValue();
        }
        List<String> branches = names(j).stream().filter(k -> !DISCRIMINATOR.equals(k)).toList();
        if (branches.size() > 1) {
            throw new JsonImportException(path, "a union holds one member, found " + branches);
        }
        if (branches.isEmpty()) {
            if (disc == null) {
                throw new JsonImportException(path, "union " + u.name() + " needs a member or " + DISCRIMINATOR);
            }
            if (u.caseFor(disc).isPresent()) {
                throw new JsonImportException(path, "discriminator " + disc + " selects member '"
                        + u.caseFor(disc).get().member().name() + "', which is missing");
            }
            return new UnionValue(disc, null, null);
        }
        String name = branches.get(0);
        UnionCase c = u.cases().stream().filter(x -> x.member().name().equals(name)).findFirst()
                .orElseThrow(() -> new JsonImportException(path + "." + name, "union " + u.name() + " has no member '"
                        + name + "'"));
        if (disc == null) {
            disc = c.labels().isEmpty() ? Values.unusedLabel(u) : c.labels().get(0);
        } else if (u.caseFor(disc).orElse(null) != c) {
            throw new JsonImportException(path + "." + DISCRIMINATOR, "discriminator " + disc + " does not select member '"
                    + name + "'");
        }
        return new UnionValue(disc, name, fromTree(lib, c.member().type(), j.get(name), path + "." + name));
    }

    /** An object node's member names, in order. */
    private static List<String> names(JsonNode object) {
        List<String> names = new ArrayList<>(object.size());
        object.fieldNames().forEachRemaining(names::add);
        return names;
    }

    private static JsonImportException bad(String path, String expected, JsonNode found) {
        String f;
        if (found.isTextual()) {
            String s = found.textValue();
            f = "the string \"" + (s.length() > 40 ? s.substring(0, 37) + "..." : s) + "\"";
        } else if (found.isNumber()) {
            f = "the number " + number(found);
        } else {
            f = StrictJson.kind(found);
        }
        return new JsonImportException(path, "expected " + expected + ", found " + f);
    }
}
