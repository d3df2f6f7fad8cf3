package org.ddstuner.types.ros;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.ddstuner.types.Annotation;
import org.ddstuner.types.ArrayType;
import org.ddstuner.types.Constant;
import org.ddstuner.types.DdsType;
import org.ddstuner.types.Member;
import org.ddstuner.types.MemberIds;
import org.ddstuner.types.PrimitiveType;
import org.ddstuner.types.SequenceType;
import org.ddstuner.types.StringType;
import org.ddstuner.types.StructType;
import org.ddstuner.types.TypeRef;
import org.ddstuner.types.Extensibility;
import org.ddstuner.types.AutoId;

/**
 * One {@code .msg} text: fields {@code type name [default]}, constants {@code type NAME=value},
 * {@code T[]}, {@code T[N]}, {@code T[<=N]}, {@code string<=N}, {@code pkg/Type}, comments. Maps ROS types to
 * DDS as rosidl does (byte → octet, char → uint8, bool → boolean).
 */
final class MsgParser {
    private static final String FIELD_NAME = "[a-z][a-z0-9]*(_[a-z0-9]+)*";
    private static final String CONSTANT_NAME = "[A-Z][A-Z0-9]*(_[A-Z0-9]+)*";

    private final String pkg;
    private final String name;
    private final String text;
    private final String file;
    /** The DDS name of the struct, e.g. {@code std_msgs::msg::dds_::String_}. */
    private final String ddsName;
    /** The module of its constants, e.g. {@code std_msgs::msg::dds_::String_Constants}. */
    private final String constantsModule;
    private final List<Member> members = new ArrayList<>();
    private final List<Constant> constants = new ArrayList<>();
    private final List<String[]> dependencies = new ArrayList<>();
    private final Set<String> names = new HashSet<>();

    MsgParser(String pkg, String name, String text) {
        this(pkg, name, text, RosNames.ddsTypeName(pkg, name), RosNames.constantsModule(pkg, name),
                pkg + "/msg/" + name + ".msg");
    }

    /**
     * One part of another interface kind, e.g. the request of {@code pkg/srv/Name.srv}: {@code name} is the
     * interface's name (checked as a message name), the struct and its constants take the given DDS names.
     */
    MsgParser(String pkg, String name, String text, String ddsName, String constantsModule, String file) {
        this.pkg = pkg;
        this.name = name;
        this.text = text;
        this.ddsName = ddsName;
        this.constantsModule = constantsModule;
        this.file = file;
    }

    void parse() throws RosMsgException {
        if (!pkg.matches("[a-z][a-z0-9_]*") || !name.matches("[A-Z][A-Za-z0-9]*")) {
            throw new RosMsgException("'" + pkg + "/" + name + "' is not a valid message name");
        }
        String[] lines = text.split("\r?\n", -1);
        for (int i = 0; i < lines.length; i++) {
            line(lines[i], i + 1);
        }
        if (members.isEmpty()) {
            // rosidl adds this member so that the DDS struct is never empty
            members.add(Member.of("structure_needs_at_least_one_member", PrimitiveType.UINT8));
        }
    }

    StructType struct() {
        return new StructType(ddsName, Extensibility.FINAL, AutoId.SEQUENTIAL, null,
                MemberIds.numberSequentially(members, 0), List.of());
    }

    List<Constant> constants() {
        return constants;
    }

    /** {pkg, name, position} of every message type used. */
    List<String[]> dependencies() {
        return dependencies;
    }

    private RosMsgException error(int line, int column, String message) {
        return new RosMsgException(file + ":" + line + ":" + column + ": " + message);
    }

    private void line(String raw, int line) throws RosMsgException {
        String content = stripComment(raw);
        if (content.isBlank()) {
            return;
        }
        int typeStart = firstNonSpace(content, 0);
        int typeEnd = typeStart;
        while (typeEnd < content.length() && !Character.isWhitespace(content.charAt(typeEnd))) {
            typeEnd++;
        }
        String typeText = content.substring(typeStart, typeEnd);
        int nameStart = firstNonSpace(content, typeEnd);
        if (nameStart >= content.length()) {
            throw error(line, typeEnd + 1, "expected a field name after type '" + typeText + "'");
        }
        int eq = content.indexOf('=', nameStart);
        int nameEnd = nameStart;
        while (nameEnd < content.length() && !Character.isWhitespace(content.charAt(nameEnd))
                && content.charAt(nameEnd) != '=') {
            nameEnd++;
        }
        String fieldName = content.substring(nameStart, nameEnd);
        String rest = content.substring(nameEnd).strip();
        DdsType type = type(typeText, line, typeStart + 1);
        if (eq >= 0 && rest.startsWith("=")) {
            constant(type, typeText, fieldName, rest.substring(1).strip(), line, nameStart + 1);
            return;
        }
        if (!fieldName.matches(FIELD_NAME)) {
            throw error(line, nameStart + 1, "invalid field name '" + fieldName
                    + "' (lower case letters, digits and single underscores, starting with a letter)");
        }
        if (!names.add(fieldName)) {
            throw error(line, nameStart + 1, "duplicate field '" + fieldName + "'");
        }
        List<Annotation> annotations = new ArrayList<>();
        if (!rest.isEmpty()) {
            annotations.add(Annotation.of("default", defaultValue(type, rest, line, nameEnd + 2)));
        }
        members.add(new Member(fieldName, type, 0, false, false, annotations));
    }

    private void constant(DdsType type, String typeText, String constName, String value, int line, int column)
            throws RosMsgException {
        if (!constName.matches(CONSTANT_NAME)) {
            throw error(line, column, "invalid constant name '" + constName + "' (upper case letters, digits and"
                    + " underscores)");
        }
        if (!(type instanceof PrimitiveType || type instanceof StringType)) {
            throw error(line, column, "constant '" + constName + "' must have a primitive or string type, not '"
                    + typeText + "'");
        }
        if (!names.add(constName)) {
            throw error(line, column, "duplicate name '" + constName + "'");
        }
        constants.add(new Constant(constantsModule + "::" + constName, type,
                scalar(type, value, line, column)));
    }

    private Object defaultValue(DdsType type, String value, int line, int column) throws RosMsgException {
        if (type instanceof ArrayType || type instanceof SequenceType) {
            if (!value.startsWith("[") || !value.endsWith("]")) {
                throw error(line, column, "array default must be written [a, b, ...]");
            }
            return value;
        }
        if (type instanceof TypeRef) {
            throw error(line, column, "fields of message type cannot have a default value");
        }
        return scalar(type, value, line, column);
    }

    private Object scalar(DdsType type, String value, int line, int column) throws RosMsgException {
        if (type instanceof StringType s) {
            String v = unquote(value);
            if (s.bounded() && v.length() > s.bound()) {
                throw error(line, column, "string value longer than its bound " + s.bound());
            }
            return v;
        }
        PrimitiveType p = (PrimitiveType) type;
        try {
            if (p == PrimitiveType.BOOLEAN) {
                return switch (value.toLowerCase(java.util.Locale.ROOT)) {
                    case "true", "1" -> Boolean.TRUE;
                    case "false", "0" -> Boolean.FALSE;
                    default -> throw error(line, column, "'" + value + "' is not a bool (true/false)");
                };
            }
            if (p.isFloat()) {
                double d = Double.parseDouble(value);
                if (Double.isNaN(d) || Double.isInfinite(d)) {
                    throw error(line, column, "'" + value + "' is not a finite number");
                }
                return d;
            }
            BigInteger i = new BigInteger(value);
            int bits = p.size() * 8;
            BigInteger lo = p.isSigned() ? BigInteger.ONE.shiftLeft(bits - 1).negate() : BigInteger.ZERO;
            BigInteger hi = (p.isSigned() ? BigInteger.ONE.shiftLeft(bits - 1) : BigInteger.ONE.shiftLeft(bits))
                    .subtract(BigInteger.ONE);
            if (i.compareTo(lo) < 0 || i.compareTo(hi) > 0) {
                throw error(line, column, "value " + i + " is out of range for " + p.idlName());
            }
            return i;
        } catch (NumberFormatException e) {
            throw error(line, column, "'" + value + "' is not a valid " + p.idlName() + " value");
        }
    }

    private static String unquote(String v) {
        if (v.length() >= 2 && (v.startsWith("\"") && v.endsWith("\"") || v.startsWith("'") && v.endsWith("'"))) {
            return v.substring(1, v.length() - 1).replace("\\\"", "\"").replace("\\'", "'");
        }
        return v;
    }

    private DdsType type(String t, int line, int column) throws RosMsgException {
        int bracket = t.indexOf('[');
        String base = bracket < 0 ? t : t.substring(0, bracket);
        DdsType element = baseType(base, line, column);
        if (bracket < 0) {
            return element;
        }
        if (!t.endsWith("]")) {
            throw error(line, column + bracket, "missing ']' in array type '" + t + "'");
        }
        String size = t.substring(bracket + 1, t.length() - 1);
        if (size.isEmpty()) {
            return new SequenceType(element, 0);
        }
        boolean bounded = size.startsWith("<=");
        int n = number(bounded ? size.substring(2) : size, line, column + bracket + 1, "array size");
        return bounded ? new SequenceType(element, n) : new ArrayType(element, n);
    }

    private int number(String s, int line, int column, String what) throws RosMsgException {
        try {
            int n = Integer.parseInt(s.strip());
            if (n > 0) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw error(line, column, what + " must be a positive integer, not '" + s + "'");
    }

    private DdsType baseType(String base, int line, int column) throws RosMsgException {
        if (base.startsWith("string<=") || base.startsWith("wstring<=")) {
            boolean wide = base.startsWith("w");
            int n = number(base.substring(base.indexOf("<=") + 2), line, column, "string bound");
            return new StringType(wide, n);
        }
        return switch (base) {
            case "bool" -> PrimitiveType.BOOLEAN;
            case "byte" -> PrimitiveType.OCTET;
            case "char", "uint8" -> PrimitiveType.UINT8;
            case "int8" -> PrimitiveType.INT8;
            case "int16" -> PrimitiveType.INT16;
            case "uint16" -> PrimitiveType.UINT16;
            case "int32" -> PrimitiveType.INT32;
            case "uint32" -> PrimitiveType.UINT32;
            case "int64" -> PrimitiveType.INT64;
            case "uint64" -> PrimitiveType.UINT64;
            case "float32" -> PrimitiveType.FLOAT32;
            case "float64" -> PrimitiveType.FLOAT64;
            case "string" -> StringType.STRING;
            case "wstring" -> StringType.WSTRING;
            default -> messageType(base, line, column);
        };
    }

    private DdsType messageType(String base, int line, int column) throws RosMsgException {
        String[] p = base.split("/");
        String depPkg;
        String depName;
        if (p.length == 1) {
            depPkg = base.equals("Header") && !pkg.equals("std_msgs") ? "std_msgs" : pkg;
            depName = base;
        } else if (p.length == 2 || p.length == 3 && p[1].equals("msg")) {
            depPkg = p[0];
            depName = p[p.length - 1];
        } else {
            throw error(line, column, "invalid type '" + base + "'");
        }
        if (!depPkg.matches("[a-z][a-z0-9_]*") || !depName.matches("[A-Z][A-Za-z0-9]*")) {
            throw error(line, column, "unknown type '" + base + "'");
        }
        dependencies.add(new String[] {depPkg, depName, file + ":" + line + ":" + column});
        return new TypeRef(RosNames.ddsTypeName(depPkg, depName));
    }

    private static int firstNonSpace(String s, int from) {
        int i = from;
        while (i < s.length() && Character.isWhitespace(s.charAt(i))) {
            i++;
        }
        return i;
    }

    /** Drops a {@code #} comment, except inside a quoted string value. */
    private static String stripComment(String line) {
        char quote = 0;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quote != 0) {
                if (c == '\\') {
                    i++;
                } else if (c == quote) {
                    quote = 0;
                }
            } else if (c == '"' || c == '\'') {
                quote = c;
            } else if (c == '#') {
                return line.substring(0, i);
            }
        }
        return line;
    }
}
