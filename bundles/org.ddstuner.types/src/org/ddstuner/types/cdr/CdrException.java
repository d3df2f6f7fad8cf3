package org.ddstuner.types.cdr;

/**
 * Bytes that do not decode as the type says (with the byte offset where it went wrong and what was
 * expected there), or a value that cannot be encoded (with the member path and the byte offset reached).
 * It is the only exception the decoder throws for any input bytes.
 */
public class CdrException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final int offset;
    private final String path;

    public CdrException(int offset, String path, String message) {
        super("at byte " + offset + (path == null || path.isEmpty() ? "" : " (" + path + ")") + ": " + message);
        this.offset = offset;
        this.path = path == null ? "" : path;
    }

    /** Byte offset in the data (counting the 4-byte encapsulation header when there is one). */
    public int offset() {
        return offset;
    }

    /** Member path where it happened, e.g. {@code pose.position.x} or {@code items[3]}; empty at top level. */
    public String path() {
        return path;
    }
}
