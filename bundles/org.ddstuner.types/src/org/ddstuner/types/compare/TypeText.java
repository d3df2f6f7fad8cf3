package org.ddstuner.types.compare;

import java.util.List;

import org.ddstuner.types.AliasType;
import org.ddstuner.types.ArrayType;
import org.ddstuner.types.BitmaskType;
import org.ddstuner.types.DdsType;
import org.ddstuner.types.EnumType;
import org.ddstuner.types.NamedType;
import org.ddstuner.types.PrimitiveType;
import org.ddstuner.types.SequenceType;
import org.ddstuner.types.StringType;
import org.ddstuner.types.StructType;
import org.ddstuner.types.TypeRef;
import org.ddstuner.types.UnionType;

/** Short IDL-like spellings of types and paths for the sentences of a comparison. */
final class TypeText {

    private TypeText() {
    }

    /** {@code long}, {@code string<8>}, {@code sequence<float, 3>}, {@code long[2][3]}, {@code tuner::Vector3}. */
    static String spell(DdsType type) {
        return switch (type) {
            case PrimitiveType p -> p.idlName();
            case StringType s -> (s.wide() ? "wstring" : "string") + (s.bounded() ? "<" + s.bound() + ">" : "");
            case SequenceType s -> "sequence<" + spell(s.element()) + (s.bounded() ? ", " + s.bound() : "") + ">";
            case ArrayType a -> spell(a.element()) + dims(a.dimensions());
            case TypeRef r -> r.name();
            case NamedType n -> n.name();
        };
    }

    static String dims(List<Integer> dimensions) {
        StringBuilder b = new StringBuilder();
        dimensions.forEach(d -> b.append('[').append(d).append(']'));
        return b.toString();
    }

    /** "a struct", "an enum"… for sentences about a kind change. */
    static String kind(DdsType type) {
        return switch (type) {
            case StructType s -> "a struct";
            case UnionType u -> "a union";
            case EnumType e -> "an enum";
            case BitmaskType b -> "a bitmask";
            case AliasType a -> "a typedef";
            case PrimitiveType p -> "a " + p.idlName();
            case StringType s -> s.wide() ? "a wstring" : "a string";
            case SequenceType s -> "a sequence";
            case ArrayType a -> "an array";
            case TypeRef r -> "'" + r.name() + "'";
        };
    }

    static String join(String path, String member) {
        return path.isEmpty() ? member : path + "." + member;
    }

    /** "at 'pose.x': " or "" for the type itself. */
    static String at(String path) {
        return path.isEmpty() ? "" : "At '" + path + "': ";
    }

    /** The text with its first letter upper case: sentences that start without a path. */
    static String capitalized(String text) {
        return text.isEmpty() ? text : Character.toUpperCase(text.charAt(0)) + text.substring(1);
    }

    static String bound(long bound) {
        return bound == 0 ? "unbounded" : "bound " + bound;
    }
}
