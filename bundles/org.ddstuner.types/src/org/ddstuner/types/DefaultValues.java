package org.ddstuner.types;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The value a new sample starts with, for editors (in the value representation described in
 * {@code package-info}): zeros, false, empty strings and sequences, first enumerator, arrays filled with
 * element defaults, structs member by member (honouring {@code @default} where it fits), optional members
 * absent ({@code null}), unions on their default branch or first label.
 */
public final class DefaultValues {
    private static final int MAX_DEPTH = 64;

    private DefaultValues() {
    }

    public static Object of(TypeLibrary library, DdsType type) {
        return of(library, type, 0);
    }

    private static Object of(TypeLibrary library, DdsType type, int depth) {
        if (depth > MAX_DEPTH) {
            throw new IllegalArgumentException("type nests deeper than " + MAX_DEPTH + " levels");
        }
        DdsType t = library.unalias(type);
        return switch (t) {
            case PrimitiveType p -> zero(p);
            case StringType s -> "";
            case SequenceType s -> List.of();
            case ArrayType a -> array(library, a.element(), a.dimensions(), depth);
            case EnumType e -> e.byName(e.defaultValue()).orElse(e.enumerators().get(0));
            case BitmaskType b -> 0L;
            case StructType s -> struct(library, s, depth);
            case UnionType u -> union(library, u, depth);
            case TypeRef r -> throw new IllegalStateException("unresolved " + r);
            case AliasType a -> throw new IllegalStateException("unaliased " + a);
        };
    }

    /** Zero of a primitive in its Java representation. */
    public static Object zero(PrimitiveType p) {
        return switch (p) {
            case BOOLEAN -> Boolean.FALSE;
            case OCTET, UINT8, INT16 -> (short) 0;
            case INT8 -> (byte) 0;
            case CHAR8, CHAR16 -> '\0';
            case UINT16, INT32 -> 0;
            case UINT32, INT64 -> 0L;
            case UINT64 -> BigInteger.ZERO;
            case FLOAT32 -> 0.0f;
            case FLOAT64 -> 0.0d;
            case FLOAT128 -> BigDecimal.ZERO;
        };
    }

    private static List<Object> array(TypeLibrary library, DdsType element, List<Integer> dims, int depth) {
        List<Object> out = new ArrayList<>(dims.get(0));
        for (int i = 0; i < dims.get(0); i++) {
            out.add(dims.size() == 1 ? of(library, element, depth + 1)
                    : array(library, element, dims.subList(1, dims.size()), depth));
        }
        return Collections.unmodifiableList(out);
    }

    private static Map<String, Object> struct(TypeLibrary library, StructType s, int depth) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (Member m : library.allMembers(s)) {
            if (m.optional()) {
                out.put(m.name(), null);
                continue;
            }
            Object value = of(library, m.type(), depth + 1);
            Object declared = m.declaredDefault().orElse(null);
            if (declared != null) {
                value = Values.convert(library, m.type(), declared).orElse(value);
            }
            out.put(m.name(), value);
        }
        return out;
    }

    private static UnionValue union(TypeLibrary library, UnionType u, int depth) {
        UnionCase c = u.defaultCase().orElse(u.cases().isEmpty() ? null : u.cases().get(0));
        if (c == null) {
            return new UnionValue(0, null, null);
        }
        long disc = c.defaultCase() ? Values.unusedLabel(u) : c.labels().get(0);
        return new UnionValue(disc, c.member().name(), of(library, c.member().type(), depth + 1));
    }
}
