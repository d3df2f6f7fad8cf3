package org.ddstuner.types.xtypes;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Growing XCDR2 little-endian writer for the type representation, the inverse of {@link Xcdr2Input}:
 * alignment relative to the start of the buffer and capped at 4, DHEADERs written as a placeholder and
 * patched with the length of what follows once the delimited part is complete.
 */
final class Xcdr2Output {

    private byte[] data = new byte[256];
    private int pos;

    int position() {
        return pos;
    }

    byte[] toByteArray() {
        return Arrays.copyOf(data, pos);
    }

    void align(int n) {
        int a = Math.min(n, 4);
        while (pos % a != 0) {
            u8(0);
        }
    }

    private void ensure(int n) {
        if (pos + n > data.length) {
            data = Arrays.copyOf(data, Math.max(data.length * 2, pos + n));
        }
    }

    void u8(int v) {
        ensure(1);
        data[pos++] = (byte) v;
    }

    void bool(boolean v) {
        u8(v ? 1 : 0);
    }

    void u16(int v) {
        align(2);
        u8(v);
        u8(v >>> 8);
    }

    void i32(long v) {
        align(4);
        ensure(4);
        for (int i = 0; i < 4; i++) {
            data[pos++] = (byte) (v >>> (8 * i));
        }
    }

    void bytes(byte[] b) {
        ensure(b.length);
        System.arraycopy(b, 0, data, pos, b.length);
        pos += b.length;
    }

    /** A string: 4-byte length including the NUL, the UTF-8 bytes, the NUL. */
    void string(String s) {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        i32(b.length + 1L);
        bytes(b);
        u8(0);
    }

    /** Starts a delimited part (APPENDABLE struct, sequence of non-primitives): returns the DHEADER position. */
    int beginDelimited() {
        align(4);
        int at = pos;
        i32(0);
        return at;
    }

    /** Ends the part begun at {@code dheaderAt}: the DHEADER gets the number of bytes written after it. */
    void endDelimited(int dheaderAt) {
        patch(dheaderAt, pos - dheaderAt - 4);
    }

    /** Overwrites a 4-byte little-endian word written earlier. */
    void patch(int at, long v) {
        for (int i = 0; i < 4; i++) {
            data[at + i] = (byte) (v >>> (8 * i));
        }
    }
}
