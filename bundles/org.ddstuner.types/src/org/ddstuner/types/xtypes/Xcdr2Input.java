package org.ddstuner.types.xtypes;

import java.nio.charset.StandardCharsets;
import java.util.function.Supplier;

/**
 * Bounded XCDR2 reader for the type representation: little endian unless told otherwise, alignment
 * relative to the start of the buffer and capped at 4 (XCDR2), every read checked against the innermost
 * delimited region so malformed lengths end in an {@link XTypesFormatException} instead of a huge
 * allocation or an endless loop.
 */
final class Xcdr2Input {

    /** Deepest nesting of delimited regions / type identifiers we follow (real type objects use < 20). */
    static final int MAX_DEPTH = 100;

    private final byte[] data;
    private final boolean bigEndian;
    private int pos;
    private int limit;
    private int depth;

    Xcdr2Input(byte[] data, boolean bigEndian) {
        this.data = data;
        this.bigEndian = bigEndian;
        this.limit = data.length;
    }

    int position() {
        return pos;
    }

    boolean atLimit() {
        return pos >= limit;
    }

    XTypesFormatException error(String message) {
        return new XTypesFormatException(pos, message);
    }

    void align(int n) {
        int a = Math.min(n, 4);
        int next = (pos + a - 1) / a * a;
        need(next - pos, "alignment padding");
        pos = next;
    }

    private void need(int n, String what) {
        if (n < 0 || n > limit - pos) {
            throw error("truncated: " + what + " needs " + n + " bytes, " + (limit - pos) + " left");
        }
    }

    int u8() {
        need(1, "octet");
        return data[pos++] & 0xff;
    }

    boolean bool() {
        int v = u8();
        if (v > 1) {
            throw new XTypesFormatException(pos - 1, "boolean must be 0 or 1, found " + v);
        }
        return v == 1;
    }

    int u16() {
        align(2);
        need(2, "16-bit integer");
        int b0 = data[pos] & 0xff;
        int b1 = data[pos + 1] & 0xff;
        pos += 2;
        return bigEndian ? b0 << 8 | b1 : b1 << 8 | b0;
    }

    int i32() {
        align(4);
        need(4, "32-bit integer");
        int v = 0;
        for (int i = 0; i < 4; i++) {
            int b = data[pos + (bigEndian ? i : 3 - i)] & 0xff;
            v = v << 8 | b;
        }
        pos += 4;
        return v;
    }

    long u32() {
        return i32() & 0xFFFF_FFFFL;
    }

    long i64() {
        long lo;
        long hi;
        if (bigEndian) {
            hi = u32();
            lo = u32();
        } else {
            lo = u32();
            hi = u32();
        }
        return hi << 32 | lo;
    }

    byte[] bytes(int n) {
        need(n, n + "-byte field");
        byte[] b = java.util.Arrays.copyOfRange(data, pos, pos + n);
        pos += n;
        return b;
    }

    /** A string with its 4-byte length (incl. NUL); {@code bound} is in characters, 0 = unbounded. */
    String string(int bound) {
        int start = pos;
        long len = u32();
        if (len == 0) {
            throw new XTypesFormatException(start, "string length 0 (must include the terminating NUL)");
        }
        if (bound > 0 && len - 1 > bound) {
            throw new XTypesFormatException(start, "string of " + (len - 1) + " characters exceeds its bound " + bound);
        }
        need((int) Math.min(len, Integer.MAX_VALUE), "string");
        int n = (int) len;
        if (data[pos + n - 1] != 0) {
            throw new XTypesFormatException(pos + n - 1, "string is not NUL-terminated");
        }
        String s = new String(data, pos, n - 1, StandardCharsets.UTF_8);
        pos += n;
        return s;
    }

    /**
     * A sequence length, checked so that {@code count * minElementBytes} still fits in what is left:
     * a corrupt count can never make us allocate or loop beyond the input.
     */
    int count(int minElementBytes) {
        int start = pos;
        long n = u32();
        long left = limit - pos;
        if (n * Math.max(1, minElementBytes) > left) {
            throw new XTypesFormatException(start, "sequence of " + n + " elements cannot fit in the " + left
                    + " bytes left");
        }
        return (int) n;
    }

    /** Reads a DHEADER and runs {@code body} inside the region it delimits; continues after the region. */
    <T> T delimited(String what, Supplier<T> body) {
        int start = pos;
        long len = u32();
        if (len > limit - pos) {
            throw new XTypesFormatException(start, what + ": DHEADER says " + len + " bytes, only " + (limit - pos)
                    + " left");
        }
        return region(what, pos + (int) len, body);
    }

    /** Runs {@code body} with reads limited to {@code end}, then continues at {@code end}. */
    <T> T region(String what, int end, Supplier<T> body) {
        int savedLimit = limit;
        enter(what);
        limit = end;
        try {
            T t = body.get();
            pos = end; // appendable/mutable types may carry members we don't know: skip them
            return t;
        } finally {
            limit = savedLimit;
            depth--;
        }
    }

    void enter(String what) {
        if (++depth > MAX_DEPTH) {
            depth--;
            throw error(what + " nested more than " + MAX_DEPTH + " levels deep");
        }
    }

    void leave() {
        depth--;
    }

    /** Steps back to a position just read (a mutable member's NEXTINT that is also its first word). */
    void rewind(int earlier) {
        if (earlier > pos || earlier < 0) {
            throw error("cannot move back to byte " + earlier);
        }
        pos = earlier;
    }

    int limit() {
        return limit;
    }
}
