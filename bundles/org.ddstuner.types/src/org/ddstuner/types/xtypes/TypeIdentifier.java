package org.ddstuner.types.xtypes;

import java.util.List;
import java.util.Objects;

/**
 * DDS::XTypes::TypeIdentifier: either a full description of a simple type (primitive, string, plain
 * collection) or the hash of a TypeObject. Records compare by value (hashes as hex strings), so they can
 * key the type mapping.
 */
public sealed interface TypeIdentifier {

    /** A primitive type kind (TK_BOOLEAN … TK_CHAR16), or TK_NONE for "no type" (e.g. no base struct). */
    record Primitive(int kind) implements TypeIdentifier {
        public boolean none() {
            return kind == TypeKinds.TK_NONE;
        }
    }

    /** string/wstring; bound 0 = unbounded. */
    record StringId(boolean wide, long bound) implements TypeIdentifier {
    }

    /** Plain sequence; bound 0 = unbounded. */
    record PlainSequence(int equivalenceKind, int elementFlags, long bound, TypeIdentifier element)
            implements TypeIdentifier {
        public PlainSequence {
            Objects.requireNonNull(element, "element");
        }
    }

    /** Plain (multi-dimensional) array, dimensions outermost first. */
    record PlainArray(int equivalenceKind, int elementFlags, List<Long> dimensions, TypeIdentifier element)
            implements TypeIdentifier {
        public PlainArray {
            dimensions = List.copyOf(dimensions);
            Objects.requireNonNull(element, "element");
        }
    }

    /** Plain map; bound 0 = unbounded. */
    record PlainMap(int equivalenceKind, int elementFlags, long bound, TypeIdentifier element, int keyFlags,
            TypeIdentifier key) implements TypeIdentifier {
    }

    /** EK_MINIMAL or EK_COMPLETE hash (first 14 bytes of the MD5 of the serialized TypeObject), as hex. */
    record Hashed(int equivalenceKind, String hash) implements TypeIdentifier {
        public boolean complete() {
            return equivalenceKind == TypeKinds.EK_COMPLETE;
        }
    }

    /** A type in a strongly connected component (mutually recursive types). */
    record StronglyConnected(int equivalenceKind, String hash, int length, int index) implements TypeIdentifier {
    }

    /** Short text for messages, e.g. {@code COMPLETE:dace6cfc…}. */
    static String describe(TypeIdentifier id) {
        return switch (id) {
            case Primitive p -> TypeKinds.name(p.kind());
            case StringId s -> (s.wide() ? "wstring" : "string") + (s.bound() > 0 ? "<" + s.bound() + ">" : "");
            case PlainSequence s -> "sequence<" + describe(s.element()) + (s.bound() > 0 ? ", " + s.bound() : "") + ">";
            case PlainArray a -> describe(a.element()) + a.dimensions();
            case PlainMap m -> "map<" + describe(m.key()) + ", " + describe(m.element()) + ">";
            case Hashed h -> (h.complete() ? "COMPLETE:" : "MINIMAL:") + h.hash();
            case StronglyConnected s -> "SCC:" + s.hash() + "#" + s.index() + "/" + s.length();
        };
    }
}
