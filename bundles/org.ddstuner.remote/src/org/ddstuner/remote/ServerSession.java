package org.ddstuner.remote;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import javax.net.ssl.SSLException;
import javax.net.ssl.SSLSocket;

import org.ddstuner.remote.ModelJournal.Batch;
import org.ddstuner.remote.internal.ClientCertificates;
import org.ddstuner.remote.internal.Frames;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * One client connection on the agent: refuses a plain-TCP client with one line of text, does the TLS 1.3 handshake,
 * checks the hello (protocol version, token, room), then streams the model from the client's own bounded queue on a
 * writer thread while this thread reads the client's frames. Everything refused is answered with one
 * {@code refused} frame (code and reason), written to the audit log, and closed; nothing else happens.
 *
 * <p>Slow clients: the journal offers each batch to {@link #queue}; when it is full the queue is emptied, the drop
 * counted and the writer told to catch up — from the journal's history when it still reaches back, else with a new
 * snapshot. So the model's notifier never waits, and a client gets every change exactly once or a fresh picture.
 */
final class ServerSession {

    private static final int TLS_HANDSHAKE_RECORD = 0x16;
    /** Entities per snapshot or delta part before splitting for the frame size. */
    private static final int PART = 512;

    private final RemoteServer server;
    private final Socket raw;
    private final String remote;
    private final ArrayBlockingQueue<Batch> queue;
    private final Consumer<Batch> sink = this::offer;
    private volatile SSLSocket ssl;
    /** How the client logged in, for the audit log ("token", or "certificate" and its subject). */
    private String loggedInBy = "token";
    private volatile Frames frames;
    private volatile boolean overflowed;
    private volatile long drops;
    /** System.nanoTime() when the current write started, 0 when not writing. */
    private volatile long writingSince;
    private volatile boolean done;
    private Thread writer;
    private final Map<Long, SampleStream> streams = new ConcurrentHashMap<>();
    private final SessionResources resources = new SessionResources();

    ServerSession(RemoteServer server, Socket raw) {
        this.server = server;
        this.raw = raw;
        this.remote = raw.getRemoteSocketAddress().toString().replaceFirst("^/", "");
        this.queue = new ArrayBlockingQueue<>(server.options().clientQueue());
    }

    void run() {
        boolean admitted = false;
        try {
            raw.setSoTimeout((int) server.options().loginTimeout().toMillis());
            raw.setTcpNoDelay(true);
            if (!handshake()) {
                return;
            }
            ObjectNode hello = login();
            if (hello == null) {
                return;
            }
            if (!server.admit(this)) {
                refuse(server.isClosed() ? Protocol.SHUTTING_DOWN : Protocol.BUSY, server.isClosed()
                        ? "the agent is shutting down" : "the agent already serves its maximum of "
                                + server.options().maxClients() + " clients");
                return;
            }
            admitted = true;
            server.logins.incrementAndGet();
            server.audit().record(remote, "login", "ok", "client " + hello.path("client").asText("") + " by "
                    + loggedInBy);
            start(hello);
            readLoop();
        } catch (IOException | RuntimeException e) {
            // the client went away or broke the connection: its resources are freed below
        } finally {
            done = true;
            server.journal().unsubscribe(sink);
            streams.values().forEach(SampleStream::close); // deletes the agent's readers of this client
            streams.clear();
            resources.closeAll(); // what operations created for this client (readers, writers, watches)
            queue.clear();
            if (admitted) {
                server.leave(this);
            }
            RemoteServer.closeQuietly(ssl != null ? ssl : raw);
            if (writer != null) {
                writer.interrupt();
            }
        }
    }

    /** Peeks at the first byte: a TLS client starts with a handshake record, anything else gets a line of text. */
    private boolean handshake() throws IOException {
        InputStream in = raw.getInputStream();
        int first;
        try {
            first = in.read();
        } catch (SocketTimeoutException e) {
            refusedConnection("timeout", "nothing sent within " + server.options().loginTimeout().toSeconds() + " s");
            return false;
        }
        if (first < 0) {
            return false;
        }
        if (first != TLS_HANDSHAKE_RECORD) {
            raw.getOutputStream().write(Protocol.PLAIN_TCP_REPLY.getBytes(StandardCharsets.US_ASCII));
            raw.getOutputStream().flush();
            refusedConnection("plain-tcp", "not a TLS client (first byte 0x" + Integer.toHexString(first) + ")");
            return false;
        }
        SSLSocket s = (SSLSocket) server.tls().createSocket(raw, new ByteArrayInputStream(new byte[] { (byte) first }),
                true);
        s.setEnabledProtocols(new String[] { Protocol.TLS });
        if (server.clientCertificates() != null) {
            s.setWantClientAuth(true); // optional: a client may still log in by token
        }
        ssl = s;
        try {
            s.startHandshake();
        } catch (SSLException | SocketTimeoutException e) {
            refusedConnection("tls-failed", e.getMessage());
            return false;
        }
        frames = new Frames(s.getInputStream(), s.getOutputStream(), server.options().maxFrameBytes());
        return true;
    }

    private void refusedConnection(String code, String detail) {
        server.refusedConnections.incrementAndGet();
        server.audit().record(remote, "connection-refused", code, detail);
    }

    /** The hello frame when the client may log in; {@code null} after refusing it. */
    private ObjectNode login() throws IOException {
        ObjectNode hello;
        try {
            hello = frames.read();
        } catch (ProtocolException e) {
            refuse(e.code(), e.reason());
            return null;
        } catch (SocketTimeoutException e) {
            refuse(Protocol.UNEXPECTED_FRAME, "no hello within " + server.options().loginTimeout().toSeconds() + " s");
            return null;
        }
        if (hello == null) {
            return null;
        }
        if (!Protocol.HELLO.equals(hello.get("type").textValue())) {
            refuse(Protocol.UNEXPECTED_FRAME, "the first frame must be \"hello\", not \"" + hello.get("type").textValue()
                    + "\"");
            return null;
        }
        if (hello.path("protocol").asInt(-1) != Protocol.VERSION) {
            refuse(Protocol.VERSION_MISMATCH, "this agent speaks protocol version " + Protocol.VERSION + ", the client "
                    + hello.path("protocol").asText("none"));
            return null;
        }
        InetAddress address = ((InetSocketAddress) raw.getRemoteSocketAddress()).getAddress();
        Duration delay = server.throttle().delay(address);
        if (!delay.isZero()) {
            try {
                Thread.sleep(delay);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return null;
            }
        }
        JsonNode token = hello.get("token");
        if (token == null || !token.isTextual() || token.textValue().isEmpty()) {
            return byCertificate(address) ? hello : null;
        }
        if (!TokenFile.matches(token.textValue(), server.token())) {
            server.throttle().failed(address);
            server.refusedLogins.incrementAndGet();
            refuse(Protocol.BAD_TOKEN, "wrong token");
            return null;
        }
        server.throttle().succeeded(address);
        return hello;
    }

    /**
     * A client without a token: logged in when the agent takes client certificates ({@code --client-ca}) and one of
     * its CAs signed the one presented; refused otherwise, saying which of the two is missing or wrong.
     */
    private boolean byCertificate(InetAddress address) {
        ClientCertificates cas = server.clientCertificates();
        ClientCertificates.Verdict v = cas == null ? null : cas.verify(ssl.getSession());
        if (v != null && v.trusted()) {
            loggedInBy = "certificate " + v.subject() + " (" + v.fingerprint() + ")";
            server.throttle().succeeded(address);
            return true;
        }
        server.throttle().failed(address);
        server.refusedLogins.incrementAndGet();
        if (v != null && v.presented()) {
            refuse(Protocol.BAD_CERTIFICATE, "the client certificate " + v.subject() + " (" + v.fingerprint()
                    + ") is not signed by a CA this agent accepts (--client-ca), and no token was given: "
                    + v.reason());
        } else {
            refuse(Protocol.NO_TOKEN, cas == null ? "no token: give the agent's token (from its token file)"
                    : "no token and no client certificate: give the agent's token (from its token file) or a "
                            + "certificate one of its client CAs signed");
        }
        return false;
    }

    /** Sends one refused frame, audits it and lets {@link #run} close the connection. */
    private void refuse(String code, String reason) {
        server.audit().record(remote, "refused", code, reason);
        if (frames == null) {
            return;
        }
        ObjectNode f = Frames.frame(Protocol.REFUSED);
        f.put("code", code);
        f.put("reason", reason);
        try {
            frames.write(f);
        } catch (IOException | RuntimeException e) {
            // the client is gone already
        }
    }

    /** Welcome, then the writer: a resume from the history when the client's epoch and sequence allow it. */
    private void start(ObjectNode hello) throws IOException {
        ModelJournal journal = server.journal();
        JsonNode resume = hello.path("resume");
        String epoch = resume.path("epoch").asText("");
        long from = resume.path("seq").asLong(-1);
        long startAt;
        String reason;
        synchronized (journal) {
            journal.subscribe(sink);
            if (epoch.isEmpty()) {
                startAt = -1;
                reason = Protocol.SNAPSHOT_INITIAL;
            } else if (!epoch.equals(journal.epoch())) {
                startAt = -1;
                reason = Protocol.SNAPSHOT_NEW_EPOCH;
            } else if (from < 0 || journal.since(from) == null) {
                startAt = -1;
                reason = Protocol.SNAPSHOT_TOO_OLD;
            } else {
                startAt = from;
                reason = Protocol.SNAPSHOT_TOO_OLD; // catch up from the history first; a snapshot only if it is gone
            }
        }
        ObjectNode w = Frames.frame(Protocol.WELCOME);
        w.put("protocol", Protocol.VERSION);
        w.put("agent", "DDS Tuner");
        w.put("epoch", journal.epoch());
        w.put("seq", journal.seq());
        w.put("resumed", startAt >= 0);
        w.put("maxFrameBytes", server.options().maxFrameBytes());
        w.put("heartbeatMillis", server.options().heartbeat().toMillis());
        ArrayNode caps = w.putArray("capabilities");
        caps.add("read");
        server.options().capabilities().forEach(c -> caps.add(c.id()));
        frames.write(w);
        ssl.setSoTimeout((int) server.options().heartbeat().toMillis() * 4); // a silent client is a dead one
        writer = Thread.ofVirtual().name("ddstuner-agent-writer").start(() -> writeLoop(startAt, reason));
    }

    private void offer(Batch b) {
        if (!queue.offer(b)) {
            queue.clear();
            overflowed = true;
            drops++;
            server.queueDrops.incrementAndGet();
        }
    }

    private void writeLoop(long startAt, String firstReason) {
        long last = startAt;
        String reason = firstReason;
        try {
            while (!done) {
                if (reason != null || overflowed) {
                    if (overflowed) {
                        overflowed = false;
                        reason = Protocol.SNAPSHOT_OVERFLOW;
                    }
                    List<Batch> missing = last >= 0 ? server.journal().since(last) : null;
                    if (missing != null) {
                        for (Batch b : missing) {
                            last = send(b, last);
                        }
                    } else {
                        last = sendSnapshot(reason);
                    }
                    reason = null;
                    continue;
                }
                Batch b = queue.poll(server.options().heartbeat().toMillis(), TimeUnit.MILLISECONDS);
                if (b == null) {
                    write(Frames.frame(Protocol.PING));
                } else if (b.seq() == last + 1) {
                    last = send(b, last);
                } else if (b.seq() > last + 1) {
                    reason = Protocol.SNAPSHOT_TOO_OLD; // a gap (cannot happen unless dropped): catch up
                }
            }
        } catch (IOException | InterruptedException | RuntimeException e) {
            // the reader notices the closed socket and cleans up
            RemoteServer.closeQuietly(ssl);
        }
    }

    private long send(Batch b, long last) throws IOException {
        if (b.seq() <= last) {
            return last;
        }
        ObjectNode head = Frames.frame(Protocol.DELTA);
        head.put("seq", b.seq());
        head.put("drops", drops);
        sendParts(head, "changes", b.changes());
        return b.seq();
    }

    private long sendSnapshot(String reason) throws IOException {
        ModelJournal.Snapshot s = server.journal().snapshot();
        server.resnapshots.incrementAndGet();
        ObjectNode head = Frames.frame(Protocol.SNAPSHOT);
        head.put("epoch", s.epoch());
        head.put("seq", s.seq());
        head.put("reason", reason);
        head.put("drops", drops);
        sendParts(head, "entities", s.entities());
        return s.seq();
    }

    /** Sends {@code items} in parts numbered from 0, the last marked {@code "last": true}, each below the frame limit. */
    private void sendParts(ObjectNode head, String field, List<ObjectNode> items) throws IOException {
        int part = 0;
        int from = 0;
        int size = PART;
        do {
            int to = Math.min(items.size(), from + size);
            ObjectNode f = head.deepCopy();
            f.put("part", part);
            f.put("last", to == items.size());
            ArrayNode a = f.putArray(field);
            items.subList(from, to).forEach(a::add);
            byte[] body = Frames.encode(f, frames.maxFrameBytes());
            if (body == null) {
                if (to - from == 1) {
                    throw new IOException("entity " + items.get(from).path("key").asText() + " alone is larger than "
                            + frames.maxFrameBytes() + " bytes");
                }
                size = Math.max(1, (to - from) / 2);
                continue;
            }
            writingSince = System.nanoTime();
            try {
                frames.writeBody(body);
            } finally {
                writingSince = 0;
            }
            part++;
            from = to; // keep the size that fitted: entities of one picture are alike
        } while (from < items.size());
    }

    private void write(ObjectNode frame) throws IOException {
        writingSince = System.nanoTime();
        try {
            frames.write(frame);
        } finally {
            writingSince = 0;
        }
    }

    private void readLoop() throws IOException {
        while (!done) {
            ObjectNode f;
            try {
                f = frames.read();
            } catch (ProtocolException e) {
                refuse(e.code(), e.reason());
                return;
            } catch (SocketTimeoutException e) {
                server.audit().record(remote, "disconnected", "timeout", "no frame for "
                        + server.options().heartbeat().multipliedBy(4).toSeconds() + " s");
                return;
            }
            if (f == null) {
                return;
            }
            switch (f.get("type").textValue()) {
                case Protocol.PING -> { }
                case Protocol.BYE -> {
                    return;
                }
                case Protocol.REQUEST -> request(f);
                case Protocol.SUBSCRIBE -> subscribe(f);
                case Protocol.UNSUBSCRIBE -> {
                    SampleStream gone = streams.remove(f.path("id").asLong(-1));
                    if (gone != null) {
                        gone.close();
                    }
                }
                default -> {
                    refuse(Protocol.UNEXPECTED_FRAME, "unexpected frame \"" + f.get("type").textValue() + "\"");
                    return;
                }
            }
        }
    }

    /**
     * Requests beyond reading and streaming: the registered {@link Operation}s (PROTOCOL.md, "Requests"). The
     * capability is checked before the operation runs; every request that needs one, and every refusal, is audited.
     * An operation nobody registered but a capability names ("write-sample" on an agent without it) is still
     * answered {@code not-allowed} or {@code unsupported}, so a client learns which one it is.
     */
    private void request(ObjectNode f) throws IOException {
        String op = f.path("op").asText("");
        Operation operation = server.operation(op);
        JsonNode args = f.path("args").isObject() ? f.get("args") : Frames.object();
        Capability needed = operation != null ? operation.needs(args) : Capability.forOperation(op);
        ObjectNode reply = Frames.frame(Protocol.REPLY);
        reply.set("id", f.get("id"));
        reply.put("ok", false);
        if (operation == null && needed == null) {
            reply.put("code", Protocol.UNSUPPORTED);
            reply.put("reason", "unknown operation \"" + op + "\"");
            server.audit().record(remote, "request-refused", Protocol.UNSUPPORTED, "unknown operation " + op);
        } else if (needed != null && !server.options().capabilities().contains(needed)) {
            reply.put("code", Protocol.NOT_ALLOWED);
            reply.put("reason", "this agent was started without the " + needed.id() + " capability (ddstuner serve "
                    + "--allow " + needed.id() + ")");
            server.audit().record(remote, "request-refused", Protocol.NOT_ALLOWED, op);
        } else if (operation == null) {
            reply.put("code", Protocol.UNSUPPORTED);
            reply.put("reason", "this agent does not carry out " + op + " (protocol " + Protocol.VERSION + ")");
            server.audit().record(remote, "request", Protocol.UNSUPPORTED, op);
        } else {
            try {
                JsonNode result = operation.run(new OperationContext(server.samples(), remote, server.options(),
                        resources), args);
                reply.put("ok", true);
                if (result != null) {
                    reply.set("result", result);
                }
                if (needed != null) {
                    server.audit().record(remote, "request", "ok", op);
                }
            } catch (OperationException e) {
                reply.put("code", e.code());
                reply.put("reason", e.getMessage());
                server.audit().record(remote, "request-refused", e.code(), op + ": " + e.getMessage());
            } catch (RuntimeException e) {
                reply.put("code", Protocol.FAILED);
                reply.put("reason", op + " failed in the agent: " + e);
                server.audit().record(remote, "request-refused", Protocol.FAILED, op + ": " + e);
            }
        }
        write(reply);
    }

    /** Starts streaming a topic's samples to this client (reading is always allowed). */
    private void subscribe(ObjectNode f) {
        long id = f.path("id").asLong(-1);
        String topic = f.path("topic").asText("");
        int maxRate = Math.clamp(f.path("maxRate").asLong(100), 1, Protocol.MAX_SAMPLE_RATE);
        int size = Math.clamp(f.path("queue").asLong(1000), 1, Protocol.MAX_SAMPLE_QUEUE);
        if (server.samples() == null) {
            replyTo(id, false, Protocol.UNSUPPORTED, "this agent serves the system model only, no samples");
        } else if (topic.isEmpty() || id < 0) {
            replyTo(id, false, Protocol.MALFORMED_FRAME, "subscribe needs an id and a topic");
        } else if (streams.containsKey(id)) {
            replyTo(id, false, Protocol.MALFORMED_FRAME, "subscription " + id + " exists already");
        } else if (streams.size() >= Protocol.MAX_SUBSCRIPTIONS) {
            replyTo(id, false, Protocol.BUSY, "at most " + Protocol.MAX_SUBSCRIPTIONS + " subscriptions per client");
        } else if (f.hasNonNull("endpoint")) {
            // a reader this client created (create-endpoint): stream it instead of making the agent's own
            String key = f.path("endpoint").asText();
            HeldEndpoint h = resources.get(key, HeldEndpoint.class);
            if (h == null || h.reader() == null || !h.topic().equals(topic)) {
                replyTo(id, false, "unknown-entity", "this client holds no reader of " + topic + " under \"" + key
                        + "\"");
                return;
            }
            SampleStream st = new SampleStream(id, topic, maxRate, size, f.path("raw").asBoolean(false), this,
                    server.samples(), h.reader());
            streams.put(id, st);
            st.start();
        } else {
            SampleStream st = new SampleStream(id, topic, maxRate, size, f.path("raw").asBoolean(false), this,
                    server.samples());
            streams.put(id, st);
            st.start();
        }
    }

    /** For the sample streams: one frame to this client. */
    void send(ObjectNode frame) throws IOException {
        write(frame);
    }

    /** A reply to request or subscription {@code id}; a client already gone is ignored. */
    void replyTo(long id, boolean ok, String code, String reason) {
        ObjectNode r = Frames.frame(Protocol.REPLY);
        r.put("id", id);
        r.put("ok", ok);
        r.put("code", code);
        r.put("reason", reason);
        try {
            write(r);
        } catch (IOException | RuntimeException e) {
            // gone
        }
        if (!ok) {
            streams.remove(id); // a failed stream ends on its own and closes its reader
        }
    }

    /** Subscriptions open on this client (for tests). */
    int subscriptions() {
        return streams.size();
    }

    /** Called every second: a client that has not taken a frame for {@code limit} is cut off. */
    void checkStall(Duration limit) {
        long since = writingSince;
        if (since != 0 && System.nanoTime() - since > limit.toNanos()) {
            server.audit().record(remote, "disconnected", "stalled", "took no data for " + limit.toSeconds() + " s");
            done = true;
            RemoteServer.closeQuietly(ssl != null ? ssl : raw);
        }
    }

    /** The server is closing: tell the client (best effort, it reconnects) and close. */
    void shutdown() {
        done = true;
        RemoteServer.closeQuietly(ssl != null ? ssl : raw);
    }

    long drops() {
        return drops;
    }

    int queued() {
        return queue.size();
    }
}
