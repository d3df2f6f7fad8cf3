package org.ddstuner.remote;

/**
 * Names and limits of the remote protocol, version {@value #VERSION} (bundles/org.ddstuner.remote/PROTOCOL.md is
 * the description; keep both in step and raise {@link #VERSION} for any change an older peer would misread).
 */
public final class Protocol {

    public static final int VERSION = 1;
    /** The line a plain-TCP client gets instead of a TLS handshake. */
    public static final String PLAIN_TCP_REPLY = "DDS Tuner agent: this port speaks TLS 1.3 only (ddstuner-remote/"
            + VERSION + "); plain connections are refused.\n";
    public static final String TLS = "TLSv1.3";
    /** Default largest frame either side accepts. A snapshot is split into parts below it. */
    public static final int DEFAULT_MAX_FRAME_BYTES = 4 << 20;

    // frame types
    public static final String HELLO = "hello";
    public static final String WELCOME = "welcome";
    public static final String REFUSED = "refused";
    public static final String SNAPSHOT = "snapshot";
    public static final String DELTA = "delta";
    public static final String PING = "ping";
    public static final String REQUEST = "request";
    public static final String REPLY = "reply";
    public static final String BYE = "bye";
    public static final String SUBSCRIBE = "subscribe";
    public static final String SUBSCRIBED = "subscribed";
    public static final String UNSUBSCRIBE = "unsubscribe";
    public static final String SAMPLES = "samples";
    /** Highest sample rate a client may ask for, per subscription. */
    public static final int MAX_SAMPLE_RATE = 10_000;
    /** Most samples an agent keeps queued per subscription. */
    public static final int MAX_SAMPLE_QUEUE = 100_000;
    /** Subscriptions per client at once. */
    public static final int MAX_SUBSCRIPTIONS = 16;

    // refusal / error codes
    public static final String NO_TOKEN = "no-token";
    public static final String BAD_TOKEN = "bad-token";
    /** A client certificate no CA of the agent's {@code --client-ca} signed, and no token. */
    public static final String BAD_CERTIFICATE = "bad-certificate";
    public static final String VERSION_MISMATCH = "protocol-version";
    public static final String MALFORMED_FRAME = "malformed-frame";
    public static final String FRAME_TOO_LARGE = "frame-too-large";
    public static final String UNEXPECTED_FRAME = "unexpected-frame";
    public static final String BUSY = "busy";
    public static final String NOT_ALLOWED = "not-allowed";
    public static final String UNSUPPORTED = "unsupported";
    /** An operation failed inside the agent (a bug or a library error); the reason says what. */
    public static final String FAILED = "failed";
    public static final String SHUTTING_DOWN = "shutting-down";
    /** Client side only: the agent's certificate is not the one pinned for its address. */
    public static final String FINGERPRINT_CHANGED = "fingerprint-changed";
    /** Client side only: the TLS handshake failed (e.g. the agent does not speak TLS 1.3). */
    public static final String TLS_FAILED = "tls-failed";

    // why a snapshot was sent
    public static final String SNAPSHOT_INITIAL = "initial";
    public static final String SNAPSHOT_TOO_OLD = "resume-too-old";
    public static final String SNAPSHOT_NEW_EPOCH = "new-epoch";
    public static final String SNAPSHOT_OVERFLOW = "client-too-slow";

    private Protocol() {
    }
}
