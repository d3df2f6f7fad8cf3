package org.ddstuner.remote;

/**
 * The agent refused us (wrong or missing token, another protocol version, too many clients…), or we refused the
 * agent (its certificate's fingerprint is not the pinned one, {@link Protocol#FINGERPRINT_CHANGED}). Not retried:
 * the person has to act. The CLI exits 4 with {@link #getMessage()}.
 */
public class RemoteRefusedException extends ProtocolException {

    private static final long serialVersionUID = 1L;

    public RemoteRefusedException(String code, String reason) {
        super(code, reason);
    }
}
