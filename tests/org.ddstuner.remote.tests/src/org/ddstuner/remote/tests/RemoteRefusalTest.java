package org.ddstuner.remote.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Set;

import javax.net.ssl.SSLException;

import org.ddstuner.remote.Capability;
import org.ddstuner.remote.ClientOptions;
import org.ddstuner.remote.Fingerprint;
import org.ddstuner.remote.KnownAgents;
import org.ddstuner.remote.ModelJournal;
import org.ddstuner.remote.Protocol;
import org.ddstuner.remote.RemoteClient;
import org.ddstuner.remote.RemoteRefusedException;
import org.ddstuner.remote.RemoteServer;
import org.ddstuner.remote.ServerOptions;
import org.ddstuner.remote.TokenFile;
import org.ddstuner.system.SystemModel;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Everything the agent must refuse, each with its reason, leaving no session, no subscriber and a line in the audit
 * log: no token, a wrong token (and the throttle that follows), a plain-TCP client, a TLS 1.2 client, an oversized and
 * a malformed frame, a request for a capability not granted; and on the client side a changed certificate. These need
 * no DDS participant (the model is empty): they are about the agent's door.
 */
class RemoteRefusalTest {

    @TempDir
    Path dir;
    private SystemModel model;
    private ModelJournal journal;
    private RemoteServer server;
    private String token;

    @BeforeEach
    void start() throws IOException {
        model = new SystemModel();
        model.start();
        journal = ModelJournal.attach(model);
        server = RemoteServer.start(journal, ServerOptions.defaults(dir.resolve("agent")));
        token = TokenFile.read(dir.resolve("agent/token"));
    }

    @AfterEach
    void stop() {
        server.close();
        journal.close();
        model.close();
    }

    private ClientOptions client() {
        InetSocketAddress a = server.address();
        return ClientOptions.of(a.getHostString(), a.getPort(), token).withKnownAgents(dir.resolve("known-agents"));
    }

    private List<String> audit() throws IOException {
        return Files.readAllLines(dir.resolve("agent/audit.log"));
    }

    /** Nothing stays behind a refused connection. */
    private void assertNothingHappened() throws InterruptedException {
        assertTrue(ModelPicture.waitFor(() -> server.openConnections() == 0, 5_000), "connection still open");
        assertEquals(0, server.stats().clients());
        assertEquals(0, journal.subscriberCount());
        assertEquals(0, server.stats().logins());
    }

    @Test
    void identityAndTokenAreMadeAtFirstStartOwnerOnly() throws IOException {
        Path t = dir.resolve("agent/token");
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(t)));
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(dir.resolve(
                "agent/agent.p12"))));
        assertEquals(43, token.length(), "256 bits in base64url");
        assertTrue(server.address().getAddress().isLoopbackAddress(), "listens on loopback by default");
        assertTrue(server.capabilities().isEmpty(), "read-only by default");
        Files.setPosixFilePermissions(t, PosixFilePermissions.fromString("rw-r--r--"));
        IOException e = assertThrows(IOException.class, () -> TokenFile.read(t));
        assertTrue(e.getMessage().contains("chmod 600"), e.getMessage());
    }

    @Test
    void noTokenIsRefused() throws Exception {
        RemoteRefusedException e = assertThrows(RemoteRefusedException.class, () -> RemoteClient.connect(client()
                .withToken(null)));
        assertEquals(Protocol.NO_TOKEN, e.code());
        assertNothingHappened();
        assertTrue(audit().stream().anyMatch(l -> l.contains("\"refused\"") && l.contains(Protocol.NO_TOKEN)));
    }

    @Test
    void wrongTokenIsRefusedAndRepeatedFailuresAreSlowedDown() throws Exception {
        long[] millis = new long[4];
        for (int i = 0; i < millis.length; i++) {
            try (RawClient raw = RawClient.tls13(server.address())) { // timed from the hello: TLS costs vary
                long t0 = System.nanoTime();
                ObjectNode r = raw.hello(token.substring(1) + "x");
                millis[i] = (System.nanoTime() - t0) / 1_000_000;
                assertEquals(Protocol.BAD_TOKEN, r.get("code").asText());
                assertEquals("wrong token", r.get("reason").asText());
            }
        }
        // the agent waits 0, 250, 500, 1000 ms before answering (lower bounds: a loaded machine only adds)
        String all = java.util.Arrays.toString(millis);
        assertTrue(millis[1] >= 250 && millis[2] >= 500 && millis[3] >= 1000, "failures not slowed down: " + all);
        RemoteRefusedException e = assertThrows(RemoteRefusedException.class, () -> RemoteClient.connect(client()
                .withToken(token.substring(1) + "x")));
        assertEquals(Protocol.BAD_TOKEN, e.code(), "the client reports the agent's code");
        assertEquals("wrong token", e.reason());
        assertNothingHappened();
        assertEquals(5, server.stats().refusedLogins());
        assertEquals(5, audit().stream().filter(l -> l.contains(Protocol.BAD_TOKEN)).count());
        // the right token still gets in (after the delay), and clears it
        try (RemoteClient c = RemoteClient.connect(client())) {
            assertEquals(RemoteClient.State.CONNECTED, c.status().state());
        }
    }

    @Test
    void plainTcpClientGetsOneLineAndIsClosed() throws Exception {
        try (Socket s = RawClient.plain(server.address())) {
            s.getOutputStream().write("{\"type\":\"hello\"}\n".getBytes(StandardCharsets.US_ASCII));
            InputStream in = s.getInputStream();
            String reply = new String(in.readAllBytes(), StandardCharsets.US_ASCII);
            assertEquals(Protocol.PLAIN_TCP_REPLY, reply);
        }
        assertNothingHappened();
        assertTrue(audit().stream().anyMatch(l -> l.contains("plain-tcp")), String.join("\n", audit()));
    }

    @Test
    void tls12ClientIsRefusedByTheHandshake() throws Exception {
        SSLException e = assertThrows(SSLException.class, () -> RawClient.connect(server.address(), "TLSv1.2"));
        assertTrue(e.getMessage().contains("protocol_version"), e.getMessage());
        assertNothingHappened();
        assertTrue(ModelPicture.waitFor(() -> {
            try {
                return audit().stream().anyMatch(l -> l.contains("tls-failed") && l.contains("TLSv1.2"));
            } catch (IOException x) {
                return false;
            }
        }, 5_000));
    }

    @Test
    void oversizedFrameIsRefusedBeforeItIsRead() throws Exception {
        try (RawClient c = RawClient.tls13(server.address())) {
            c.writeRaw(Protocol.DEFAULT_MAX_FRAME_BYTES + 1, new byte[0]); // the body never comes
            ObjectNode r = c.frames.read();
            assertEquals(Protocol.REFUSED, r.get("type").asText());
            assertEquals(Protocol.FRAME_TOO_LARGE, r.get("code").asText());
            assertTrue(r.get("reason").asText().contains("4194305 bytes"), r.toString());
            assertNull(c.frames.read(), "closed after refusing");
        }
        assertNothingHappened();
    }

    @Test
    void malformedFramesAreRefusedWithTheirReason() throws Exception {
        String[][] cases = { { "{\"type\":\"hello\",", "not valid JSON" }, { "[1,2]", "one JSON object" },
                { "{\"protocol\":1}", "\"type\"" }, { "{\"type\":\"hello\"} {}", "not valid JSON" },
                { "{\"type\":\"hello\",\"type\":\"x\"}", "Duplicate field" } };
        for (String[] c : cases) {
            try (RawClient raw = RawClient.tls13(server.address())) {
                raw.writeRaw(c[0]);
                ObjectNode r = raw.frames.read();
                assertEquals(Protocol.MALFORMED_FRAME, r.get("code").asText(), c[0]);
                assertTrue(r.get("reason").asText().contains(c[1]), c[0] + " → " + r);
                assertNull(raw.frames.read());
            }
        }
        try (RawClient raw = RawClient.tls13(server.address())) { // a well-formed frame that is not a hello
            raw.writeRaw("{\"type\":\"request\",\"op\":\"write-sample\"}");
            assertEquals(Protocol.UNEXPECTED_FRAME, raw.frames.read().get("code").asText());
        }
        assertNothingHappened();
        // after login, a malformed frame ends the session the same way
        try (RawClient raw = RawClient.tls13(server.address())) {
            assertEquals(Protocol.WELCOME, raw.hello(token).get("type").asText());
            raw.writeRaw("{\"type\":");
            ObjectNode r;
            do {
                r = raw.frames.read(); // the snapshot may come first
            } while (r != null && !Protocol.REFUSED.equals(r.get("type").asText()));
            assertNotNull(r);
            assertEquals(Protocol.MALFORMED_FRAME, r.get("code").asText());
        }
        assertTrue(ModelPicture.waitFor(() -> server.stats().clients() == 0 && journal.subscriberCount() == 0, 5_000));
    }

    @Test
    void changedCertificateIsRefusedUnlessItsFingerprintIsGiven() throws Exception {
        Fingerprint first;
        try (RemoteClient c = RemoteClient.connect(client())) {
            first = c.fingerprint();
            assertTrue(c.pinnedNow(), "pinned on first use");
            assertEquals(server.fingerprint(), first);
        }
        assertEquals(first, new KnownAgents(dir.resolve("known-agents")).lookup(client().agent()).orElseThrow());
        try (RemoteClient c = RemoteClient.connect(client())) {
            assertFalse(c.pinnedNow(), "the same certificate is just trusted");
        }
        // another agent (another identity) on the same address and port
        InetSocketAddress address = server.address();
        server.close();
        server = RemoteServer.start(journal, ServerOptions.defaults(dir.resolve("impostor")).withListen(address));
        String otherToken = TokenFile.read(dir.resolve("impostor/token"));
        RemoteRefusedException e = assertThrows(RemoteRefusedException.class, () -> RemoteClient.connect(client()
                .withToken(otherToken)));
        assertEquals(Protocol.FINGERPRINT_CHANGED, e.code());
        assertTrue(e.reason().contains(server.fingerprint().toString()) && e.reason().contains(first.toString()),
                e.reason());
        assertEquals(0, server.stats().logins(), "the token was never sent");
        // told the new fingerprint, the client accepts it and pins it instead
        try (RemoteClient c = RemoteClient.connect(client().withToken(otherToken).withTrustFingerprint(Fingerprint
                .parse(server.fingerprint().toString())))) {
            assertTrue(c.pinnedNow());
        }
        assertEquals(server.fingerprint(), new KnownAgents(dir.resolve("known-agents")).lookup(client().agent())
                .orElseThrow());
    }

    @Test
    void requestsBeyondReadingNeedTheirCapabilityAndAreAudited() throws Exception {
        try (RemoteClient c = RemoteClient.connect(client())) {
            RemoteClient.Reply r = c.request("write-sample", Duration.ofSeconds(5));
            assertFalse(r.ok());
            assertEquals(Protocol.NOT_ALLOWED, r.code());
            assertTrue(r.reason().contains("--allow write"), r.reason());
            assertEquals(RemoteClient.State.CONNECTED, c.status().state(), "a refused request keeps the session");
        }
        assertTrue(audit().stream().anyMatch(l -> l.contains("request-refused") && l.contains("write-sample")));
        InetSocketAddress address = server.address();
        server.close();
        server = RemoteServer.start(journal, ServerOptions.defaults(dir.resolve("agent")).withListen(address)
                .withCapabilities(Set.of(Capability.WRITE)));
        try (RemoteClient c = RemoteClient.connect(client())) {
            RemoteClient.Reply r = c.request("write-sample", Duration.ofSeconds(5));
            assertEquals(Protocol.UNSUPPORTED, r.code(), "granted, but this agent has no write-sample operation registered");
            assertEquals(Protocol.NOT_ALLOWED, c.request("set-qos", Duration.ofSeconds(5)).code());
        }
        List<String> log = audit();
        assertTrue(log.stream().anyMatch(l -> l.contains("\"request\"") && l.contains("write-sample")), log.toString());
        assertTrue(log.stream().anyMatch(l -> l.contains("request-refused") && l.contains("set-qos")), log.toString());
    }

    @Test
    void aClientRefusedOnReconnectStopsAndSaysWhy() throws Exception {
        RemoteClient c = RemoteClient.connect(client());
        try {
            InetSocketAddress address = server.address();
            server.close();
            ServerOptions d = ServerOptions.defaults(dir.resolve("agent")).withListen(address);
            // the same agent, but its token was replaced (a new token file)
            server = RemoteServer.start(journal, new ServerOptions(d.listen(), d.identityDir(), dir.resolve("new-token"),
                    d.auditLog(), d.capabilities(), d.maxFrameBytes(), d.maxClients(), d.clientQueue(), d.heartbeat(),
                    d.loginTimeout(), d.loginBackoff(), d.writeStallLimit()));
            assertTrue(ModelPicture.waitFor(() -> c.status().state() == RemoteClient.State.REFUSED, 15_000),
                    "not refused: " + c.status());
            assertEquals(Protocol.BAD_TOKEN + ": wrong token", c.status().reason());
            long refused = server.stats().refusedLogins();
            Thread.sleep(1_500);
            assertEquals(refused, server.stats().refusedLogins(), "a refused client must not keep trying");
        } finally {
            c.close();
        }
    }
}
