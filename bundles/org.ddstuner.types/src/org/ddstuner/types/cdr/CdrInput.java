package org.ddstuner.types.cdr;

/**
 * Reads CDR primitives from a byte array within a limit that nested DHEADERs and parameters narrow;
 * every read checks the bytes are there first and fails with a {@link CdrException} naming the offset.
 */
final class CdrInput {
    private final byte[] buf;
    private int pos;
    private int limit;
    private int origin;
    private boolean little;
    private final int maxAlign;
    private final PathTracker path;

    CdrInput(byte[] buf, int start, int end, boolean little, int maxAlign, PathTracker path) {
        this.buf = buf;
        this.pos = start;
        this.limit = end;
        this.origin = start;
        this.little = little;
        this.maxAlign = maxAlign;
        this.path = path;
    }

    int position() {
        return pos;
    }

    void seek(int newPos) {
        pos = newPos;
    }

    boolean littleEndian() {
        return little;
    }

    int limit() {
        return limit;
    }

    /** Narrows (or restores) the readable end; returns the previous limit. */
    int setLimit(int newLimit) {
        int old = limit;
        limit = newLimit;
        return old;
    }

    int origin() {
        return origin;
    }

    void setOrigin(int newOrigin) {
        origin = newOrigin;
    }

    int remaining() {
        return limit - pos;
    }

    CdrException error(String message) {
        return new CdrException(pos, path.toString(), message);
    }

    CdrException error(int at, String message) {
        return new CdrException(at, path.toString(), message);
    }

    /** Padding bytes that {@link #align} would skip now. */
    int padding(int size) {
        int a = Math.min(size, maxAlign);
        return a <= 1 ? 0 : (a - (pos - origin) % a) % a;
    }

    void align(int size) {
        int a = Math.min(size, maxAlign);
        if (a <= 1) {
            return;
        }
        int pad = (a - (pos - origin) % a) % a;
        if (pad > limit - pos) {
            throw error("expected " + pad + " padding bytes, only " + remaining() + " left");
        }
        pos += pad;
    }

    void need(long n, String what) {
        if (n > limit - pos) {
            throw error("expected " + n + " bytes of " + what + ", only " + remaining() + " left");
        }
    }

    int get1(String what) {
        need(1, what);
        return buf[pos++] & 0xFF;
    }

    int get2(String what) {
        align(2);
        need(2, what);
        int v = (int) raw(2);
        pos += 2;
        return v;
    }

    long get4(String what) {
        align(4);
        need(4, what);
        long v = raw(4);
        pos += 4;
        return v;
    }

    long get8(String what) {
        align(8);
        need(8, what);
        long v = raw(8);
        pos += 8;
        return v;
    }

    /** A uint32 length or count that must fit in an int (anything larger cannot be in the data). */
    int getLength(String what) {
        int at = pos;
        long v = get4(what);
        if (v > Integer.MAX_VALUE) {
            throw error(at, what + " " + v + " is larger than any sample");
        }
        return (int) v;
    }

    /** Reads the next uint32 without consuming it (LC 5–7 share it with the member). */
    long peek4(String what) {
        align(4);
        need(4, what);
        return raw(4);
    }

    private long raw(int n) {
        long v = 0;
        for (int i = 0; i < n; i++) {
            int b = buf[pos + (little ? n - 1 - i : i)] & 0xFF;
            v = (v << 8) | b;
        }
        return v;
    }

    byte[] getBytes(int n, String what) {
        need(n, what);
        byte[] out = new byte[n];
        System.arraycopy(buf, pos, out, 0, n);
        pos += n;
        return out;
    }

    byte byteAt(int at) {
        return buf[at];
    }

    PathTracker path() {
        return path;
    }
}
