package org.ddstuner.remote;

import java.io.Serial;

/**
 * A request the agent could not carry out: the {@link #code()} (one of {@link Protocol}'s codes, or an operation's
 * own, e.g. {@code "no-type"}) and the reason go back to the client in the reply, and to the audit log.
 */
public final class OperationException extends Exception {

    @Serial
    private static final long serialVersionUID = 1L;

    private final String code;

    public OperationException(String code, String reason) {
        super(reason);
        this.code = code;
    }

    /** The reply's code. */
    public String code() {
        return code;
    }
}
