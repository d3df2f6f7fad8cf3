package org.ddstuner.types.compare;

import java.util.Objects;

/**
 * One way in which two versions of a type differ.
 *
 * @param kind        what changed
 * @param path        where: member path from the compared type ({@code "position.z"}, {@code "history[]"},
 *                    {@code "cmd.<union case>go"}), {@code ""} for the type itself
 * @param description a sentence for a person, naming both sides by their labels
 */
public record TypeDifference(Kind kind, String path, String description) {

    /** What changed. */
    public enum Kind {
        /** The types have different scoped names (does not stop matching by itself). */
        TYPE_NAME_CHANGED,
        /** A member exists only in the second type. */
        MEMBER_ADDED,
        /** A member exists only in the first type. */
        MEMBER_REMOVED,
        /** Same member id (or same position and type), different name. */
        MEMBER_RENAMED,
        /** Same name, different member id ({@code @id}/{@code @hashid}). */
        MEMBER_ID_CHANGED,
        /** Same member, different type (or a struct became a union…). */
        TYPE_CHANGED,
        /** {@code @key} on one side only. */
        KEY_CHANGED,
        /** {@code @final}/{@code @appendable}/{@code @mutable} differ. */
        EXTENSIBILITY_CHANGED,
        /** {@code @optional} on one side only. */
        OPTIONAL_CHANGED,
        /** String or sequence bound, array dimensions or bit bound differ. */
        BOUND_CHANGED,
        /** Enumerators (or bitmask flags) added, removed or renumbered. */
        ENUM_LITERALS_CHANGED,
        /** Union cases, their labels or the discriminator type differ. */
        UNION_CASES_CHANGED
    }

    public TypeDifference {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(description, "description");
    }

    @Override
    public String toString() {
        return kind + " " + (path.isEmpty() ? "(type)" : path) + ": " + description;
    }
}
