package org.ddstuner.types.xtypes;

/**
 * A type that {@link TypeObjectWriter} cannot describe as XTypes type objects the way idlc 0.10.2 would:
 * recursive types, names or ids outside what a TypeObject holds, a topic type that is no struct or union.
 */
public final class TypeObjectWriteException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    public TypeObjectWriteException(String message) {
        super(message);
    }
}
