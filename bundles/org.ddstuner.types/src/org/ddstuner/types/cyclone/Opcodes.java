package org.ddstuner.types.cyclone;

/** The constants of {@code dds/ddsc/dds_opcodes.h} (Cyclone DDS 0.10.2) that the generator uses. */
final class Opcodes {
    private Opcodes() {
    }

    static final int OP_MASK = 0xff000000;
    static final int TYPE_FLAGS_MASK = 0x00800000;
    static final int TYPE_MASK = 0x007f0000;
    static final int SUBTYPE_MASK = 0x0000ff00;

    static final int RTS = 0x00 << 24;
    static final int ADR = 0x01 << 24;
    static final int JEQ4 = 0x08 << 24;
    static final int DLC = 0x04 << 24;
    static final int PLC = 0x05 << 24;
    static final int PLM = 0x06 << 24;
    static final int KOF = 0x07 << 24;

    // dds_stream_typecode values (shifted by 16 for the type, 8 for the subtype)
    static final int VAL_1BY = 0x01;
    static final int VAL_2BY = 0x02;
    static final int VAL_4BY = 0x03;
    static final int VAL_8BY = 0x04;
    static final int VAL_STR = 0x05;
    static final int VAL_BST = 0x06;
    static final int VAL_SEQ = 0x07;
    static final int VAL_ARR = 0x08;
    static final int VAL_UNI = 0x09;
    static final int VAL_STU = 0x0a;
    static final int VAL_BSQ = 0x0b;
    static final int VAL_ENU = 0x0c;
    static final int VAL_EXT = 0x0d;
    static final int VAL_BLN = 0x0e;
    static final int VAL_BMK = 0x0f;

    static final int FLAG_EXT = 1 << 23;
    static final int FLAG_KEY = 1 << 0;
    static final int FLAG_DEF = 1 << 1;
    static final int FLAG_FP = 1 << 1;
    static final int FLAG_SGN = 1 << 2;
    static final int FLAG_MU = 1 << 3;
    static final int FLAG_BASE = 1 << 4;
    static final int FLAG_OPT = 1 << 5;
    static final int FLAG_SZ_SHIFT = 6;

    static int op(int code) {
        return code & OP_MASK;
    }

    static int type(int code) {
        return (code & TYPE_MASK) >>> 16;
    }

    static int subtype(int code) {
        return (code & SUBTYPE_MASK) >>> 8;
    }

    /** Storage size of an ENU/BMK operand from its size flags. */
    static int sizeFromFlags(int code) {
        return 1 << ((code >>> FLAG_SZ_SHIFT) & 3);
    }
}
