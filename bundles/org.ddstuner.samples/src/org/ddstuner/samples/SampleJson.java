package org.ddstuner.samples;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.ddstuner.system.json.Json;
import org.ddstuner.system.json.JsonWriter;
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

/**
 * Sample values as JSON and back. Structs are objects (member order kept), sequences and arrays arrays,
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
        StringBuilder sb = new StringBuilder();
        append(sb, value);
        return sb.toString();
    }

    /** Appends a value as JSON (see the class comment for the mapping). */
    public static void append(StringBuilder sb, Object v) {
        switch (v) {
            case null -> sb.append("null");
            case String s -> JsonWriter.quote(sb, s);
            case Character c -> JsonWriter.quote(sb, String.valueOf(c));
            case Boolean b -> sb.append(b);
            case Enumerator e -> JsonWriter.quote(sb, e.name());
            case Double d when d.isNaN() || d.isInfinite() -> JsonWriter.quote(sb, d.toString());
            case Float f when f.isNaN() || f.isInfinite() -> JsonWriter.quote(sb, f.toString());
            case BigDecimal d -> sb.append(d.toPlainString());
            case Number n -> sb.append(n);
            case UnionValue u -> {
                sb.append('{');
                JsonWriter.quote(sb, DISCRIMINATOR);
                sb.append(':').append(u.discriminator());
                if (u.member() != null) {
                    sb.append(',');
                    JsonWriter.quote(sb, u.member());
                    sb.append(':');
                    append(sb, u.value());
                }
                sb.append('}');
            }
            case List<?> l -> {
                sb.append('[');
                for (int i = 0; i < l.size(); i++) {
                    sb.append(i > 0 ? "," : "");
                    append(sb, l.get(i));
                }
                sb.append(']');
            }
            case Map<?, ?> m -> {
                sb.append('{');
                boolean first = true;
                for (Map.Entry<?, ?> e : m.entrySet()) {
                    sb.append(first ? "" : ",");
                    JsonWriter.quote(sb, String.valueOf(e.getKey()));
                    sb.append(':');
                    append(sb, e.getValue());
                    first = false;
                }
                sb.append('}');
            }
            default -> JsonWriter.quote(sb, v.toString());
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
        Object tree = parse(json);
        List<Object> out = new ArrayList<>();
        if (!(tree instanceof List<?> l)) {
            out.add(fromTree(type.library(), t, unwrap(tree), "$"));
            return out;
        }
        for (int i = 0; i < l.size(); i++) {
            Object e = l.get(i);
            boolean exported = e instanceof Map<?, ?> m && m.containsKey("value") && m.containsKey("seq");
            if (exported && ((Map<?, ?>) e).get("value") == Json.NULL) {
                continue;
            }
            out.add(fromTree(type.library(), t, unwrap(e), "$[" + i + "]" + (exported ? ".value" : "")));
        }
        return out;
    }

    private static Object unwrap(Object e) {
        return e instanceof Map<?, ?> m && m.containsKey("value") && m.containsKey("seq") ? m.get("value") : e;
    }

    private static Object parse(String json) {
        try {
            return Json.parse(json);
        } catch (Json.SyntaxException e) {
            throw new JsonImportException(e.path(), "JSON line " + e.line() + ", column " + e.column() + " (offset "
                    + e.offset() + "): " + e.problem());
        }
    }

    /** Converts a parsed JSON tree ({@code Json.parse}) into a value of {@code type}. */
    static Object fromTree(TypeLibrary lib, DdsType type, Object j, String path) {
        DdsType t;
        try {
            t = lib.unalias(type);
        } catch (RuntimeException e) {
            throw new JsonImportException(path, e.getMessage());
        }
        if (j == Json.NULL || j == null) {
            throw new JsonImportException(path, "null is only allowed for an optional member");
        }
        return switch (t) {
            case PrimitiveType p -> primitive(lib, p, j, path);
            case StringType s -> {
                if (!(j instanceof String str)) {
                    throw bad(path, "a string", j);
                }
                if (s.bounded() && str.length() > s.bound()) {
                    throw new JsonImportException(path, "string of " + str.length() + " characters exceeds its bound "
                            + s.bound());
                }
                yield str;
            }
            case EnumType e -> enumerator(e, j, path);
            case BitmaskType b -> bitmask(b, j, path);
            case SequenceType s -> {
                if (!(j instanceof List<?> l)) {
                    throw bad(path, "an array", j);
                }
                if (s.bounded() && l.size() > s.bound()) {
                    throw new JsonImportException(path, "sequence of " + l.size() + " elements exceeds its bound " + s.bound());
                }
                List<Object> out = new ArrayList<>(l.size());
                for (int i = 0; i < l.size(); i++) {
                    out.add(fromTree(lib, s.element(), l.get(i), path + "[" + i + "]"));
                }
                yield out;
            }
            case ArrayType a -> array(lib, a.element(), a.dimensions(), j, path);
            case StructType s -> struct(lib, s, j, path);
            case UnionType u -> union(lib, u, j, path);
            default -> throw new JsonImportException(path, "unsupported type " + t);
        };
    }

    private static Object primitive(TypeLibrary lib, PrimitiveType p, Object j, String path) {
        if (p == PrimitiveType.BOOLEAN) {
            if (j instanceof Boolean b) {
                return b;
            }
            throw bad(path, "true or false", j);
        }
        if (p.isChar()) {
            if (j instanceof String s && s.length() == 1 && (p == PrimitiveType.CHAR16 || s.charAt(0) <= 0xff)) {
                return s.charAt(0);
            }
            throw bad(path, p == PrimitiveType.CHAR8 ? "a one-character string (ISO-8859-1)" : "a one-character string", j);
        }
        if (p.isFloat() && j instanceof String s) {
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
        if (!(j instanceof BigInteger) && !(j instanceof BigDecimal)) {
            throw bad(path, "a number (" + p.idlName() + ")", j);
        }
        Object literal = j instanceof BigDecimal d && p.isInteger() ? wholeOrNull(d) : j;
        if (literal == null) {
            throw new JsonImportException(path, p.idlName() + " needs a whole number, found " + j);
        }
        Optional<Object> v = Values.convert(lib, p, literal);
        if (v.isEmpty()) {
            throw new JsonImportException(path, j + " is out of range for " + p.idlName() + range(p));
        }
        return v.get();
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

    private static Enumerator enumerator(EnumType e, Object j, String path) {
        Optional<Enumerator> v = switch (j) {
            case String s -> e.byName(s.contains("::") ? s.substring(s.lastIndexOf(':') + 1) : s);
            case BigInteger i -> i.bitLength() < 32 ? e.byValue(i.longValue()) : Optional.empty();
            default -> throw bad(path, "an enumerator name of " + e.name(), j);
        };
        return v.orElseThrow(() -> new JsonImportException(path, "'" + j + "' is not an enumerator of " + e.name()
                + " (" + String.join(", ", e.enumerators().stream().map(Enumerator::name).toList()) + ")"));
    }

    private static Long bitmask(BitmaskType b, Object j, String path) {
        long bits = 0;
        if (j instanceof BigInteger i && i.signum() >= 0 && i.bitLength() <= b.bitBound()) {
            return i.longValue();
        }
        if (!(j instanceof List<?> l)) {
            throw bad(path, "bits as a number below 2^" + b.bitBound() + " or an array of flag names of " + b.name(), j);
        }
        for (int k = 0; k < l.size(); k++) {
            Object name = l.get(k);
            BitFlag f = b.flags().stream().filter(x -> x.name().equals(name)).findFirst()
                    .orElseThrow(() -> new JsonImportException(path, "'" + name + "' is not a flag of " + b.name()));
            bits |= 1L << f.position();
        }
        return bits;
    }

    private static List<Object> array(TypeLibrary lib, DdsType element, List<Integer> dims, Object j, String path) {
        if (!(j instanceof List<?> l)) {
            throw bad(path, "an array of " + dims.get(0) + " elements", j);
        }
        if (l.size() != dims.get(0)) {
            throw new JsonImportException(path, "array needs exactly " + dims.get(0) + " elements, found " + l.size());
        }
        List<Object> out = new ArrayList<>(l.size());
        for (int i = 0; i < l.size(); i++) {
            String p = path + "[" + i + "]";
            out.add(dims.size() == 1 ? fromTree(lib, element, l.get(i), p)
                    : array(lib, element, dims.subList(1, dims.size()), l.get(i), p));
        }
        return out;
    }

    private static Map<String, Object> struct(TypeLibrary lib, StructType s, Object j, String path) {
        if (!(j instanceof Map<?, ?> m)) {
            throw bad(path, "an object (struct " + s.name() + ")", j);
        }
        List<Member> members = lib.allMembers(s);
        for (Object name : m.keySet()) {
            if (members.stream().noneMatch(x -> x.name().equals(name))) {
                throw new JsonImportException(path + "." + name, "struct " + s.name() + " has no member '" + name
                        + "' (members: " + String.join(", ", members.stream().map(Member::name).toList()) + ")");
            }
        }
        Map<String, Object> out = new LinkedHashMap<>();
        for (Member mem : members) {
            String p = path + "." + mem.name();
            Object v = m.get(mem.name());
            if (v == null || (v == Json.NULL && mem.optional())) {
                out.put(mem.name(), mem.optional() ? null : DefaultValues.of(lib, mem.type()));
            } else {
                out.put(mem.name(), fromTree(lib, mem.type(), v, p));
            }
        }
        return out;
    }

    private static UnionValue union(TypeLibrary lib, UnionType u, Object j, String path) {
        if (!(j instanceof Map<?, ?> m)) {
            throw bad(path, "an object with one member of union " + u.name(), j);
        }
        Long disc = null;
        Object d = m.get(DISCRIMINATOR);
        if (d != null) {
            if (!(d instanceof BigInteger bi) || bi.bitLength() > 63) {
                throw bad(path + "." + DISCRIMINATOR, "a whole number", d);
            }
            disc = bi.longValue();
        }
        List<Object> branches = m.keySet().stream().filter(k -> !DISCRIMINATOR.equals(k)).map(k -> (Object) k).toList();
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
        String name = (String) branches.get(0);
        UnionCase c = u.cases().stream().filter(x -> x.member().name().equals(name)).findFirst()
                .orElseThrow(() -> new JsonImportException(path + "." + name, "union " + u.name() + " has no member '"
                        + name + "'"));
        if (disc == null) {
            disc = c.labels().isEmpty() ? Values.unusedLabel(u) : c.labels().get(0);
        } else if (u.caseFor(disc).orElse(null) != c) {
            throw new JsonImportException(path + "." + DISCRIMINATOR, "discriminator " + disc + " does not select member '"
                    + name + "'");
        }
        return new UnionValue(disc, name, fromTree(lib, c.member().type(), m.get(name), path + "." + name));
    }

    private static JsonImportException bad(String path, String expected, Object found) {
        String f = switch (found) {
            case String s -> "the string \"" + (s.length() > 40 ? s.substring(0, 37) + "..." : s) + "\"";
            case List<?> l -> "an array";
            case Map<?, ?> m -> "an object";
            case Boolean b -> b.toString();
            default -> found == Json.NULL ? "null" : "the number " + found;
        };
        return new JsonImportException(path, "expected " + expected + ", found " + f);
    }
}
