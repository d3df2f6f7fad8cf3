package org.ddstuner.remote;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import javax.net.ssl.SSLSocketFactory;

import org.ddstuner.connection.Connection;
import org.ddstuner.remote.internal.ClientCertificates;
import org.ddstuner.remote.internal.LoginThrottle;
import org.ddstuner.system.SystemModel;

/**
 * The agent's side: serves one domain's {@link SystemModel} (through a {@link ModelJournal}) to remote clients over
 * TLS 1.3 on one TCP port, with the length-prefixed JSON frames of PROTOCOL.md.
 *
 * <p>Why the JDK's own {@code SSLServerSocket} and not Jetty or the JDK's HTTPS server: the protocol is one long-lived,
 * bidirectional stream of frames per client (a snapshot, then deltas and samples as they happen, requests the other
 * way), which needs no HTTP (no routing, no request/response, no upgrade), and the JDK's TLS adds no bundle to the
 * product or the CLI's class path. WebSocket (Jetty 12) would only matter for a browser client, which DDS Tuner has
 * not.
 *
 * <p>Threads: one platform thread accepts; each connection gets a virtual thread that does the TLS handshake and the
 * login and then reads the client's frames, and, once logged in, a second one that writes (snapshot, deltas, pings)
 * from the client's bounded queue. The model's notifier only ever offers to those queues, so a slow or stuck client
 * costs it nothing (see {@code ServerSession}).
 */
public final class RemoteServer implements AutoCloseable {

    /** Counters since the start, for the CLI's status line and the tests. */
    public record Stats(int clients, long logins, long refusedLogins, long refusedConnections, long queueDrops,
            long resnapshots) {
    }

    private final ModelJournal journal;
    private final ServerOptions options;
    private final AgentIdentity identity;
    private final String token;
    private final AuditLog audit;
    private final SSLSocketFactory tls;
    /** {@code --client-ca}, {@code null}: tokens only. */
    private final ClientCertificates clientCertificates;
    private final ServerSocket socket;
    private final LoginThrottle throttle;
    private final List<ServerSession> sessions = new CopyOnWriteArrayList<>();
    private final AtomicInteger connections = new AtomicInteger();
    private final ScheduledExecutorService housekeeping;
    private final Thread acceptor;
    final AtomicLong logins = new AtomicLong();
    final AtomicLong refusedLogins = new AtomicLong();
    final AtomicLong refusedConnections = new AtomicLong();
    final AtomicLong queueDrops = new AtomicLong();
    final AtomicLong resnapshots = new AtomicLong();
    private final Connection samples;
    private final Map<String, Operation> operations = new ConcurrentHashMap<>();
    private volatile boolean closed;
    private volatile boolean ownsJournal;

    private RemoteServer(ModelJournal journal, ServerOptions options, AgentIdentity identity, String token,
            AuditLog audit, ServerSocket socket, Connection samples, ClientCertificates clientCertificates) {
        this.journal = journal;
        this.samples = samples;
        this.options = options;
        this.identity = identity;
        this.token = token;
        this.audit = audit;
        this.socket = socket;
        this.clientCertificates = clientCertificates;
        this.tls = (clientCertificates == null ? identity.serverContext()
                : identity.serverContext(ClientCertificates.handshakeTrust())).getSocketFactory();
        this.throttle = new LoginThrottle(options.loginBackoff());
        this.housekeeping = Executors.newSingleThreadScheduledExecutor(r -> Thread.ofPlatform().daemon()
                .name("ddstuner-agent-housekeeping").unstarted(r));
        this.acceptor = Thread.ofPlatform().daemon().name("ddstuner-agent-accept-" + socket.getLocalPort())
                .unstarted(this::acceptLoop);
    }

    /**
     * Starts serving {@code journal}: makes the identity and the token file at the first start, opens the audit log
     * and listens.
     *
     * @throws IOException the address is in use, the identity or token cannot be made or read, …
     */
    public static RemoteServer start(ModelJournal journal, ServerOptions options) throws IOException {
        return start(journal, options, null);
    }

    /**
     * Serves {@code connection}'s model and, to clients that subscribe, samples of its topics read by the agent's
     * own readers on that connection ({@code ddstuner serve}).
     */
    public static RemoteServer serve(Connection connection, ServerOptions options) throws IOException {
        ModelJournal journal = ModelJournal.attach(connection.model());
        try {
            RemoteServer s = start(journal, options, connection);
            s.ownsJournal = true;
            return s;
        } catch (IOException | RuntimeException e) {
            journal.close();
            throw e;
        }
    }

    /**
     * Serves {@code journal} (kept by the caller, so a server started again on it lets clients resume) and samples
     * of {@code connection}'s topics.
     */
    public static RemoteServer serve(ModelJournal journal, Connection connection, ServerOptions options)
            throws IOException {
        return start(journal, options, connection);
    }

    private static RemoteServer start(ModelJournal journal, ServerOptions options, Connection samples)
            throws IOException {
        AgentIdentity identity = AgentIdentity.loadOrCreate(options.identityDir());
        String token = TokenFile.loadOrCreate(options.tokenFile());
        ClientCertificates clientCas = options.clientCa() == null ? null : ClientCertificates.of(options.clientCa());
        AuditLog audit = options.auditLog() == null ? AuditLog.NONE : AuditLog.open(options.auditLog());
        ServerSocket ss = new ServerSocket();
        try {
            ss.setReuseAddress(true); // a restarted agent gets its port back while old connections linger
            ss.bind(options.listen(), 64);
        } catch (IOException e) {
            ss.close();
            audit.close();
            throw new IOException("cannot listen on " + options.listen() + ": " + e.getMessage(), e);
        }
        RemoteServer s = new RemoteServer(journal, options, identity, token, audit, ss, samples, clientCas);
        s.acceptor.start();
        s.housekeeping.scheduleWithFixedDelay(s::checkStalls, 1, 1, TimeUnit.SECONDS);
        return s;
    }

    private void acceptLoop() {
        while (!closed) {
            Socket c;
            try {
                c = socket.accept();
            } catch (SocketException e) {
                return; // closed
            } catch (IOException e) {
                continue;
            }
            if (connections.incrementAndGet() > options.maxClients() + 16) {
                // beyond the logged-in clients, only a few logins may be under way: no thread for a flood
                connections.decrementAndGet();
                refusedConnections.incrementAndGet();
                closeQuietly(c);
                continue;
            }
            Thread.ofVirtual().name("ddstuner-agent-session").start(() -> {
                try {
                    new ServerSession(this, c).run();
                } finally {
                    connections.decrementAndGet();
                }
            });
        }
    }

    private void checkStalls() {
        for (ServerSession s : sessions) {
            s.checkStall(options.writeStallLimit());
        }
    }

    static void closeQuietly(Socket s) {
        try {
            s.close();
        } catch (IOException e) {
            // nothing to do
        }
    }

    // ---- for the sessions ----

    ModelJournal journal() {
        return journal;
    }

    ServerOptions options() {
        return options;
    }

    String token() {
        return token;
    }

    AuditLog audit() {
        return audit;
    }

    SSLSocketFactory tls() {
        return tls;
    }

    /** The CAs of {@code --client-ca}, {@code null} when only tokens log clients in. */
    ClientCertificates clientCertificates() {
        return clientCertificates;
    }

    LoginThrottle throttle() {
        return throttle;
    }

    /** The connection samples are read on, {@code null} when this agent serves only the model. */
    Connection samples() {
        return samples;
    }

    boolean isClosed() {
        return closed;
    }

    /** Registers a logged-in session unless the server is full or closing. */
    synchronized boolean admit(ServerSession s) {
        if (closed || sessions.size() >= options.maxClients()) {
            return false;
        }
        sessions.add(s);
        return true;
    }

    void leave(ServerSession s) {
        sessions.remove(s);
    }

    // ---- public ----

    /** The bound address (with the actual port when 0 was asked for). */
    /**
     * Adds an operation clients may request (PROTOCOL.md, "Requests"); the capability check, the reply and the audit
     * are the session's.
     *
     * @throws IllegalArgumentException an operation of that name is registered already
     */
    public RemoteServer register(Operation operation) {
        if (operations.putIfAbsent(operation.name(), operation) != null) {
            throw new IllegalArgumentException("operation \"" + operation.name() + "\" is registered already");
        }
        return this;
    }

    /** The registered operation of that name, or {@code null}. */
    Operation operation(String name) {
        return operations.get(name);
    }

    public InetSocketAddress address() {
        return (InetSocketAddress) socket.getLocalSocketAddress();
    }

    public Fingerprint fingerprint() {
        return identity.fingerprint();
    }

    public Set<Capability> capabilities() {
        return options.capabilities();
    }

    public Stats stats() {
        return new Stats(sessions.size(), logins.get(), refusedLogins.get(), refusedConnections.get(),
                queueDrops.get(), resnapshots.get());
    }

    /** Connections open, logged in or not (a refused one is closed before its thread ends). */
    public int openConnections() {
        return connections.get();
    }

    /** Stops listening and disconnects every client (they reconnect and resume on a server of the same journal). */
    @Override
    public void close() {
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
        }
        try {
            socket.close();
        } catch (IOException e) {
            // closing anyway
        }
        housekeeping.shutdownNow();
        for (ServerSession s : sessions) {
            s.shutdown();
        }
        if (ownsJournal) {
            journal.close();
        }
        try {
            acceptor.join(5_000);
            audit.close();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (IOException e) {
            // the audit log was flushed line by line
        }
    }

    @Override
    public String toString() {
        return "agent on " + address() + " (" + fingerprint() + ")";
    }
}
