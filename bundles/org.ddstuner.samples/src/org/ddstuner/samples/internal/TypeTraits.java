package org.ddstuner.samples.internal;

import java.util.HashSet;
import java.util.Set;

import org.ddstuner.types.ArrayType;
import org.ddstuner.types.DdsType;
import org.ddstuner.types.Extensibility;
import org.ddstuner.types.Member;
import org.ddstuner.types.SequenceType;
import org.ddstuner.types.StructType;
import org.ddstuner.types.TypeLibrary;
import org.ddstuner.types.UnionCase;
import org.ddstuner.types.UnionType;

/** Facts about a type that decide how the tool creates entities for it. */
public final class TypeTraits {

    private TypeTraits() {
    }

    /**
     * Whether libddsc would insist on XCDR2 for this type: it uses XCDR1 only when every struct and union
     * reachable is {@code @final} and no member is {@code @optional} (Cyclone's "minimum XCDR version").
     */
    public static boolean needsXcdr2(TypeLibrary library, DdsType type) {
        return needsXcdr2(library, type, new HashSet<>());
    }

    private static boolean needsXcdr2(TypeLibrary library, DdsType type, Set<String> seen) {
        DdsType t = library.unalias(type);
        return switch (t) {
            case StructType s -> {
                if (!seen.add(s.name())) {
                    yield false;
                }
                if (s.extensibility() != Extensibility.FINAL) {
                    yield true;
                }
                for (Member m : library.allMembers(s)) {
                    if (m.optional() || needsXcdr2(library, m.type(), seen)) {
                        yield true;
                    }
                }
                yield false;
            }
            case UnionType u -> {
                if (!seen.add(u.name())) {
                    yield false;
                }
                if (u.extensibility() != Extensibility.FINAL) {
                    yield true;
                }
                for (UnionCase c : u.cases()) {
                    if (needsXcdr2(library, c.member().type(), seen)) {
                        yield true;
                    }
                }
                yield false;
            }
            case SequenceType q -> needsXcdr2(library, q.element(), seen);
            case ArrayType a -> needsXcdr2(library, a.element(), seen);
            default -> false;
        };
    }

    /** Whether the struct or its bases have a key member. */
    public static boolean keyed(TypeLibrary library, StructType s) {
        return library.allMembers(s).stream().anyMatch(Member::key);
    }
}
