package org.ddstuner.remote;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.EnumSet;
import java.util.Objects;
import java.util.Set;

/**
 * How a {@link RemoteServer} runs. {@link #defaults(Path)} listens on 127.0.0.1 (an ssh tunnel reaches it; anything
 * else must be asked for), grants no capability beyond reading, and keeps its identity, token and audit log in one
 * folder ({@code ~/.ddstuner/agent} for {@code ddstuner serve}).
 *
 * @param listen            address and port (port 0: any free one, see {@link RemoteServer#address()})
 * @param identityDir       where the key store is (made at the first start)
 * @param tokenFile         the clients' token (made at the first start, 0600)
 * @param auditLog          the append-only audit log, {@code null} for none
 * @param capabilities      what clients may do beyond reading
 * @param maxFrameBytes     the largest frame accepted (and sent)
 * @param maxClients        logged-in clients at once; more are refused with {@link Protocol#BUSY}
 * @param clientQueue       batches queued per client before it is dropped to "catch up / resnapshot"
 * @param heartbeat         a ping is sent after this much silence (and expected from clients)
 * @param loginTimeout      time for the TLS handshake and the hello frame
 * @param loginBackoff      delay before answering the next login from an address after a failed one; doubles per
 *                          failure up to 20 times this
 * @param writeStallLimit   a client that takes no data for this long is disconnected
 * @param clientCa          CA certificates (PEM or DER) whose signed client certificates log a client in without the
 *                          token ({@code --client-ca}); {@code null}: the token only
 */
public record ServerOptions(InetSocketAddress listen, Path identityDir, Path tokenFile, Path auditLog,
        Set<Capability> capabilities, int maxFrameBytes, int maxClients, int clientQueue, Duration heartbeat,
        Duration loginTimeout, Duration loginBackoff, Duration writeStallLimit, Path clientCa) {

    /** Tokens only, no client certificates. */
    public ServerOptions(InetSocketAddress listen, Path identityDir, Path tokenFile, Path auditLog,
            Set<Capability> capabilities, int maxFrameBytes, int maxClients, int clientQueue, Duration heartbeat,
            Duration loginTimeout, Duration loginBackoff, Duration writeStallLimit) {
        this(listen, identityDir, tokenFile, auditLog, capabilities, maxFrameBytes, maxClients, clientQueue, heartbeat,
                loginTimeout, loginBackoff, writeStallLimit, null);
    }

    public ServerOptions {
        Objects.requireNonNull(listen, "listen");
        Objects.requireNonNull(identityDir, "identityDir");
        Objects.requireNonNull(tokenFile, "tokenFile");
        capabilities = capabilities.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(capabilities));
        if (maxFrameBytes < 4096 || maxClients < 1 || clientQueue < 1) {
            throw new IllegalArgumentException("frames must allow 4 KiB, and there must be room for a client");
        }
    }

    public static ServerOptions defaults(Path dir) {
        return new ServerOptions(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), dir, dir.resolve("token"),
                dir.resolve("audit.log"), Set.of(), Protocol.DEFAULT_MAX_FRAME_BYTES, 16, 256, Duration.ofSeconds(5),
                Duration.ofSeconds(10), Duration.ofMillis(250), Duration.ofSeconds(30));
    }

    public ServerOptions withListen(InetSocketAddress a) {
        return new ServerOptions(a, identityDir, tokenFile, auditLog, capabilities, maxFrameBytes, maxClients,
                clientQueue, heartbeat, loginTimeout, loginBackoff, writeStallLimit, clientCa);
    }

    public ServerOptions withCapabilities(Set<Capability> c) {
        return new ServerOptions(listen, identityDir, tokenFile, auditLog, c, maxFrameBytes, maxClients, clientQueue,
                heartbeat, loginTimeout, loginBackoff, writeStallLimit, clientCa);
    }

    public ServerOptions withMaxFrameBytes(int n) {
        return new ServerOptions(listen, identityDir, tokenFile, auditLog, capabilities, n, maxClients, clientQueue,
                heartbeat, loginTimeout, loginBackoff, writeStallLimit, clientCa);
    }

    public ServerOptions withClientQueue(int n) {
        return new ServerOptions(listen, identityDir, tokenFile, auditLog, capabilities, maxFrameBytes, maxClients, n,
                heartbeat, loginTimeout, loginBackoff, writeStallLimit, clientCa);
    }

    public ServerOptions withWriteStallLimit(Duration d) {
        return new ServerOptions(listen, identityDir, tokenFile, auditLog, capabilities, maxFrameBytes, maxClients,
                clientQueue, heartbeat, loginTimeout, loginBackoff, d, clientCa);
    }

    /** Also accepts client certificates a CA in {@code f} signed in place of the token. */
    public ServerOptions withClientCa(Path f) {
        return new ServerOptions(listen, identityDir, tokenFile, auditLog, capabilities, maxFrameBytes, maxClients,
                clientQueue, heartbeat, loginTimeout, loginBackoff, writeStallLimit, f);
    }
}
