package org.ddstuner.types;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Flattens structs into leaf paths for table columns, lists key fields, and reads a leaf out of a
 * sample value.
 */
public final class FieldPaths {
    /** Arrays with at most this many elements are expanded into one column per element. */
    public static final int DEFAULT_ARRAY_EXPANSION = 16;
    private static final int MAX_DEPTH = 32;

    private FieldPaths() {
    }

    /** {@link #flatten(TypeLibrary, StructType, int)} with {@link #DEFAULT_ARRAY_EXPANSION}. */
    public static List<FieldPath> flatten(TypeLibrary library, StructType struct) {
        return flatten(library, struct, DEFAULT_ARRAY_EXPANSION);
    }

    /**
     * Leaf paths of a struct, base members first: nested structs are walked ({@code pose.position.x}),
     * arrays of at most {@code maxArrayElements} elements are expanded ({@code m[0][1]}); sequences,
     * unions and larger arrays stay one leaf (their length varies or is too big for columns).
     */
    public static List<FieldPath> flatten(TypeLibrary library, StructType struct, int maxArrayElements) {
        List<FieldPath> out = new ArrayList<>();
        walkStruct(library, struct, "", keyNames(library, struct), false, maxArrayElements, out, 0);
        return out;
    }

    /**
     * The key leaves of a struct following XTypes: {@code @key} members (including the base's); for a key
     * member of struct type, that struct's own keys if it has any, else all its members.
     */
    public static List<FieldPath> keys(TypeLibrary library, StructType struct) {
        return flatten(library, struct, Integer.MAX_VALUE).stream().filter(FieldPath::key).toList();
    }

    /** The members marked {@code @key} directly in this struct or its bases. */
    public static List<Member> keyMembers(TypeLibrary library, StructType struct) {
        return library.allMembers(struct).stream().filter(Member::key).toList();
    }

    private static List<String> keyNames(TypeLibrary library, StructType struct) {
        return keyMembers(library, struct).stream().map(Member::name).toList();
    }

    private static void walkStruct(TypeLibrary library, StructType struct, String prefix, List<String> keys,
            boolean allKey, int maxArray, List<FieldPath> out, int depth) {
        if (depth > MAX_DEPTH) {
            throw new IllegalArgumentException("struct nests deeper than " + MAX_DEPTH + " levels at " + prefix);
        }
        for (Member m : library.allMembers(struct)) {
            boolean key = allKey || keys.contains(m.name());
            walk(library, m.type(), prefix + m.name(), key, maxArray, out, depth + 1);
        }
    }

    private static void walk(TypeLibrary library, DdsType type, String path, boolean key, int maxArray,
            List<FieldPath> out, int depth) {
        DdsType t = library.unalias(type);
        if (t instanceof StructType s) {
            List<String> nestedKeys = key ? keyNames(library, s) : List.of();
            walkStruct(library, s, path + ".", nestedKeys, key && nestedKeys.isEmpty(), maxArray, out, depth);
        } else if (t instanceof ArrayType a && a.totalElements() <= maxArray) {
            walkArray(library, a.element(), a.dimensions(), path, key, maxArray, out, depth);
        } else {
            out.add(new FieldPath(path, type, key));
        }
    }

    private static void walkArray(TypeLibrary library, DdsType element, List<Integer> dims, String path,
            boolean key, int maxArray, List<FieldPath> out, int depth) {
        for (int i = 0; i < dims.get(0); i++) {
            String p = path + "[" + i + "]";
            if (dims.size() == 1) {
                walk(library, element, p, key, maxArray, out, depth + 1);
            } else {
                walkArray(library, element, dims.subList(1, dims.size()), p, key, maxArray, out, depth);
            }
        }
    }

    /**
     * Reads a leaf from a sample value ({@code Map} for structs, {@code List} for arrays/sequences,
     * {@link UnionValue} for unions: {@code "u.branch"}). Returns null when a part is absent (optional
     * member, index past a sequence's end, union on another branch).
     */
    public static Object get(Object sample, String path) {
        Object cur = sample;
        int i = 0;
        while (i < path.length() && cur != null) {
            char c = path.charAt(i);
            if (c == '.') {
                i++;
            } else if (c == '[') {
                int end = path.indexOf(']', i);
                if (end < 0) {
                    throw new IllegalArgumentException("missing ']' in path '" + path + "'");
                }
                int index = Integer.parseInt(path.substring(i + 1, end).trim());
                cur = cur instanceof List<?> l && index >= 0 && index < l.size() ? l.get(index) : null;
                i = end + 1;
            } else {
                int end = i;
                while (end < path.length() && path.charAt(end) != '.' && path.charAt(end) != '[') {
                    end++;
                }
                String name = path.substring(i, end);
                cur = switch (cur) {
                    case Map<?, ?> m -> m.get(name);
                    case UnionValue u -> name.equals(u.member()) ? u.value() : null;
                    default -> null;
                };
                i = end;
            }
        }
        return cur;
    }
}
