package org.ddstuner.dds.internal;

import static org.ddstuner.dds.internal.NativeConstants.*;

/**
 * Walks topic descriptor ops instruction by instruction, with the instruction lengths of libddsc 0.10.x
 * ({@code dds_stream_countops} in dds_cdrstream.c): enough to find where a type's ops end and to count
 * instructions the way idlc 0.10.2 fills {@code m_nops}. Returns -1 when the ops hold something it does
 * not know, so callers can refuse or fall back instead of guessing.
 */
public final class OpsWalker {

    private static final int VAL_1BY = 0x01, VAL_2BY = 0x02, VAL_4BY = 0x03, VAL_8BY = 0x04, VAL_STR = 0x05,
            VAL_BST = 0x06, VAL_SEQ = 0x07, VAL_ARR = 0x08, VAL_UNI = 0x09, VAL_STU = 0x0a, VAL_BSQ = 0x0b,
            VAL_ENU = 0x0c, VAL_EXT = 0x0d, VAL_BLN = 0x0e, VAL_BMK = 0x0f;

    private OpsWalker() {
    }

    /** Index of the {@code DDS_OP_RTS} that ends the type starting at {@code start}, or -1. */
    public static int endOfType(int[] ops, int start) {
        int i = start;
        while (i >= 0 && i < ops.length) {
            if ((ops[i] & DDS_OP_MASK) == DDS_OP_RTS) {
                return i;
            }
            i = next(ops, i);
        }
        return -1;
    }

    /**
     * Instructions before the first key op ({@code KOF}) or the end: idlc 0.10.2's {@code m_nops}
     * (libddsc 0.10.x itself recounts with dds_stream_countops). -1 if the ops cannot be walked.
     */
    public static int countInstructions(int[] ops) {
        int n = 0;
        int i = 0;
        while (i < ops.length && (ops[i] & DDS_OP_MASK) != DDS_OP_KOF) {
            i = next(ops, i);
            if (i < 0) {
                return -1;
            }
            n++;
        }
        return i <= ops.length ? n : -1;
    }

    /** Index of the instruction after the one at {@code i}, or -1 for an unknown or truncated one. */
    static int next(int[] ops, int i) {
        int insn = ops[i];
        int len = switch (insn & DDS_OP_MASK) {
            case DDS_OP_RTS, DDS_OP_JSR, DDS_OP_DLC, DDS_OP_PLC -> 1;
            case DDS_OP_PLM -> 2;
            case DDS_OP_JEQ -> 3;
            case DDS_OP_JEQ4 -> 4;
            case DDS_OP_KOF -> 1 + (insn & 0xffff);
            case DDS_OP_ADR -> adrLength(ops, i);
            default -> -1;
        };
        if (len <= 0 || i + len > ops.length) {
            return -1;
        }
        return i + len;
    }

    private static int adrLength(int[] ops, int i) {
        int type = (ops[i] >> 16) & 0x7f;
        int subtype = (ops[i] >> 8) & 0xff;
        return switch (type) {
            case VAL_1BY, VAL_2BY, VAL_4BY, VAL_8BY, VAL_STR, VAL_BLN -> 2;
            case VAL_BST, VAL_ENU -> 3;
            case VAL_BMK -> 4;
            case VAL_SEQ, VAL_BSQ -> {
                int bound = type == VAL_BSQ ? 1 : 0;
                yield switch (subtype) {
                    case VAL_1BY, VAL_2BY, VAL_4BY, VAL_8BY, VAL_STR, VAL_BLN -> 2 + bound;
                    case VAL_BST, VAL_ENU -> 3 + bound;
                    case VAL_BMK -> 4 + bound;
                    case VAL_SEQ, VAL_BSQ, VAL_ARR, VAL_UNI, VAL_STU -> jump(ops, i + 3 + bound, 4 + bound);
                    default -> -1;
                };
            }
            case VAL_ARR -> switch (subtype) {
                case VAL_1BY, VAL_2BY, VAL_4BY, VAL_8BY, VAL_STR, VAL_BLN -> 3;
                case VAL_ENU -> 4;
                case VAL_BST, VAL_BMK -> 5;
                case VAL_SEQ, VAL_BSQ, VAL_ARR, VAL_UNI, VAL_STU -> jump(ops, i + 3, 5);
                default -> -1;
            };
            case VAL_UNI -> jump(ops, i + 3, 4);
            case VAL_EXT -> jump(ops, i + 2, 3);
            default -> -1;
        };
    }

    /** The jump (upper 16 bits) stored at {@code at}, or {@code fallback} when it is 0. */
    private static int jump(int[] ops, int at, int fallback) {
        if (at >= ops.length) {
            return -1;
        }
        int jmp = ops[at] >>> 16;
        return jmp != 0 ? jmp : fallback;
    }
}
