package org.ddstuner.types.ros;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.ddstuner.types.ArrayType;
import org.ddstuner.types.AutoId;
import org.ddstuner.types.DdsType;
import org.ddstuner.types.Extensibility;
import org.ddstuner.types.Member;
import org.ddstuner.types.MemberIds;
import org.ddstuner.types.PrimitiveType;
import org.ddstuner.types.SequenceType;
import org.ddstuner.types.StringType;
import org.ddstuner.types.StructType;
import org.ddstuner.types.TypeLibrary;
import org.ddstuner.types.TypeRef;

/**
 * ROS 2 type descriptions (REP 2011, {@code type_description_interfaces/msg/TypeDescription}), as a ROS 2 node
 * (Iron and later) sends them from its {@code ~/get_type_description} service, turned into our type model under the
 * DDS names ROS 2 uses on the wire.
 *
 * <pre>{@code
 * TypeLibrary lib = RosTypeDescriptions.toLibrary(RosTypeDescriptions.fromValue(decodedTypeDescription));
 * }</pre>
 */
public final class RosTypeDescriptions {

    /** The service's request and response type names on the wire. */
    public static final String REQUEST = RosNames.serviceTypeName("type_description_interfaces", "GetTypeDescription",
            "Request");
    public static final String RESPONSE = RosNames.serviceTypeName("type_description_interfaces",
            "GetTypeDescription", "Response");

    private static final String RESOURCES = "typedesc/";

    private RosTypeDescriptions() {
    }

    /** One field: {@code type_id} as in {@code FieldType.msg} (element kind + 48 × container kind). */
    public record Field(String name, int typeId, long capacity, long stringCapacity, String nestedTypeName) {
    }

    /** One type: its name ({@code "pkg/msg/Name"}) and fields. */
    public record Individual(String typeName, List<Field> fields) {
        public Individual {
            fields = List.copyOf(fields);
        }
    }

    /** A type and every type it refers to, in any order. */
    public record Description(Individual main, List<Individual> referenced) {
        public Description {
            referenced = List.copyOf(referenced);
        }
    }

    /**
     * The request and response types of {@code type_description_interfaces/srv/GetTypeDescription} (bundled, see
     * {@code typedesc/README.md}), i.e. {@link #REQUEST} and {@link #RESPONSE} and the messages they use.
     */
    public static TypeLibrary serviceTypes() {
        RosMsgLibrary bundled = new RosMsgLibrary((pkg, name) -> pkg.equals("type_description_interfaces")
                ? java.util.Optional.ofNullable(resource(name + ".msg")) : java.util.Optional.empty());
        try {
            return bundled.parseService("type_description_interfaces", "GetTypeDescription",
                    resource("GetTypeDescription.srv"));
        } catch (RosMsgException e) {
            throw new IllegalStateException("the bundled type_description_interfaces are broken: " + e.getMessage(), e);
        }
    }

    private static String resource(String file) {
        try (InputStream in = RosTypeDescriptions.class.getResourceAsStream(RESOURCES + file)) {
            return in == null ? null : new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return null;
        }
    }

    /**
     * Reads a decoded {@code TypeDescription} (member name → value maps and lists, as the CDR decoder gives them).
     *
     * @throws RosMsgException when a member is missing or has the wrong kind of value
     */
    public static Description fromValue(Object typeDescription) throws RosMsgException {
        Map<?, ?> td = map(typeDescription, "type_description");
        List<Individual> referenced = new ArrayList<>();
        for (Object o : list(td.get("referenced_type_descriptions"), "referenced_type_descriptions")) {
            referenced.add(individual(o));
        }
        return new Description(individual(td.get("type_description")), referenced);
    }

    private static Individual individual(Object value) throws RosMsgException {
        Map<?, ?> m = map(value, "IndividualTypeDescription");
        List<Field> fields = new ArrayList<>();
        for (Object f : list(m.get("fields"), "fields")) {
            Map<?, ?> fm = map(f, "Field");
            Map<?, ?> t = map(fm.get("type"), "FieldType");
            fields.add(new Field(string(fm.get("name"), "Field.name"), (int) number(t.get("type_id"), "type_id"),
                    number(t.get("capacity"), "capacity"), number(t.get("string_capacity"), "string_capacity"),
                    string(t.get("nested_type_name"), "nested_type_name")));
        }
        return new Individual(string(m.get("type_name"), "type_name"), fields);
    }

    private static Map<?, ?> map(Object v, String what) throws RosMsgException {
        if (v instanceof Map<?, ?> m) {
            return m;
        }
        throw new RosMsgException(what + ": expected a struct, got " + v);
    }

    private static List<?> list(Object v, String what) throws RosMsgException {
        if (v instanceof List<?> l) {
            return l;
        }
        throw new RosMsgException(what + ": expected a sequence, got " + v);
    }

    private static String string(Object v, String what) throws RosMsgException {
        if (v instanceof String s) {
            return s;
        }
        throw new RosMsgException(what + ": expected a string, got " + v);
    }

    private static long number(Object v, String what) throws RosMsgException {
        if (v instanceof Number n) {
            return n.longValue();
        }
        throw new RosMsgException(what + ": expected a number, got " + v);
    }

    /**
     * The description's types as DDS structs (final, members numbered from 0, as {@link RosMsgLibrary} makes them
     * from {@code .msg} files); only types reachable from the main one are kept.
     *
     * @throws RosMsgException for an unknown field type id, a nested type that is not described, a name that is
     *                         not {@code pkg/kind/Name}, or types that contain each other
     */
    public static TypeLibrary toLibrary(Description d) throws RosMsgException {
        Map<String, Individual> byName = new LinkedHashMap<>();
        for (Individual i : d.referenced()) {
            byName.putIfAbsent(i.typeName(), i);
        }
        byName.put(d.main().typeName(), d.main());
        TypeLibrary.Builder b = TypeLibrary.builder();
        add(d.main(), byName, b, new HashSet<>());
        return b.build();
    }

    /** The DDS name of a described type, e.g. {@code std_msgs::msg::dds_::String_}. */
    public static String ddsName(String typeName) throws RosMsgException {
        String dds = RosNames.ddsTypeNameOf(typeName);
        if (dds == null) {
            throw new RosMsgException("'" + typeName + "' is not a ROS 2 interface type name like 'std_msgs/msg/String'");
        }
        return dds;
    }

    private static void add(Individual t, Map<String, Individual> byName, TypeLibrary.Builder into, Set<String> path)
            throws RosMsgException {
        String dds = ddsName(t.typeName());
        if (into.contains(dds)) {
            return;
        }
        if (!path.add(t.typeName())) {
            throw new RosMsgException(t.typeName() + " contains itself");
        }
        List<Member> members = new ArrayList<>();
        for (Field f : t.fields()) {
            DdsType type = type(t.typeName(), f);
            if (type instanceof TypeRef || type instanceof SequenceType s && s.element() instanceof TypeRef
                    || type instanceof ArrayType a && a.element() instanceof TypeRef) {
                Individual nested = byName.get(f.nestedTypeName());
                if (nested == null) {
                    throw new RosMsgException(t.typeName() + "." + f.name() + ": its type " + f.nestedTypeName()
                            + " is not in the description");
                }
                add(nested, byName, into, path);
            }
            members.add(Member.of(f.name(), type));
        }
        if (members.isEmpty()) {
            // as rosidl and MsgParser do, so that the DDS struct is never empty
            members.add(Member.of("structure_needs_at_least_one_member", PrimitiveType.UINT8));
        }
        into.add(new StructType(dds, Extensibility.FINAL, AutoId.SEQUENTIAL, null,
                MemberIds.numberSequentially(members, 0), List.of()));
        path.remove(t.typeName());
    }

    /**
     * The REP 2011 type hash of a description, {@code "RIHS01_<sha256 hex>"}: SHA-256 of the description as JSON (no
     * default values, referenced types sorted by name) in the exact form rosidl_generator_type_description and rcl
     * write it, so it equals the hash a ROS 2 endpoint announces for the same type.
     */
    public static String hash(Description d) {
        StringBuilder json = new StringBuilder("{\"type_description\": ");
        individualJson(d.main(), json);
        json.append(", \"referenced_type_descriptions\": [");
        List<Individual> refs = new ArrayList<>(d.referenced());
        refs.sort(java.util.Comparator.comparing(Individual::typeName));
        for (int i = 0; i < refs.size(); i++) {
            json.append(i == 0 ? "" : ", ");
            individualJson(refs.get(i), json);
        }
        json.append("]}");
        try {
            byte[] sha = java.security.MessageDigest.getInstance("SHA-256")
                    .digest(json.toString().getBytes(StandardCharsets.UTF_8));
            return "RIHS01_" + java.util.HexFormat.of().formatHex(sha);
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException("no SHA-256 in this Java", e);
        }
    }

    private static void individualJson(Individual t, StringBuilder json) {
        json.append("{\"type_name\": ");
        jsonString(t.typeName(), json);
        json.append(", \"fields\": [");
        for (int i = 0; i < t.fields().size(); i++) {
            Field f = t.fields().get(i);
            json.append(i == 0 ? "{\"name\": " : ", {\"name\": ");
            jsonString(f.name(), json);
            json.append(", \"type\": {\"type_id\": ").append(f.typeId()).append(", \"capacity\": ").append(f.capacity())
                    .append(", \"string_capacity\": ").append(f.stringCapacity()).append(", \"nested_type_name\": ");
            jsonString(f.nestedTypeName(), json);
            json.append("}}");
        }
        json.append("]}");
    }

    /** As Python's json.dumps with ensure_ascii: escapes quote, backslash, control characters and non-ASCII. */
    private static void jsonString(String v, StringBuilder json) {
        json.append('"');
        for (int i = 0; i < v.length(); i++) {
            char c = v.charAt(i);
            switch (c) {
                case '"' -> json.append("\\\"");
                case '\\' -> json.append("\\\\");
                case '\n' -> json.append("\\n");
                case '\r' -> json.append("\\r");
                case '\t' -> json.append("\\t");
                case '\b' -> json.append("\\b");
                case '\f' -> json.append("\\f");
                default -> {
                    if (c < 0x20 || c > 0x7e) {
                        json.append(String.format("\\u%04x", (int) c));
                    } else {
                        json.append(c);
                    }
                }
            }
        }
        json.append('"');
    }

    /**
     * The description of a type made from {@code .msg} files (or a type description), the inverse of
     * {@link #toLibrary}: {@code ddsName} ({@code pkg::msg::dds_::Name_}) and every struct it uses.
     *
     * @throws RosMsgException when a member's type has no ROS 2 field type (unions, enums, maps, nested arrays...)
     */
    public static Description fromLibrary(TypeLibrary lib, String ddsName) throws RosMsgException {
        Map<String, Individual> refs = new java.util.TreeMap<>();
        Individual main = describe(lib, ddsName, refs);
        refs.remove(main.typeName());
        return new Description(main, new ArrayList<>(refs.values()));
    }

    private static Individual describe(TypeLibrary lib, String ddsName, Map<String, Individual> refs)
            throws RosMsgException {
        String typeName = interfaceName(ddsName);
        StructType s = lib.struct(ddsName);
        List<Field> fields = new ArrayList<>();
        for (Member m : s.members()) {
            fields.add(field(lib, typeName, m, refs));
        }
        return new Individual(typeName, fields);
    }

    private static Field field(TypeLibrary lib, String owner, Member m, Map<String, Individual> refs)
            throws RosMsgException {
        DdsType t = m.type();
        int container = 0;
        long capacity = 0;
        if (t instanceof ArrayType a && a.dimensions().size() == 1) {
            container = 1;
            capacity = a.dimensions().get(0);
            t = a.element();
        } else if (t instanceof SequenceType q) {
            container = q.bounded() ? 2 : 3;
            capacity = q.bound();
            t = q.element();
        }
        long stringCapacity = 0;
        String nested = "";
        int element;
        if (t instanceof TypeRef r) {
            element = 1;
            nested = interfaceName(r.name());
            if (!refs.containsKey(nested)) {
                refs.put(nested, new Individual(nested, List.of())); // a placeholder against cycles
                refs.put(nested, describe(lib, r.name(), refs));
            }
        } else if (t instanceof StringType st) {
            element = st.bounded() ? (st.wide() ? 22 : 21) : (st.wide() ? 18 : 17);
            stringCapacity = st.bound();
        } else if (t instanceof PrimitiveType p) {
            element = switch (p) {
                case INT8 -> 2;
                case UINT8 -> 3;
                case INT16 -> 4;
                case UINT16 -> 5;
                case INT32 -> 6;
                case UINT32 -> 7;
                case INT64 -> 8;
                case UINT64 -> 9;
                case FLOAT32 -> 10;
                case FLOAT64 -> 11;
                case FLOAT128 -> 12;
                case CHAR8 -> 13;
                case CHAR16 -> 14;
                case BOOLEAN -> 15;
                case OCTET -> 16;
            };
        } else {
            throw new RosMsgException(owner + "." + m.name() + ": " + m.type() + " has no ROS 2 field type");
        }
        return new Field(m.name(), element + 48 * container, capacity, stringCapacity, nested);
    }

    /** {@code std_msgs::msg::dds_::String_} → {@code std_msgs/msg/String}. */
    private static String interfaceName(String ddsName) throws RosMsgException {
        String[] p = ddsName.split("::");
        if (p.length != 4 || !p[2].equals("dds_") || !p[3].endsWith("_") || p[3].length() < 2) {
            throw new RosMsgException("'" + ddsName + "' is not a ROS 2 type name like 'std_msgs::msg::dds_::String_'");
        }
        return p[0] + "/" + p[1] + "/" + p[3].substring(0, p[3].length() - 1);
    }

    /** The DDS type of a field, from {@code FieldType.msg}'s ids: element kind {@code id % 48}, container {@code id / 48}. */
    static DdsType type(String owner, Field f) throws RosMsgException {
        int element = f.typeId() % 48;
        int container = f.typeId() / 48;
        DdsType e = switch (element) {
            case 1 -> {
                String nested = RosNames.ddsTypeNameOf(f.nestedTypeName());
                if (nested == null) {
                    throw new RosMsgException(owner + "." + f.name() + ": nested type name '" + f.nestedTypeName()
                            + "' is not like 'pkg/msg/Name'");
                }
                yield new TypeRef(nested);
            }
            case 2 -> PrimitiveType.INT8;
            case 3 -> PrimitiveType.UINT8;
            case 4 -> PrimitiveType.INT16;
            case 5 -> PrimitiveType.UINT16;
            case 6 -> PrimitiveType.INT32;
            case 7 -> PrimitiveType.UINT32;
            case 8 -> PrimitiveType.INT64;
            case 9 -> PrimitiveType.UINT64;
            case 10 -> PrimitiveType.FLOAT32;
            case 11 -> PrimitiveType.FLOAT64;
            case 12 -> PrimitiveType.FLOAT128;
            case 13 -> PrimitiveType.CHAR8;
            case 14 -> PrimitiveType.CHAR16;
            case 15 -> PrimitiveType.BOOLEAN;
            case 16 -> PrimitiveType.OCTET;
            case 17 -> StringType.STRING;
            case 18 -> StringType.WSTRING;
            // a fixed-size string goes on the wire as a string of at most that many characters
            case 19, 21 -> new StringType(false, positive(owner, f, f.stringCapacity(), "string_capacity"));
            case 20, 22 -> new StringType(true, positive(owner, f, f.stringCapacity(), "string_capacity"));
            default -> throw new RosMsgException(owner + "." + f.name() + ": unknown field type id " + f.typeId());
        };
        return switch (container) {
            case 0 -> e;
            case 1 -> new ArrayType(e, (int) positive(owner, f, f.capacity(), "capacity"));
            case 2 -> new SequenceType(e, positive(owner, f, f.capacity(), "capacity"));
            case 3 -> new SequenceType(e, 0);
            default -> throw new RosMsgException(owner + "." + f.name() + ": unknown field type id " + f.typeId());
        };
    }

    private static long positive(String owner, Field f, long v, String what) throws RosMsgException {
        if (v <= 0 || v > Integer.MAX_VALUE) {
            throw new RosMsgException(owner + "." + f.name() + ": " + what + " " + v + " is not a positive size");
        }
        return v;
    }
}
