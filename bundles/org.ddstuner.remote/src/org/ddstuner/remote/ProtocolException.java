package org.ddstuner.remote;

import java.io.IOException;

/**
 * The other side broke the protocol (a frame too large, malformed, unexpected) or refused us: {@link #code()} is one
 * of the {@link Protocol} codes, the message the reason for a person.
 */
public class ProtocolException extends IOException {

    private static final long serialVersionUID = 1L;

    private final String code;

    public ProtocolException(String code, String reason) {
        super(reason);
        this.code = code;
    }

    public String code() {
        return code;
    }

    /** The reason without the code. */
    public String reason() {
        return getMessage();
    }

    @Override
    public String toString() {
        return code + ": " + getMessage();
    }
}
