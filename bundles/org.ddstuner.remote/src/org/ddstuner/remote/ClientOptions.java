package org.ddstuner.remote;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;

/**
 * How a {@link RemoteClient} reaches an agent.
 *
 * @param host             the agent's address or name
 * @param port             its port
 * @param token            the agent's token ({@link TokenFile#read}); {@code null} sends none (and is refused)
 * @param knownAgents      where pinned certificates are kept ({@link KnownAgents#defaultFile()})
 * @param trustFingerprint accept (and pin) this fingerprint even when another one is pinned; {@code null}: trust the
 *                         pinned one, or pin the first one seen
 * @param clientName       told to the agent for its audit log
 * @param maxFrameBytes    the largest frame accepted
 * @param connectTimeout   for TCP connect, TLS handshake and login
 * @param maxBackoff       the longest wait between reconnect attempts (they start at 250 ms and double)
 * @param caFile           trust an agent whose certificate a CA in this file (PEM or DER) signed, instead of pinning
 *                         ({@code --ca-file}); {@code null}: pin
 * @param clientCert       a PKCS#12 key store with this client's key and certificate, presented to an agent that takes
 *                         client certificates ({@code --client-cert}); {@code null}: none
 * @param clientCertPassword the key store's password ({@code null}: empty)
 */
public record ClientOptions(String host, int port, String token, Path knownAgents, Fingerprint trustFingerprint,
        String clientName, int maxFrameBytes, Duration connectTimeout, Duration maxBackoff, Path caFile,
        Path clientCert, String clientCertPassword) {

    /** No client certificate. */
    public ClientOptions(String host, int port, String token, Path knownAgents, Fingerprint trustFingerprint,
            String clientName, int maxFrameBytes, Duration connectTimeout, Duration maxBackoff, Path caFile) {
        this(host, port, token, knownAgents, trustFingerprint, clientName, maxFrameBytes, connectTimeout, maxBackoff,
                caFile, null, null);
    }

    /** Pinning, no CA. */
    public ClientOptions(String host, int port, String token, Path knownAgents, Fingerprint trustFingerprint,
            String clientName, int maxFrameBytes, Duration connectTimeout, Duration maxBackoff) {
        this(host, port, token, knownAgents, trustFingerprint, clientName, maxFrameBytes, connectTimeout, maxBackoff,
                null);
    }

    public ClientOptions {
        Objects.requireNonNull(host, "host");
        Objects.requireNonNull(knownAgents, "knownAgents");
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException("port must be 1…65535, not " + port);
        }
    }

    public static ClientOptions of(String host, int port, String token) {
        return new ClientOptions(host, port, token, KnownAgents.defaultFile(), null, "ddstuner", 
                Protocol.DEFAULT_MAX_FRAME_BYTES * 4, Duration.ofSeconds(10), Duration.ofSeconds(5));
    }

    /** "host:port" as pinned in the known-agents file. */
    public String agent() {
        return (host.contains(":") ? "[" + host + "]" : host) + ":" + port;
    }

    public ClientOptions withKnownAgents(Path f) {
        return new ClientOptions(host, port, token, f, trustFingerprint, clientName, maxFrameBytes, connectTimeout,
                maxBackoff, caFile, clientCert, clientCertPassword);
    }

    public ClientOptions withTrustFingerprint(Fingerprint f) {
        return new ClientOptions(host, port, token, knownAgents, f, clientName, maxFrameBytes, connectTimeout,
                maxBackoff, caFile, clientCert, clientCertPassword);
    }

    public ClientOptions withToken(String t) {
        return new ClientOptions(host, port, t, knownAgents, trustFingerprint, clientName, maxFrameBytes,
                connectTimeout, maxBackoff, caFile, clientCert, clientCertPassword);
    }

    /** Trusts agents whose certificates a CA in {@code f} signed, instead of pinning. */
    public ClientOptions withCaFile(Path f) {
        return new ClientOptions(host, port, token, knownAgents, trustFingerprint, clientName, maxFrameBytes,
                connectTimeout, maxBackoff, f, clientCert, clientCertPassword);
    }

    public ClientOptions withClientName(String n) {
        return new ClientOptions(host, port, token, knownAgents, trustFingerprint, n, maxFrameBytes, connectTimeout,
                maxBackoff, caFile, clientCert, clientCertPassword);
    }

    /** Presents the key and certificate of the PKCS#12 file {@code p12} (password {@code password}) to the agent. */
    public ClientOptions withClientCert(Path p12, String password) {
        return new ClientOptions(host, port, token, knownAgents, trustFingerprint, clientName, maxFrameBytes,
                connectTimeout, maxBackoff, caFile, p12, password);
    }

    @Override
    public String toString() {
        // the record's own would print the token and the key store's password
        return "ClientOptions[" + agent() + (clientCert == null ? "" : ", client certificate " + clientCert) + "]";
    }
}
