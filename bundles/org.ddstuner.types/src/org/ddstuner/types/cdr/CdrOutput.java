package org.ddstuner.types.cdr;

import java.util.Arrays;

/** A growing byte buffer that writes CDR primitives with alignment relative to an origin. */
final class CdrOutput {
    private byte[] buf = new byte[256];
    private int pos;
    private int origin;
    private final boolean little;
    private final int maxAlign;

    CdrOutput(boolean little, int maxAlign) {
        this.little = little;
        this.maxAlign = maxAlign;
    }

    int position() {
        return pos;
    }

    int origin() {
        return origin;
    }

    /** XCDR1 parameter values align relative to their own start. */
    void setOrigin(int newOrigin) {
        origin = newOrigin;
    }

    boolean littleEndian() {
        return little;
    }

    private void ensure(int n) {
        if (pos + n > buf.length) {
            long want = Math.max((long) buf.length * 2, (long) pos + n);
            if (want > Integer.MAX_VALUE - 16) {
                throw new CdrException(pos, "", "encoded sample would exceed 2 GiB");
            }
            buf = Arrays.copyOf(buf, (int) want);
        }
    }

    void align(int size) {
        int a = Math.min(size, maxAlign);
        if (a <= 1) {
            return;
        }
        int pad = (a - (pos - origin) % a) % a;
        ensure(pad);
        for (int i = 0; i < pad; i++) {
            buf[pos++] = 0;
        }
    }

    void put1(int v) {
        ensure(1);
        buf[pos++] = (byte) v;
    }

    void put2(int v) {
        align(2);
        ensure(2);
        putRaw(v, 2, pos);
        pos += 2;
    }

    void put4(long v) {
        align(4);
        ensure(4);
        putRaw(v, 4, pos);
        pos += 4;
    }

    void put8(long v) {
        align(8);
        ensure(8);
        putRaw(v, 8, pos);
        pos += 8;
    }

    /** Writes the low {@code n} bytes of v at {@code at} in this stream's byte order, no alignment. */
    void putRaw(long v, int n, int at) {
        for (int i = 0; i < n; i++) {
            int shift = little ? 8 * i : 8 * (n - 1 - i);
            buf[at + i] = (byte) (v >>> shift);
        }
    }

    void putBytes(byte[] b) {
        ensure(b.length);
        System.arraycopy(b, 0, buf, pos, b.length);
        pos += b.length;
    }

    /** Aligns to 4 and leaves room for a uint32 filled in later with {@link #patch4}; returns its offset. */
    int reserve4() {
        align(4);
        ensure(4);
        int at = pos;
        pos += 4;
        return at;
    }

    void patch4(int at, long v) {
        putRaw(v, 4, at);
    }

    byte[] toByteArray() {
        return Arrays.copyOf(buf, pos);
    }
}
