package org.ddstuner.testsupport;

/** A peer process did not come up: it exited early or printed no READY in time. */
public final class PeerStartException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    PeerStartException(String message) {
        super(message);
    }

    PeerStartException(String message, Throwable cause) {
        super(message, cause);
    }
}
