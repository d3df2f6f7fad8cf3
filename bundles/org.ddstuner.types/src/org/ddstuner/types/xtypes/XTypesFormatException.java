package org.ddstuner.types.xtypes;

/**
 * Bytes that are not a valid XCDR2 serialization of the XTypes type representation (TypeInformation,
 * TypeMapping, TypeObject), or a type object the converter cannot express. Carries the byte offset where
 * reading stopped, -1 when the problem is not tied to a position.
 */
public final class XTypesFormatException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    private final int offset;

    public XTypesFormatException(int offset, String message) {
        super(offset >= 0 ? message + " (at byte " + offset + ")" : message);
        this.offset = offset;
    }

    public XTypesFormatException(String message) {
        this(-1, message);
    }

    /** Byte offset in the input where the problem was found, or -1. */
    public int offset() {
        return offset;
    }
}
