package org.ddstuner.remote;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.SocketTimeoutException;
import java.nio.file.Files;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

import javax.net.ssl.KeyManager;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManager;

import org.ddstuner.remote.internal.CaTrustManager;
import org.ddstuner.remote.internal.Frames;
import org.ddstuner.remote.internal.ModelMirror;
import org.ddstuner.remote.internal.PinningTrustManager;
import org.ddstuner.system.DiscoveryEvent;
import org.ddstuner.system.SystemModel;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The client's side: mirrors a remote agent's system model into a local {@link SystemModel} that views and the CLI
 * read like the model of a local connection (snapshots, {@code ModelListener} deltas), and keeps it current: a lost
 * link is retried with backoff (250 ms doubling up to {@link ClientOptions#maxBackoff()}) and resumed from the last
 * sequence number, so nothing is lost or applied twice; after a restart of the agent (another epoch) or a long
 * outage a new snapshot replaces the picture — only what differs reaches the model.
 *
 * <p>The model is fed the same {@link DiscoveryEvent}s the agent's discovery produced, so matches, partitions and
 * problems are derived by the same code on both sides. Entities the agent has purged are "lost" here and purged after
 * this model's own retention.
 */
public final class RemoteClient implements AutoCloseable {

    public enum State { CONNECTING, CONNECTED, DISCONNECTED, REFUSED, CLOSED }

    /** How long closing a link waits for the agent's side of the TLS close (see {@link #closeNow}). */
    private static final int CLOSE_WAIT_MILLIS = 200;

    /** What the UI shows: "connected", "disconnected since …" (with the reason), "refused: …". */
    public record Status(State state, Instant since, String reason) {
    }

    /** Counters since {@link #connect}. {@code agentDrops}: batches the agent dropped from this client's queue. */
    public record Stats(long snapshots, long deltas, long resumes, long reconnects, long agentDrops, long bytesIn) {
    }

    /**
     * The agent's answer to a {@link #request}: {@code ok}, or the {@code code} and {@code reason} it refused with;
     * {@code result} is the operation's answer (a missing node when it gave none).
     */
    public record Reply(boolean ok, String code, String reason, JsonNode result) {

        /** The result, or throws the refusal as a {@link ProtocolException} (code and reason). */
        public JsonNode orThrow() throws ProtocolException {
            if (!ok) {
                throw new ProtocolException(code, reason);
            }
            return result;
        }
    }

    private final ClientOptions options;
    private final KnownAgents knownAgents;
    private final SystemModel model = new SystemModel();
    private final ModelMirror mirror = new ModelMirror();
    private final List<Consumer<Status>> statusListeners = new CopyOnWriteArrayList<>();
    private final Map<Long, CompletableFuture<Reply>> pending = new ConcurrentHashMap<>();
    private final Map<Long, RemoteSubscription> subscriptions = new ConcurrentHashMap<>();
    private final AtomicLong requestIds = new AtomicLong();
    private final AtomicLong snapshots = new AtomicLong();
    private final AtomicLong deltas = new AtomicLong();
    private final AtomicLong resumes = new AtomicLong();
    private final AtomicLong reconnects = new AtomicLong();
    private final AtomicLong bytesIn = new AtomicLong();
    private volatile long agentDrops;
    private volatile Status status = new Status(State.CONNECTING, Instant.now(), null);
    private volatile Fingerprint fingerprint;
    /** What the agent grants beyond reading, from its last welcome ("write", "qos", "benchmark"). */
    private volatile java.util.Set<String> agentCapabilities = java.util.Set.of();
    private volatile boolean pinnedNow;
    private volatile Link link;
    private volatile boolean closed;
    private String epoch;
    private volatile long seq = -1;
    /** Parts of a snapshot or delta being received. */
    private final List<JsonNode> parts = new ArrayList<>();
    private Thread thread;

    /** One TLS connection to the agent, logged in. */
    private record Link(SSLSocket socket, Frames frames, long welcomeSeq, boolean resumed, long heartbeatMillis) {
    }

    private RemoteClient(ClientOptions options) {
        this.options = options;
        this.knownAgents = new KnownAgents(options.knownAgents());
    }

    /**
     * Connects, logs in and waits until the local model shows the agent's model, then keeps it current on its own
     * thread.
     *
     * @throws RemoteRefusedException refused by the agent (its code and reason) or the pinned fingerprint differs
     * @throws IOException            the agent cannot be reached
     */
    public static RemoteClient connect(ClientOptions options) throws IOException {
        RemoteClient c = new RemoteClient(options);
        c.model.start();
        try {
            Link l = c.open();
            c.link = l;
            c.sync(l);
        } catch (IOException | RuntimeException e) {
            c.closed = true;
            c.model.close();
            c.closeLink();
            throw e;
        }
        c.setStatus(State.CONNECTED, null);
        c.thread = Thread.ofPlatform().daemon().name("ddstuner-remote-" + options.agent()).start(c::run);
        return c;
    }

    private Link open() throws IOException {
        if (options.caFile() != null) {
            return login(handshakeWithCa());
        }
        Fingerprint pinned = options.trustFingerprint() != null ? options.trustFingerprint()
                : knownAgents.lookup(options.agent()).orElse(null);
        PinningTrustManager tm = new PinningTrustManager(pinned);
        SSLSocket s = socket(tm);
        try {
            try {
                s.startHandshake();
            } catch (SSLException e) {
                if (tm.mismatch()) {
                    throw new RemoteRefusedException(Protocol.FINGERPRINT_CHANGED, "the agent at " + options.agent()
                            + " presents the certificate " + tm.seen() + ", but " + pinned + " is pinned for it in "
                            + knownAgents.file() + ". It may have been made anew, or someone is in between: if you "
                            + "trust it, connect with --trust-fingerprint " + tm.seen());
                }
                throw new RemoteRefusedException(Protocol.TLS_FAILED, "TLS 1.3 handshake with " + options.agent()
                        + " failed: " + e.getMessage());
            }
            fingerprint = tm.seen();
            if (pinned == null || options.trustFingerprint() != null
                    && !knownAgents.lookup(options.agent()).map(fingerprint::sameAs).orElse(false)) {
                knownAgents.pin(options.agent(), fingerprint);
                pinnedNow = true;
            }
        } catch (IOException | RuntimeException e) {
            closeNow(s);
            throw e;
        }
        return login(s);
    }

    /** Trust by a CA ({@link ClientOptions#caFile()}): nothing is pinned, a certificate the CA did not sign is refused. */
    private SSLSocket handshakeWithCa() throws IOException {
        CaTrustManager tm = CaTrustManager.of(options.caFile());
        SSLSocket s = socket(tm);
        try {
            s.startHandshake();
        } catch (SSLException e) {
            closeNow(s);
            throw new RemoteRefusedException(Protocol.TLS_FAILED, "the agent at " + options.agent() + " presents the "
                    + "certificate " + tm.seen() + ", which no CA in " + options.caFile() + " signed (or the TLS 1.3 "
                    + "handshake failed): " + e.getMessage());
        } catch (IOException | RuntimeException e) {
            closeNow(s);
            throw e;
        }
        fingerprint = tm.seen();
        return s;
    }

    /** A TLS 1.3 socket connected to the agent (handshake not yet done), trusting through {@code tm}. */
    private SSLSocket socket(TrustManager tm) throws IOException {
        SSLSocket s;
        try {
            SSLContext ctx = SSLContext.getInstance(Protocol.TLS);
            ctx.init(keyManagers(), new TrustManager[] { tm }, null);
            s = (SSLSocket) ctx.getSocketFactory().createSocket();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("this Java cannot do " + Protocol.TLS + ": " + e.getMessage(), e);
        }
        try {
            s.setEnabledProtocols(new String[] { Protocol.TLS });
            int timeout = (int) options.connectTimeout().toMillis();
            s.connect(new InetSocketAddress(options.host(), options.port()), timeout);
            s.setSoTimeout(timeout);
            s.setTcpNoDelay(true);
            return s;
        } catch (IOException | RuntimeException e) {
            closeNow(s);
            throw e;
        }
    }

    /** This client's certificate ({@link ClientOptions#clientCert()}), {@code null} for none. */
    private KeyManager[] keyManagers() throws IOException {
        if (options.clientCert() == null) {
            return null;
        }
        char[] pass = options.clientCertPassword() == null ? new char[0]
                : options.clientCertPassword().toCharArray();
        try (InputStream in = Files.newInputStream(options.clientCert())) {
            KeyStore ks = KeyStore.getInstance("PKCS12");
            ks.load(in, pass);
            KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            kmf.init(ks, pass);
            return kmf.getKeyManagers();
        } catch (GeneralSecurityException | IOException e) {
            throw new RemoteRefusedException(Protocol.BAD_CERTIFICATE, "cannot read the client certificate "
                    + options.clientCert() + " (PKCS#12; wrong password?): " + e.getMessage());
        }
    }

    /** Hello and welcome on a socket whose handshake is done. */
    private Link login(SSLSocket s) throws IOException {
        try {
            Frames frames = new Frames(s.getInputStream(), s.getOutputStream(), options.maxFrameBytes());
            ObjectNode hello = Frames.frame(Protocol.HELLO);
            hello.put("protocol", Protocol.VERSION);
            hello.put("client", options.clientName());
            if (options.token() != null) {
                hello.put("token", options.token());
            }
            if (epoch != null && seq >= 0) {
                ObjectNode r = hello.putObject("resume");
                r.put("epoch", epoch);
                r.put("seq", seq);
            }
            frames.write(hello);
            ObjectNode w = frames.read();
            if (w == null) {
                throw new IOException("the agent closed the connection during login");
            }
            String type = w.get("type").textValue();
            if (Protocol.REFUSED.equals(type)) {
                throw new RemoteRefusedException(w.path("code").asText("?"), w.path("reason").asText(""));
            }
            if (!Protocol.WELCOME.equals(type)) {
                throw new ProtocolException(Protocol.UNEXPECTED_FRAME, "expected welcome, got " + type);
            }
            long heartbeat = Math.max(100, w.path("heartbeatMillis").asLong(5000));
            java.util.Set<String> caps = new java.util.TreeSet<>();
            w.path("capabilities").forEach(x -> caps.add(x.asText()));
            agentCapabilities = java.util.Set.copyOf(caps);
            s.setSoTimeout((int) Math.min(Integer.MAX_VALUE, heartbeat * 4));
            return new Link(s, frames, w.path("seq").asLong(), w.path("resumed").asBoolean(false), heartbeat);
        } catch (IOException | RuntimeException e) {
            try {
                s.close();
            } catch (IOException ignored) {
                // already failing
            }
            throw e;
        }
    }

    /** Reads until the model is at least at the sequence the agent had when it welcomed us. */
    private void sync(Link l) throws IOException {
        if (l.resumed()) {
            resumes.incrementAndGet();
        }
        long before = snapshots.get();
        while (!l.resumed() && snapshots.get() == before || seq < l.welcomeSeq() || !parts.isEmpty()) {
            if (!handle(l, l.frames().read())) {
                throw new IOException("the agent closed the connection");
            }
        }
    }

    private void run() {
        long backoff = 250;
        while (!closed) {
            Link l = link;
            try {
                if (l == null) {
                    setStatus(State.CONNECTING, status.reason());
                    l = open();
                    link = l;
                    reconnects.incrementAndGet();
                    sync(l);
                    for (RemoteSubscription sub : subscriptions.values()) {
                        sub.relinked();
                        l.frames().write(sub.subscribeFrame());
                    }
                    setStatus(State.CONNECTED, null);
                    backoff = 250;
                }
                Link current = l;
                Thread.ofVirtual().start(() -> pingLoop(current));
                while (!closed && handle(current, current.frames().read())) {
                    // handled
                }
                if (!closed) {
                    disconnected("the agent closed the connection");
                }
            } catch (RemoteRefusedException e) {
                closeLink();
                setStatus(State.REFUSED, e.code() + ": " + e.reason());
                return;
            } catch (SocketTimeoutException e) {
                disconnected("no data from the agent for " + (l == null ? "a while" : l.heartbeatMillis() * 4 + " ms"));
            } catch (IOException | RuntimeException e) {
                disconnected(e.getMessage() == null ? e.toString() : e.getMessage());
            }
            if (closed) {
                return;
            }
            try {
                Thread.sleep(backoff);
            } catch (InterruptedException e) {
                return;
            }
            backoff = Math.min(backoff * 2, options.maxBackoff().toMillis());
        }
    }

    private void disconnected(String reason) {
        closeLink();
        parts.clear();
        if (!closed && status.state() != State.DISCONNECTED) {
            setStatus(State.DISCONNECTED, reason);
        }
        pending.values().forEach(f -> f.completeExceptionally(new IOException("disconnected: " + reason)));
        pending.clear();
    }

    private void pingLoop(Link l) {
        while (!closed && link == l) {
            try {
                Thread.sleep(l.heartbeatMillis());
                l.frames().write(Frames.frame(Protocol.PING));
            } catch (IOException | InterruptedException e) {
                return;
            }
        }
    }

    /** Handles one frame; false at the end of the stream. */
    private boolean handle(Link l, ObjectNode f) throws IOException {
        if (f == null) {
            return false;
        }
        bytesIn.set(l.frames().bytesIn());
        switch (f.get("type").textValue()) {
            case Protocol.SNAPSHOT -> part(f, "entities", true);
            case Protocol.DELTA -> part(f, "changes", false);
            case Protocol.PING -> { }
            case Protocol.SUBSCRIBED -> {
                RemoteSubscription sub = subscriptions.get(f.path("id").asLong(-1));
                if (sub != null) {
                    sub.confirmed(f);
                }
            }
            case Protocol.SAMPLES -> {
                RemoteSubscription sub = subscriptions.get(f.path("id").asLong(-1));
                if (sub != null) {
                    sub.deliver(f);
                }
            }
            case Protocol.REPLY -> {
                RemoteSubscription sub = f.path("ok").asBoolean(false) ? null : subscriptions.remove(f.path("id")
                        .asLong(-1));
                if (sub != null) {
                    sub.failed(f.path("code").asText("?"), f.path("reason").asText(""));
                }
                CompletableFuture<Reply> r = pending.remove(f.path("id").asLong(-1));
                if (r != null) {
                    r.complete(new Reply(f.path("ok").asBoolean(false), f.path("code").asText(null),
                            f.path("reason").asText(null), f.path("result")));
                }
            }
            case Protocol.REFUSED -> throw new RemoteRefusedException(f.path("code").asText("?"),
                    f.path("reason").asText(""));
            default -> throw new ProtocolException(Protocol.UNEXPECTED_FRAME, "unexpected frame "
                    + f.get("type").textValue());
        }
        return true;
    }

    private void part(ObjectNode f, String field, boolean snapshot) throws IOException {
        long s = f.path("seq").asLong(-1);
        if (!snapshot && f.path("part").asInt(-1) == 0 && s != seq + 1) {
            // a gap or a repeat would make the picture wrong: reconnect and resume from what we have
            throw new ProtocolException(Protocol.UNEXPECTED_FRAME, "delta " + s + " after " + seq);
        }
        JsonNode items = f.get(field);
        if (items == null || !items.isArray()) {
            throw new ProtocolException(Protocol.MALFORMED_FRAME, f.get("type").textValue() + " without " + field);
        }
        items.forEach(parts::add);
        agentDrops = f.path("drops").asLong(agentDrops);
        if (!f.path("last").asBoolean(true)) {
            return;
        }
        List<DiscoveryEvent> events;
        try {
            events = snapshot ? mirror.replaceWith(parts) : mirror.apply(parts);
        } catch (NullPointerException | IllegalArgumentException e) {
            throw new ProtocolException(Protocol.MALFORMED_FRAME, "bad entity from the agent: " + e.getMessage());
        } finally {
            parts.clear();
        }
        if (snapshot) {
            epoch = f.path("epoch").asText();
            snapshots.incrementAndGet();
        } else {
            deltas.incrementAndGet();
        }
        model.applyAll(events);
        seq = s;
    }

    /** {@link #request(String, JsonNode, Duration)} with no arguments. */
    public Reply request(String op, Duration timeout) throws IOException {
        return request(op, null, timeout);
    }

    /**
     * Asks the agent for an operation beyond reading and streaming (PROTOCOL.md, "Requests"): the agent checks the
     * capability, runs the operation and audits; {@code args} ({@code null} for none) is the request's arguments.
     */
    public Reply request(String op, JsonNode args, Duration timeout) throws IOException {
        Link l = link;
        if (l == null) {
            throw new IOException("not connected");
        }
        long id = requestIds.incrementAndGet();
        CompletableFuture<Reply> f = new CompletableFuture<>();
        pending.put(id, f);
        ObjectNode r = Frames.frame(Protocol.REQUEST);
        r.put("id", id);
        r.put("op", op);
        if (args != null) {
            r.set("args", args);
        }
        l.frames().write(r);
        try {
            return f.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        } catch (ExecutionException e) {
            throw new IOException(e.getCause().getMessage(), e.getCause());
        } catch (TimeoutException e) {
            pending.remove(id);
            throw new IOException("no reply within " + timeout.toMillis() + " ms");
        }
    }

    /**
     * Streams samples of {@code topic}, read by the agent's own reader, at most {@code maxRate} per second, with
     * {@code queue} samples queued on each side; waits until the agent has resolved the type and created the reader.
     *
     * @throws ProtocolException the agent could not (no type for the topic, serves no samples, too many streams)
     */
    public RemoteSubscription subscribe(String topic, int maxRate, int queue) throws IOException {
        return subscribe(topic, null, maxRate, queue, false);
    }

    /**
     * As {@link #subscribe(String, int, int)}, streaming the reader this client created on the agent under
     * {@code endpoint} ({@code create-endpoint}; null: the agent's own reader).
     */
    public RemoteSubscription subscribe(String topic, String endpoint, int maxRate, int queue) throws IOException {
        return subscribe(topic, endpoint, maxRate, queue, false);
    }

    /**
     * As {@link #subscribe(String, int, int)}; with {@code raw} each sample comes undecoded (its CDR bytes, writer,
     * kind and times: PROTOCOL.md, "Samples") for recording.
     */
    public RemoteSubscription subscribe(String topic, int maxRate, int queue, boolean raw) throws IOException {
        return subscribe(topic, null, maxRate, queue, raw);
    }

    private RemoteSubscription subscribe(String topic, String endpoint, int maxRate, int queue, boolean raw)
            throws IOException {
        Link l = link;
        if (l == null) {
            throw new IOException("not connected");
        }
        RemoteSubscription sub = new RemoteSubscription(this, requestIds.incrementAndGet(), topic, maxRate, queue,
                raw).endpoint(endpoint);
        subscriptions.put(sub.id(), sub);
        l.frames().write(sub.subscribeFrame());
        try {
            sub.awaitSubscribed(options.connectTimeout().plusSeconds(10));
        } catch (IOException e) {
            subscriptions.remove(sub.id());
            throw e;
        }
        return sub;
    }

    void unsubscribe(RemoteSubscription sub) {
        if (subscriptions.remove(sub.id()) == null) {
            return;
        }
        Link l = link;
        if (l != null) {
            ObjectNode f = Frames.frame(Protocol.UNSUBSCRIBE);
            f.put("id", sub.id());
            try {
                l.frames().write(f);
            } catch (IOException e) {
                // the agent drops the stream with the connection anyway
            }
        }
    }

    private void setStatus(State s, String reason) {
        Status st = new Status(s, Instant.now(), reason);
        status = st;
        statusListeners.forEach(l -> l.accept(st));
    }

    private void closeLink() {
        Link l = link;
        link = null;
        if (l != null) {
            closeNow(l.socket());
        }
    }

    /**
     * Closes a TLS socket without waiting on a dead link. SSLSocket.close() sends close_notify and then drains the
     * input with the socket's read timeout (4 heartbeats): after a cut link that doubled the time until the client
     * said "disconnected" (40 s instead of 20, measured by TwoHostRemoteBenchmarkTest). A short read timeout and
     * SO_LINGER bound both waits; the peer learns of the close from close_notify when the link works.
     */
    private static void closeNow(SSLSocket s) {
        try {
            s.setSoTimeout(CLOSE_WAIT_MILLIS);
            s.setSoLinger(true, 1);
        } catch (IOException e) {
            // closed already
        }
        try {
            s.close();
        } catch (IOException e) {
            // closing anyway
        }
    }

    // ---- public ----

    /** The mirrored model (started; closed with this client). */
    public SystemModel model() {
        return model;
    }

    public Status status() {
        return status;
    }

    public void addStatusListener(Consumer<Status> l) {
        statusListeners.add(l);
    }

    public void removeStatusListener(Consumer<Status> l) {
        statusListeners.remove(l);
    }

    /** The agent's certificate fingerprint (to show, as ssh does). */
    public Fingerprint fingerprint() {
        return fingerprint;
    }

    /** True when this client pinned the agent's certificate (first use, or {@code trustFingerprint}). */
    public boolean pinnedNow() {
        return pinnedNow;
    }

    /** What the agent grants its clients, as its last welcome said ("read", "write", "qos", "benchmark"). */
    public java.util.Set<String> agentCapabilities() {
        return agentCapabilities;
    }

    /** The sequence number the model is at. */
    public long seq() {
        return seq;
    }

    public Stats stats() {
        return new Stats(snapshots.get(), deltas.get(), resumes.get(), reconnects.get(), agentDrops, bytesIn.get());
    }

    public ClientOptions options() {
        return options;
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        Link l = link;
        if (l != null) {
            try {
                l.frames().write(Frames.frame(Protocol.BYE));
            } catch (IOException | RuntimeException e) {
                // leaving anyway
            }
        }
        closeLink();
        if (thread != null) {
            thread.interrupt();
            try {
                thread.join(5_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        model.close();
        setStatus(State.CLOSED, null);
    }

    @Override
    public String toString() {
        return "remote agent " + options.agent();
    }
}
