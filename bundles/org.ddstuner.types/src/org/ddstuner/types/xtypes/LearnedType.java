package org.ddstuner.types.xtypes;

import java.util.Objects;

import org.ddstuner.types.NamedType;
import org.ddstuner.types.TypeLibrary;

/**
 * A type learned from its XTypes representation: its scoped name and a library holding it and every
 * type it uses.
 */
public record LearnedType(String typeName, TypeLibrary library) {
    public LearnedType {
        Objects.requireNonNull(typeName, "typeName");
        Objects.requireNonNull(library, "library");
    }

    /** The learned type itself. */
    public NamedType type() {
        return library.get(typeName);
    }
}
