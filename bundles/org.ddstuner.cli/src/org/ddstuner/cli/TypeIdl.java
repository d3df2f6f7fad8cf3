package org.ddstuner.cli;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashSet;
import java.util.Set;

import org.ddstuner.types.AliasType;
import org.ddstuner.types.ArrayType;
import org.ddstuner.types.DdsType;
import org.ddstuner.types.NamedType;
import org.ddstuner.types.SequenceType;
import org.ddstuner.types.StructType;
import org.ddstuner.types.TypeLibrary;
import org.ddstuner.types.TypeRef;
import org.ddstuner.types.UnionType;
import org.ddstuner.types.idl.IdlPrinter;

/**
 * The IDL of one topic type: the type and every type it uses, nothing else (an imported IDL file may
 * declare dozens of unrelated types).
 */
final class TypeIdl {

    private TypeIdl() {
    }

    /** IDL of {@code typeName} and its dependencies in {@code library}; the whole library if the name is absent. */
    static String print(TypeLibrary library, String typeName) {
        if (library.find(typeName).isEmpty()) {
            return IdlPrinter.print(library);
        }
        TypeLibrary.Builder b = TypeLibrary.builder();
        for (String name : closure(library, typeName)) {
            library.find(name).ifPresent(b::add);
        }
        return IdlPrinter.print(b.build());
    }

    /** The names of {@code typeName} and every declared type reachable from it. */
    static Set<String> closure(TypeLibrary library, String typeName) {
        Set<String> seen = new LinkedHashSet<>();
        Deque<String> todo = new ArrayDeque<>();
        todo.add(typeName);
        while (!todo.isEmpty()) {
            String n = todo.poll();
            if (!seen.add(n)) {
                continue;
            }
            NamedType t = library.find(n).orElse(null);
            switch (t) {
                case null -> { }
                case StructType s -> {
                    s.baseName().ifPresent(todo::add);
                    s.members().forEach(m -> refs(m.type(), todo));
                }
                case UnionType u -> {
                    refs(u.discriminator(), todo);
                    u.cases().forEach(c -> refs(c.member().type(), todo));
                }
                case AliasType a -> refs(a.target(), todo);
                default -> { }
            }
        }
        return seen;
    }

    private static void refs(DdsType t, Deque<String> todo) {
        switch (t) {
            case TypeRef r -> todo.add(r.name());
            case SequenceType s -> refs(s.element(), todo);
            case ArrayType a -> refs(a.element(), todo);
            default -> { }
        }
    }
}
