package org.ddstuner.samples.ui.writer;

import java.util.stream.Collectors;

import org.ddstuner.types.ArrayType;
import org.ddstuner.types.DdsType;
import org.ddstuner.types.NamedType;
import org.ddstuner.types.PrimitiveType;
import org.ddstuner.types.ScopedNames;
import org.ddstuner.types.SequenceType;
import org.ddstuner.types.StringType;
import org.ddstuner.types.TypeRef;

/** Short IDL spellings of types for the editor's Type column: {@code sequence<float, 8>}, {@code string<16>}. */
final class TypeNames {

    private TypeNames() {
    }

    static String idl(DdsType t) {
        return switch (t) {
            case PrimitiveType p -> p.idlName();
            case StringType s -> (s.wide() ? "wstring" : "string") + (s.bounded() ? "<" + s.bound() + ">" : "");
            case SequenceType s -> "sequence<" + idl(s.element()) + (s.bounded() ? ", " + s.bound() : "") + ">";
            case ArrayType a -> idl(a.element()) + a.dimensions().stream().map(d -> "[" + d + "]")
                    .collect(Collectors.joining());
            case TypeRef r -> ScopedNames.simpleName(r.name());
            case NamedType n -> ScopedNames.simpleName(n.name());
        };
    }
}
