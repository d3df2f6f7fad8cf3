package org.ddstuner.types.xtypes;

import java.util.List;

import org.ddstuner.types.Annotation;

/**
 * A DDS::XTypes::TypeObject as read from XCDR2: COMPLETE ones in full (names, ids, flags, annotations
 * that matter to us), MINIMAL ones only by kind (they carry name hashes, nothing a person can read).
 */
public sealed interface TypeObject {

    /** The type's name and the annotations its CompleteTypeDetail carries ({@code @verbatim}). */
    record TypeDetail(String name, List<Annotation> annotations) {
        public TypeDetail {
            annotations = List.copyOf(annotations);
        }
    }

    /**
     * A member's name and the builtin annotations of its CompleteMemberDetail ({@code @unit}, {@code @min},
     * {@code @max}, {@code @hashid}); custom annotations are counted, not kept.
     */
    record MemberDetail(String name, List<Annotation> annotations, int customAnnotations) {
        public MemberDetail {
            annotations = List.copyOf(annotations);
        }
    }

    record StructMember(long id, int flags, TypeIdentifier type, MemberDetail detail) {
    }

    record UnionMember(long id, int flags, TypeIdentifier type, List<Integer> labels, MemberDetail detail) {
        public UnionMember {
            labels = List.copyOf(labels);
        }
    }

    /** An enumerator (value) or a bitmask flag (position). */
    record Literal(int value, int flags, MemberDetail detail) {
    }

    record StructObject(int flags, TypeIdentifier base, TypeDetail detail, List<StructMember> members)
            implements TypeObject {
        public StructObject {
            members = List.copyOf(members);
        }
    }

    record UnionObject(int flags, TypeDetail detail, int discriminatorFlags, TypeIdentifier discriminator,
            List<UnionMember> members) implements TypeObject {
        public UnionObject {
            members = List.copyOf(members);
        }
    }

    record EnumObject(int bitBound, TypeDetail detail, List<Literal> literals) implements TypeObject {
        public EnumObject {
            literals = List.copyOf(literals);
        }
    }

    record BitmaskObject(int bitBound, TypeDetail detail, List<Literal> flags) implements TypeObject {
        public BitmaskObject {
            flags = List.copyOf(flags);
        }
    }

    record AliasObject(TypeDetail detail, TypeIdentifier related) implements TypeObject {
    }

    /** detail is {@code null} for an anonymous sequence. */
    record SequenceObject(long bound, TypeDetail detail, int elementFlags, TypeIdentifier element) implements TypeObject {
    }

    record ArrayObject(List<Long> dimensions, TypeDetail detail, int elementFlags, TypeIdentifier element)
            implements TypeObject {
        public ArrayObject {
            dimensions = List.copyOf(dimensions);
        }
    }

    record MapObject(long bound, TypeDetail detail, TypeIdentifier key, TypeIdentifier element) implements TypeObject {
    }

    /** A MINIMAL type object: only its kind is kept. */
    record MinimalObject(int kind) implements TypeObject {
    }

    /** A COMPLETE annotation or bitset type, or a kind this reader does not know; skipped, not converted. */
    record UnsupportedObject(int equivalenceKind, int kind) implements TypeObject {
    }
}
