package org.ddstuner.bench.fuzz.remote;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.util.Arrays;

import org.ddstuner.remote.ProtocolException;
import org.ddstuner.remote.internal.Frames;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Jazzer target for the remote agent's frame decoder ({@link Frames#read}, what the agent does with every byte a
 * client sends before login, and the client with the agent's): byte 0 picks the maximum frame size (bit 0: 64 KiB or
 * 64 bytes, so the limit itself is reached), the rest is the byte stream, read frame after frame until its end.
 * Oracle: a frame, a clean end, a truncated stream ({@link EOFException}) or a {@link ProtocolException} with a
 * protocol code, nothing else (no other exception, no hang, no out-of-memory); a decoded frame re-encodes to a
 * frame that decodes to the same values (numbers compared by value).
 */
public final class RemoteFrameFuzzer {

    /**
     * Equal JSON values: numbers by value (a decimal's text form cannot keep every literal: {@code 0e00} is written
     * back as {@code 0}, an integer), everything else exactly.
     */
    public static final java.util.Comparator<com.fasterxml.jackson.databind.JsonNode> SAME_VALUE = (a, b) ->
            a.isNumber() && b.isNumber() ? a.decimalValue().compareTo(b.decimalValue()) : a.equals(b) ? 0 : 1;

    private RemoteFrameFuzzer() {
    }

    /**
     * Decodes and re-encodes one frame of each shape before fuzzing starts, so that Jazzer instruments the Jackson
     * classes now rather than inside the first input's time limit (on a busy box that alone took over 60 s).
     */
    public static void fuzzerInitialize() throws IOException {
        String[] warm = { "{\"type\":\"hello\",\"n\":1,\"f\":1.5e3,\"b\":true,\"z\":null,\"a\":[1,\"x\",{}],"
                + "\"o\":{\"k\":\"\\u00e9\"}}", "[1]", "{\"type\":1}", "{\"type\":\"x\"} x", "{" };
        for (String w : warm) {
            try {
                ObjectNode f = Frames.parse(w.getBytes(java.nio.charset.StandardCharsets.UTF_8));
                Frames.parse(Frames.encode(f, Integer.MAX_VALUE));
            } catch (ProtocolException expected) {
                // the refusals warm up too
            }
        }
    }

    public static void fuzzerTestOneInput(byte[] input) throws IOException {
        if (input.length < 1) {
            return;
        }
        int max = (input[0] & 1) != 0 ? 64 : 1 << 16;
        byte[] wire = Arrays.copyOfRange(input, 1, input.length);
        Frames frames = new Frames(new ByteArrayInputStream(wire), new ByteArrayOutputStream(), max);
        for (int n = 0; n < 1000; n++) {
            ObjectNode f;
            try {
                f = frames.read();
            } catch (ProtocolException e) {
                if (e.code() == null || e.reason() == null || e.reason().isEmpty()) {
                    throw new IllegalStateException("a protocol error without code or reason", e);
                }
                return;
            } catch (EOFException truncated) {
                return;
            }
            if (f == null) {
                return;
            }
            if (!f.path("type").isTextual()) {
                throw new IllegalStateException("decoded a frame without a text type: " + f);
            }
            byte[] again = Frames.encode(f, Integer.MAX_VALUE);
            ObjectNode back = Frames.parse(again);
            if (!f.equals(SAME_VALUE, back)) {
                throw new IllegalStateException("re-encoded frame decodes differently: " + f + " vs " + back);
            }
        }
    }
}
