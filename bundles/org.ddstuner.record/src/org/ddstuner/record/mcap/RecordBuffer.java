package org.ddstuner.record.mcap;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Map;

/** A growable little-endian byte buffer records are built in (one per chunk, reused). Not thread-safe. */
final class RecordBuffer {

    private byte[] buf;
    private int size;

    RecordBuffer(int capacity) {
        buf = new byte[capacity];
    }

    int size() {
        return size;
    }

    byte[] array() {
        return buf;
    }

    void reset() {
        size = 0;
    }

    private void ensure(int more) {
        if (size + more > buf.length) {
            buf = Arrays.copyOf(buf, Math.max(buf.length * 2, size + more));
        }
    }

    RecordBuffer u8(int v) {
        ensure(1);
        buf[size++] = (byte) v;
        return this;
    }

    RecordBuffer u16(int v) {
        ensure(2);
        buf[size++] = (byte) v;
        buf[size++] = (byte) (v >>> 8);
        return this;
    }

    RecordBuffer u32(long v) {
        ensure(4);
        for (int i = 0; i < 4; i++) {
            buf[size++] = (byte) (v >>> (8 * i));
        }
        return this;
    }

    RecordBuffer u64(long v) {
        ensure(8);
        for (int i = 0; i < 8; i++) {
            buf[size++] = (byte) (v >>> (8 * i));
        }
        return this;
    }

    RecordBuffer raw(byte[] b, int off, int len) {
        ensure(len);
        System.arraycopy(b, off, buf, size, len);
        size += len;
        return this;
    }

    RecordBuffer raw(byte[] b) {
        return raw(b, 0, b.length);
    }

    RecordBuffer string(String s) {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        return u32(b.length).raw(b);
    }

    RecordBuffer bytes(byte[] b) {
        return u32(b.length).raw(b);
    }

    RecordBuffer map(Map<String, String> m) {
        int lenAt = size;
        u32(0);
        for (Map.Entry<String, String> e : m.entrySet()) {
            string(e.getKey()).string(e.getValue());
        }
        putU32(lenAt, size - lenAt - 4);
        return this;
    }

    /** Starts a record; returns where its length goes ({@link #endRecord}). */
    int beginRecord(int opcode) {
        u8(opcode);
        int at = size;
        u64(0);
        return at;
    }

    void endRecord(int lengthAt) {
        putU64(lengthAt, size - lengthAt - 8);
    }

    void putU32(int at, long v) {
        for (int i = 0; i < 4; i++) {
            buf[at + i] = (byte) (v >>> (8 * i));
        }
    }

    void putU64(int at, long v) {
        for (int i = 0; i < 8; i++) {
            buf[at + i] = (byte) (v >>> (8 * i));
        }
    }
}
