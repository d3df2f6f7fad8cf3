package org.ddstuner.dds;

/**
 * Member types a {@link StructType} supports, with the Java type a read sample holds for each.
 * Unsigned 64-bit values are held in a {@code long} with unsigned meaning (see {@link Long#toUnsignedString}).
 */
public enum MemberKind {
    /** IDL int8 → Byte. */
    INT8(1, "int8"),
    /** IDL uint8 / octet → Short (0…255). */
    UINT8(1, "uint8"),
    /** IDL int16 / short → Short. */
    INT16(2, "int16"),
    /** IDL uint16 / unsigned short → Integer. */
    UINT16(2, "uint16"),
    /** IDL int32 / long → Integer. */
    INT32(4, "int32"),
    /** IDL uint32 / unsigned long → Long. */
    UINT32(4, "uint32"),
    /** IDL int64 / long long → Long. */
    INT64(8, "int64"),
    /** IDL uint64 / unsigned long long → Long (unsigned). */
    UINT64(8, "uint64"),
    /** IDL float → Float. */
    FLOAT32(4, "float"),
    /** IDL double → Double. */
    FLOAT64(8, "double"),
    /** IDL boolean → Boolean. */
    BOOLEAN(1, "boolean"),
    /** IDL char (one byte, ISO-8859-1) → Character. */
    CHAR(1, "char"),
    /** IDL unbounded string (UTF-8, no NUL) → String. */
    STRING(8, "string"),
    /**
     * IDL {@code sequence<octet>} or, with a bound, {@code sequence<octet, N>} → byte[]. In C a
     * {@code dds_sequence_octet} (24 bytes, 8-aligned); not allowed as a key.
     */
    OCTET_SEQUENCE(24, "sequence<octet>");

    private final int size;
    private final String idl;

    MemberKind(int size, String idl) {
        this.size = size;
        this.idl = idl;
    }

    /** Size in the C struct (a string is a char*, a sequence a dds_sequence_t). */
    public int size() {
        return size;
    }

    /** Alignment in the C struct: the size for the primitives and strings, 8 for a sequence. */
    public int alignment() {
        return this == OCTET_SEQUENCE ? 8 : size;
    }

    /** The IDL spelling. */
    public String idl() {
        return idl;
    }
}
