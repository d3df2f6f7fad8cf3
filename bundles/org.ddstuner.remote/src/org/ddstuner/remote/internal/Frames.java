package org.ddstuner.remote.internal;

import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;

import org.ddstuner.remote.Protocol;
import org.ddstuner.remote.ProtocolException;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.JsonNodeFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Length-prefixed JSON frames: a 4-byte big-endian length, then that many bytes of UTF-8 JSON holding one
 * object with a text field {@code "type"}. A length of zero, a negative one or one above the maximum is refused
 * before a byte of the body is read (so a hostile length never makes us allocate); a body that is not exactly
 * one JSON object (trailing data, duplicate keys, nesting deeper than {@value #MAX_NESTING}) is refused too.
 * Reads and writes are thread-safe separately: one reader thread, any number of writers.
 */
public final class Frames {

    static final int MAX_NESTING = 32;

    /** One mapper for the whole bundle: strict, and configured once (Jackson mappers are thread-safe). */
    public static final ObjectMapper JSON = mapper();

    private final DataInputStream in;
    private final OutputStream out;
    private final int maxFrameBytes;
    private long bytesIn;
    private long bytesOut;

    public Frames(InputStream in, OutputStream out, int maxFrameBytes) {
        this.in = new DataInputStream(in);
        this.out = out;
        this.maxFrameBytes = maxFrameBytes;
    }

    private static ObjectMapper mapper() {
        JsonFactory f = JsonFactory.builder()
                .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(MAX_NESTING).build())
                .enable(com.fasterxml.jackson.core.StreamReadFeature.STRICT_DUPLICATE_DETECTION).build();
        ObjectMapper m = new ObjectMapper(f);
        m.enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
        // exact numbers, as StrictJson reads them: a double would turn 1.5e600 into Infinity, which is written back
        // as the string "Infinity" (found by Jazzer, bench/fuzz/remote: a frame that did not survive a round trip)
        m.enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);
        // with the literal's scale: 1.0 stays a decimal 1.0 instead of becoming the integer 1 (Jazzer again)
        m.configure(JsonNodeFeature.STRIP_TRAILING_BIGDECIMAL_ZEROES, false);
        m.disable(JsonParser.Feature.ALLOW_COMMENTS);
        return m;
    }

    /**
     * The next frame, or {@code null} at a clean end of stream (between frames).
     *
     * @throws ProtocolException {@link Protocol#FRAME_TOO_LARGE} or {@link Protocol#MALFORMED_FRAME}, with the reason
     */
    public ObjectNode read() throws IOException {
        int length;
        try {
            length = in.readInt();
        } catch (EOFException e) {
            return null;
        }
        if (length <= 0 || length > maxFrameBytes) {
            throw new ProtocolException(length <= 0 ? Protocol.MALFORMED_FRAME : Protocol.FRAME_TOO_LARGE,
                    length <= 0 ? "frame length " + length + " (a frame holds one JSON object, at least 2 bytes)"
                            : "frame of " + Integer.toUnsignedString(length) + " bytes is larger than the maximum of "
                                    + maxFrameBytes + " bytes");
        }
        byte[] body = new byte[length];
        in.readFully(body);
        synchronized (this) {
            bytesIn += 4L + length;
        }
        return parse(body);
    }

    /** Parses one frame body; public for the fuzz-style tests of the decoder. */
    public static ObjectNode parse(byte[] body) throws ProtocolException {
        JsonNode node;
        try {
            node = JSON.readTree(body);
        } catch (JsonProcessingException e) {
            throw new ProtocolException(Protocol.MALFORMED_FRAME, "not valid JSON: " + e.getOriginalMessage()
                    + location(e));
        } catch (IOException | RuntimeException e) {
            throw new ProtocolException(Protocol.MALFORMED_FRAME, "not valid JSON: " + e.getMessage());
        }
        if (!(node instanceof ObjectNode o)) {
            throw new ProtocolException(Protocol.MALFORMED_FRAME, "a frame must hold one JSON object, not "
                    + (node == null || node.isMissingNode() ? "nothing" : node.getNodeType().toString().toLowerCase()));
        }
        JsonNode type = o.get("type");
        if (type == null || !type.isTextual()) {
            throw new ProtocolException(Protocol.MALFORMED_FRAME, "a frame needs a text field \"type\"");
        }
        return o;
    }

    private static String location(JsonProcessingException e) {
        return e.getLocation() == null ? "" : " (at byte " + e.getLocation().getByteOffset() + ")";
    }

    /** Encodes a frame; {@code null} when it would be larger than {@code maxFrameBytes}. */
    public static byte[] encode(ObjectNode frame, int maxFrameBytes) {
        byte[] body;
        try {
            body = JSON.writeValueAsBytes(frame);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot encode a frame: " + e.getMessage(), e);
        }
        return body.length > maxFrameBytes ? null : body;
    }

    /**
     * Writes one frame.
     *
     * @throws IllegalArgumentException when it is larger than the maximum (a bug of the sender: callers split)
     */
    public void write(ObjectNode frame) throws IOException {
        byte[] body = encode(frame, maxFrameBytes);
        if (body == null) {
            throw new IllegalArgumentException("frame \"" + frame.path("type").asText() + "\" is larger than "
                    + maxFrameBytes + " bytes");
        }
        writeBody(body);
    }

    /** Writes an already encoded body (see {@link #encode}). */
    public void writeBody(byte[] body) throws IOException {
        synchronized (out) {
            byte[] header = { (byte) (body.length >>> 24), (byte) (body.length >>> 16), (byte) (body.length >>> 8),
                    (byte) body.length };
            out.write(header);
            out.write(body);
            out.flush();
            bytesOut += 4L + body.length;
        }
    }

    public int maxFrameBytes() {
        return maxFrameBytes;
    }

    public synchronized long bytesIn() {
        return bytesIn;
    }

    public long bytesOut() {
        synchronized (out) {
            return bytesOut;
        }
    }

    /** A new empty JSON object (e.g. a request's {@code args}). */
    public static ObjectNode object() {
        return JSON.createObjectNode();
    }

    /** A new frame of the given type. */
    public static ObjectNode frame(String type) {
        ObjectNode o = JSON.createObjectNode();
        o.put("type", type);
        return o;
    }
}
