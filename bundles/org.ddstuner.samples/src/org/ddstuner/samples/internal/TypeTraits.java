package org.ddstuner.samples.internal;

import java.util.HashSet;
import java.util.Optional;
import java.util.Set;

import org.ddstuner.types.ArrayType;
import org.ddstuner.types.DdsType;
import org.ddstuner.types.Extensibility;
import org.ddstuner.types.Member;
import org.ddstuner.types.NamedType;
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

    /**
     * Why the type cannot be read or written in XCDR1 with a "final view" descriptor ({@link #finalView}), or
     * empty when it can: in XCDR1 (PLAIN_CDR) an {@code @appendable} struct or union is encoded exactly like a
     * {@code @final} one, but {@code @mutable} types (PL_CDR) and {@code @optional} members (parameter headers)
     * are not. The text names the first such type or member, e.g. {@code "xt::Mut is @mutable"}.
     */
    public static Optional<String> xcdr1Blocker(TypeLibrary library, DdsType type) {
        return Optional.ofNullable(blocker(library, type, new HashSet<>()));
    }

    private static String blocker(TypeLibrary library, DdsType type, Set<String> seen) {
        DdsType t = library.unalias(type);
        switch (t) {
            case StructType s -> {
                if (!seen.add(s.name())) {
                    return null;
                }
                if (s.extensibility() == Extensibility.MUTABLE) {
                    return s.name() + " is @mutable";
                }
                for (Member m : library.allMembers(s)) {
                    if (m.optional()) {
                        return s.name() + "." + m.name() + " is @optional";
                    }
                    String b = blocker(library, m.type(), seen);
                    if (b != null) {
                        return b;
                    }
                }
                return null;
            }
            case UnionType u -> {
                if (!seen.add(u.name())) {
                    return null;
                }
                if (u.extensibility() == Extensibility.MUTABLE) {
                    return u.name() + " is @mutable";
                }
                for (UnionCase c : u.cases()) {
                    String b = blocker(library, c.member().type(), seen);
                    if (b != null) {
                        return b;
                    }
                }
                return null;
            }
            case SequenceType q -> {
                return blocker(library, q.element(), seen);
            }
            case ArrayType a -> {
                return blocker(library, a.element(), seen);
            }
            default -> {
                return null;
            }
        }
    }

    /**
     * The library with every {@code @appendable} struct and union made {@code @final}: its Cyclone ops have
     * no {@code DLC}, so libddsc allows XCDR1 for it, and they read and write XCDR1 data of the appendable
     * type byte for byte (only for types without {@link #xcdr1Blocker blockers}). Used for the ops only: the
     * type information announced stays the real type's.
     */
    public static TypeLibrary finalView(TypeLibrary library) {
        TypeLibrary.Builder b = TypeLibrary.builder().addAll(library);
        for (NamedType t : library.types()) {
            if (t instanceof StructType s && s.extensibility() == Extensibility.APPENDABLE) {
                b.add(s.withExtensibility(Extensibility.FINAL));
            } else if (t instanceof UnionType u && u.extensibility() == Extensibility.APPENDABLE) {
                b.add(new UnionType(u.name(), Extensibility.FINAL, u.discriminator(), u.cases(), u.annotations()));
            }
        }
        return b.build();
    }

    /** Whether the struct or its bases have a key member. */
    public static boolean keyed(TypeLibrary library, StructType s) {
        return library.allMembers(s).stream().anyMatch(Member::key);
    }
}
