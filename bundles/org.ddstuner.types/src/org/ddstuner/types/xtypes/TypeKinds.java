package org.ddstuner.types.xtypes;

/** The octet constants of DDS-XTypes 1.3 Annex B (TypeKind, TypeIdentifier kinds, flags). */
public final class TypeKinds {
    private TypeKinds() {
    }

    public static final int EK_MINIMAL = 0xF1;
    public static final int EK_COMPLETE = 0xF2;
    /** Plain collection header of a fully descriptive collection: the same in MINIMAL and COMPLETE. */
    public static final int EK_BOTH = 0xF3;

    public static final int TK_NONE = 0x00;
    public static final int TK_BOOLEAN = 0x01;
    public static final int TK_BYTE = 0x02;
    public static final int TK_INT16 = 0x03;
    public static final int TK_INT32 = 0x04;
    public static final int TK_INT64 = 0x05;
    public static final int TK_UINT16 = 0x06;
    public static final int TK_UINT32 = 0x07;
    public static final int TK_UINT64 = 0x08;
    public static final int TK_FLOAT32 = 0x09;
    public static final int TK_FLOAT64 = 0x0A;
    public static final int TK_FLOAT128 = 0x0B;
    /** XTypes 1.3 additions (absent from Cyclone 0.10's headers). */
    public static final int TK_INT8 = 0x0C;
    public static final int TK_UINT8 = 0x0D;
    public static final int TK_CHAR8 = 0x10;
    public static final int TK_CHAR16 = 0x11;
    public static final int TK_STRING8 = 0x20;
    public static final int TK_STRING16 = 0x21;
    public static final int TK_ALIAS = 0x30;
    public static final int TK_ENUM = 0x40;
    public static final int TK_BITMASK = 0x41;
    public static final int TK_ANNOTATION = 0x50;
    public static final int TK_STRUCTURE = 0x51;
    public static final int TK_UNION = 0x52;
    public static final int TK_BITSET = 0x53;
    public static final int TK_SEQUENCE = 0x60;
    public static final int TK_ARRAY = 0x61;
    public static final int TK_MAP = 0x62;

    public static final int TI_STRING8_SMALL = 0x70;
    public static final int TI_STRING8_LARGE = 0x71;
    public static final int TI_STRING16_SMALL = 0x72;
    public static final int TI_STRING16_LARGE = 0x73;
    public static final int TI_PLAIN_SEQUENCE_SMALL = 0x80;
    public static final int TI_PLAIN_SEQUENCE_LARGE = 0x81;
    public static final int TI_PLAIN_ARRAY_SMALL = 0x90;
    public static final int TI_PLAIN_ARRAY_LARGE = 0x91;
    public static final int TI_PLAIN_MAP_SMALL = 0xA0;
    public static final int TI_PLAIN_MAP_LARGE = 0xA1;
    public static final int TI_STRONGLY_CONNECTED_COMPONENT = 0xB0;

    /** MemberFlag bits. */
    public static final int MEMBER_TRY_CONSTRUCT1 = 1;
    public static final int MEMBER_TRY_CONSTRUCT2 = 1 << 1;
    public static final int MEMBER_EXTERNAL = 1 << 2;
    public static final int MEMBER_OPTIONAL = 1 << 3;
    public static final int MEMBER_MUST_UNDERSTAND = 1 << 4;
    public static final int MEMBER_KEY = 1 << 5;
    public static final int MEMBER_DEFAULT = 1 << 6;

    /** TypeFlag bits. */
    public static final int TYPE_FINAL = 1;
    public static final int TYPE_APPENDABLE = 1 << 1;
    public static final int TYPE_MUTABLE = 1 << 2;
    public static final int TYPE_NESTED = 1 << 3;
    public static final int TYPE_AUTOID_HASH = 1 << 4;

    /** Readable name of a TypeKind / TypeIdentifier discriminator, for messages. */
    public static String name(int kind) {
        return switch (kind) {
            case TK_NONE -> "TK_NONE";
            case TK_BOOLEAN -> "TK_BOOLEAN";
            case TK_BYTE -> "TK_BYTE";
            case TK_INT16 -> "TK_INT16";
            case TK_INT32 -> "TK_INT32";
            case TK_INT64 -> "TK_INT64";
            case TK_UINT16 -> "TK_UINT16";
            case TK_UINT32 -> "TK_UINT32";
            case TK_UINT64 -> "TK_UINT64";
            case TK_FLOAT32 -> "TK_FLOAT32";
            case TK_FLOAT64 -> "TK_FLOAT64";
            case TK_FLOAT128 -> "TK_FLOAT128";
            case TK_INT8 -> "TK_INT8";
            case TK_UINT8 -> "TK_UINT8";
            case TK_CHAR8 -> "TK_CHAR8";
            case TK_CHAR16 -> "TK_CHAR16";
            case TK_ALIAS -> "TK_ALIAS";
            case TK_ENUM -> "TK_ENUM";
            case TK_BITMASK -> "TK_BITMASK";
            case TK_ANNOTATION -> "TK_ANNOTATION";
            case TK_STRUCTURE -> "TK_STRUCTURE";
            case TK_UNION -> "TK_UNION";
            case TK_BITSET -> "TK_BITSET";
            case TK_SEQUENCE -> "TK_SEQUENCE";
            case TK_ARRAY -> "TK_ARRAY";
            case TK_MAP -> "TK_MAP";
            case EK_MINIMAL -> "EK_MINIMAL";
            case EK_COMPLETE -> "EK_COMPLETE";
            case EK_BOTH -> "EK_BOTH";
            default -> String.format("0x%02x", kind);
        };
    }
}
