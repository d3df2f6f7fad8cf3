package org.ddstuner.dds.tests;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

import org.ddstuner.dds.DescriptorSpec;

/**
 * A keyed {@code @final} struct and an {@code @appendable} one, described by hand exactly as idlc 0.10.2
 * generates them for this IDL ({@code idlc -l c}, copied from the generated .c file), plus hand-written
 * XCDR1/XCDR2 encoders for their samples:
 *
 * <pre>
 * module demo {
 *   &#64;final struct Shape { &#64;key string color; &#64;key long id; long x; double y; string label; sequence&lt;octet&gt; blob; };
 *   &#64;appendable struct Note { &#64;key long id; string text; };
 * };
 * </pre>
 */
final class ShapeType {

    static final String IDL = """
            module demo {
              @final struct Shape { @key string color; @key long id; long x; double y; string label; sequence<octet> blob; };
              @appendable struct Note { @key long id; string text; };
            };
            """;

    // dds_opcodes.h
    private static final int ADR = 0x01 << 24, DLC = 0x04 << 24, KOF = 0x07 << 24, RTS = 0;
    private static final int T_4BY = 0x03 << 16, T_8BY = 0x04 << 16, T_STR = 0x05 << 16, T_SEQ = 0x07 << 16;
    private static final int ST_1BY = 0x01 << 8;
    private static final int KEY = 1, FP = 1 << 1, SGN = 1 << 2, MU = 1 << 3;

    /** demo_Shape_ops; C layout: char *color @0, int32 id @8, x @12, double y @16, char *label @24, seq @32. */
    static final int[] SHAPE_OPS = {
        ADR | KEY | MU | T_STR, 0,
        ADR | KEY | MU | T_4BY | SGN, 8,
        ADR | T_4BY | SGN, 12,
        ADR | T_8BY | FP, 16,
        ADR | T_STR, 24,
        ADR | T_SEQ | ST_1BY, 32,
        RTS,
        KOF | 1, 0, // key color
        KOF | 1, 2, // key id
    };

    /** demo_Note_ops; C layout: int32 id @0, char *text @8. */
    static final int[] NOTE_OPS = {
        DLC,
        ADR | KEY | MU | T_4BY | SGN, 0,
        ADR | T_STR, 8,
        RTS,
        KOF | 1, 1,
    };

    private ShapeType() {
    }

    /** demo::Shape without type information (endpoints match by type name). */
    static DescriptorSpec shape() {
        return shape(new byte[0], new byte[0]);
    }

    static DescriptorSpec shape(byte[] typeInformation, byte[] typeMapping) {
        return new DescriptorSpec("demo::Shape", 56, 8, 0, SHAPE_OPS,
                List.of(new DescriptorSpec.Key("color", 13, 0), new DescriptorSpec.Key("id", 15, 1)), typeInformation,
                typeMapping);
    }

    static DescriptorSpec note() {
        return new DescriptorSpec("demo::Note", 16, 8, 0x02 | 0x20 /* FIXED_KEY | FIXED_KEY_XCDR2 */, NOTE_OPS,
                List.of(new DescriptorSpec.Key("id", 6, 0)), new byte[0], new byte[0]);
    }

    /** A Shape sample: CDR_LE/CDR_BE (xcdr 1) or CDR2_LE/CDR2_BE (xcdr 2), with the header's padding count. */
    static byte[] shape(ByteOrder order, int xcdr, String color, int id, int x, double y, String label, byte[] blob) {
        Cdr c = new Cdr(order, xcdr == 1 ? 0x0000 : 0x0006);
        c.string(color);
        c.int32(id);
        c.int32(x);
        c.align(xcdr == 1 ? 8 : 4); // XCDR2 aligns 8-byte values to 4
        c.buf.putDouble(y);
        c.string(label);
        c.int32(blob.length);
        c.buf.put(blob);
        return c.finish();
    }

    /** A Note sample: D_CDR2 (DHEADER with the body length, then the members). */
    static byte[] note(ByteOrder order, int id, String text) {
        Cdr c = new Cdr(order, 0x0008);
        c.int32(0); // DHEADER, patched below
        c.int32(id);
        c.string(text);
        byte[] out = c.finish();
        int len = out.length - 8 - (out[3] & 3);
        ByteBuffer.wrap(out, 4, 4).order(order).putInt(len);
        return out;
    }

    /** A tiny CDR writer: offsets count from the end of the 4-byte encapsulation header. */
    private static final class Cdr {
        final ByteBuffer buf;

        Cdr(ByteOrder order, int baseId) {
            buf = ByteBuffer.allocate(4096).order(order);
            int id = baseId | (order == ByteOrder.LITTLE_ENDIAN ? 1 : 0);
            buf.put((byte) (id >> 8)).put((byte) id).put((byte) 0).put((byte) 0);
        }

        void align(int n) {
            while ((buf.position() - 4) % n != 0) {
                buf.put((byte) 0);
            }
        }

        void int32(int v) {
            align(4);
            buf.putInt(v);
        }

        void string(String s) {
            byte[] b = s.getBytes(StandardCharsets.UTF_8);
            int32(b.length + 1);
            buf.put(b).put((byte) 0);
        }

        /** Pads the body to a multiple of 4 and records the padding in the options' low bits (XTypes 7.6.3.1.2). */
        byte[] finish() {
            int pad = (4 - (buf.position() - 4) % 4) % 4;
            for (int i = 0; i < pad; i++) {
                buf.put((byte) 0);
            }
            byte[] out = Arrays.copyOf(buf.array(), buf.position());
            out[3] = (byte) pad;
            return out;
        }
    }
}
