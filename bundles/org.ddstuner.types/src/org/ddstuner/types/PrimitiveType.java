package org.ddstuner.types;

/**
 * The XTypes primitive kinds. {@code octet} ({@link #OCTET}, XTypes BYTE) and {@code uint8} are distinct
 * kinds on the wire type system even though both are one unsigned byte.
 */
public enum PrimitiveType implements DdsType {
    BOOLEAN("boolean", 1),
    OCTET("octet", 1),
    CHAR8("char", 1),
    CHAR16("wchar", 2),
    INT8("int8", 1),
    UINT8("uint8", 1),
    INT16("short", 2),
    UINT16("unsigned short", 2),
    INT32("long", 4),
    UINT32("unsigned long", 4),
    INT64("long long", 8),
    UINT64("unsigned long long", 8),
    FLOAT32("float", 4),
    FLOAT64("double", 8),
    FLOAT128("long double", 16);

    private final String idlName;
    private final int size;

    PrimitiveType(String idlName, int size) {
        this.idlName = idlName;
        this.size = size;
    }

    /** The IDL spelling, e.g. {@code unsigned long long}. */
    public String idlName() {
        return idlName;
    }

    /** Size in bytes in CDR (also the XCDR1 alignment; XCDR2 caps alignment at 4). */
    public int size() {
        return size;
    }

    public boolean isInteger() {
        return switch (this) {
            case OCTET, INT8, UINT8, INT16, UINT16, INT32, UINT32, INT64, UINT64 -> true;
            default -> false;
        };
    }

    public boolean isSigned() {
        return switch (this) {
            case INT8, INT16, INT32, INT64, FLOAT32, FLOAT64, FLOAT128 -> true;
            default -> false;
        };
    }

    public boolean isFloat() {
        return this == FLOAT32 || this == FLOAT64 || this == FLOAT128;
    }

    public boolean isChar() {
        return this == CHAR8 || this == CHAR16;
    }
}
