package org.ddstuner.remote.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;

import org.ddstuner.remote.Capability;
import org.ddstuner.remote.ClientOptions;
import org.ddstuner.remote.ModelJournal;
import org.ddstuner.remote.Operation;
import org.ddstuner.remote.OperationContext;
import org.ddstuner.remote.OperationException;
import org.ddstuner.remote.Protocol;
import org.ddstuner.remote.ProtocolException;
import org.ddstuner.remote.RemoteClient;
import org.ddstuner.remote.RemoteServer;
import org.ddstuner.remote.ServerOptions;
import org.ddstuner.remote.TokenFile;
import org.ddstuner.system.SystemModel;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The agent's request dispatch ({@link RemoteServer#register}): arguments reach the operation and its result comes
 * back; a capability not granted stops the operation before it runs; an operation's refusal and its crash are
 * answered with their code and reason and keep the session; requests needing a capability are audited.
 */
class RemoteOperationsTest {

    /** Adds the numbers of {@code args.values}; refuses an empty list; crashes on a non-number. */
    private static final class Sum implements Operation {
        private final Capability needs;
        private int runs;

        Sum(Capability needs) {
            this.needs = needs;
        }

        @Override
        public String name() {
            return needs == null ? "sum" : "sum-" + needs.id();
        }

        @Override
        public Capability needs() {
            return needs;
        }

        @Override
        public JsonNode run(OperationContext context, JsonNode args) throws OperationException {
            runs++;
            JsonNode values = args.path("values");
            if (values.isEmpty()) {
                throw new OperationException("empty", "nothing to add (client " + context.client() + ")");
            }
            long sum = 0;
            for (JsonNode v : values) {
                if (!v.isNumber()) {
                    throw new IllegalArgumentException("not a number: " + v);
                }
                sum += v.asLong();
            }
            return JsonNodeFactory.instance.numberNode(sum);
        }
    }

    /** Holds a resource for the client under a new key and answers the key; counts what the agent closed. */
    private static final class Hold implements Operation {
        final java.util.concurrent.atomic.AtomicInteger closed = new java.util.concurrent.atomic.AtomicInteger();

        @Override
        public String name() {
            return "hold";
        }

        @Override
        public Capability needs() {
            return null;
        }

        @Override
        public JsonNode run(OperationContext context, JsonNode args) throws OperationException {
            if (args.has("release")) {
                return JsonNodeFactory.instance.booleanNode(context.resources().release(args.get("release").asText()));
            }
            String key = context.resources().newKey("thing");
            context.resources().hold(key, closed::incrementAndGet);
            return JsonNodeFactory.instance.textNode(key);
        }
    }

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

    private RemoteClient connect() throws IOException {
        InetSocketAddress a = server.address();
        return RemoteClient.connect(ClientOptions.of(a.getHostString(), a.getPort(), token)
                .withKnownAgents(dir.resolve("known-agents")));
    }

    private static ObjectNode values(Object... values) {
        ObjectNode args = JsonNodeFactory.instance.objectNode();
        var array = args.putArray("values");
        for (Object v : values) {
            if (v instanceof Integer i) {
                array.add(i);
            } else {
                array.add(String.valueOf(v));
            }
        }
        return args;
    }

    @Test
    void argumentsReachTheOperationAndItsResultComesBack() throws Exception {
        Sum sum = new Sum(null);
        server.register(sum);
        try (RemoteClient c = connect()) {
            RemoteClient.Reply r = c.request("sum", values(2, 3, 37), Duration.ofSeconds(5));
            assertTrue(r.ok(), r.reason());
            assertEquals(42, r.orThrow().asLong());

            RemoteClient.Reply refused = c.request("sum", values(), Duration.ofSeconds(5));
            assertFalse(refused.ok());
            assertEquals("empty", refused.code());
            assertTrue(refused.reason().startsWith("nothing to add (client 127.0.0.1:"), refused.reason());
            ProtocolException e = assertThrows(ProtocolException.class, refused::orThrow);
            assertEquals("empty", e.code());

            RemoteClient.Reply crashed = c.request("sum", values(1, "x"), Duration.ofSeconds(5));
            assertEquals(Protocol.FAILED, crashed.code());
            assertTrue(crashed.reason().contains("not a number: \"x\""), crashed.reason());

            assertEquals(Protocol.UNSUPPORTED, c.request("no-such-op", Duration.ofSeconds(5)).code());
            assertEquals(RemoteClient.State.CONNECTED, c.status().state(), "refusals and crashes keep the session");
            assertTrue(c.request("sum", values(1), Duration.ofSeconds(5)).ok());
        }
        assertEquals(4, sum.runs);
        assertThrows(IllegalArgumentException.class, () -> server.register(new Sum(null)));
    }

    @Test
    void whatAnOperationHeldForAClientIsFreedWhenTheClientGoes() throws Exception {
        Hold hold = new Hold();
        server.register(hold);
        String first;
        try (RemoteClient client = connect()) {
            first = client.request("hold", null, Duration.ofSeconds(10)).orThrow().asText();
            String second = client.request("hold", null, Duration.ofSeconds(10)).orThrow().asText();
            assertFalse(first.equals(second), "each hold gets its own key: " + first);
            ObjectNode release = JsonNodeFactory.instance.objectNode().put("release", second);
            assertTrue(client.request("hold", release, Duration.ofSeconds(10)).orThrow().asBoolean());
            assertEquals(1, hold.closed.get(), "released at once");
            assertFalse(client.request("hold", release, Duration.ofSeconds(10)).orThrow().asBoolean(),
                    "a key released already is not held");
        }
        long until = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (hold.closed.get() < 2 && System.nanoTime() < until) {
            Thread.sleep(20);
        }
        assertEquals(2, hold.closed.get(), "the client's other resource (" + first + ") is freed when it goes");
    }

    @Test
    void aCapabilityNotGrantedStopsTheOperationBeforeItRuns() throws Exception {
        Sum write = new Sum(Capability.WRITE);
        server.register(write);
        try (RemoteClient c = connect()) {
            RemoteClient.Reply r = c.request("sum-write", values(1, 2), Duration.ofSeconds(5));
            assertEquals(Protocol.NOT_ALLOWED, r.code());
            assertTrue(r.reason().contains("--allow write"), r.reason());
        }
        assertEquals(0, write.runs, "refused before it ran");

        InetSocketAddress address = server.address();
        server.close();
        server = RemoteServer.start(journal, ServerOptions.defaults(dir.resolve("agent")).withListen(address)
                .withCapabilities(Set.of(Capability.WRITE)));
        server.register(write);
        try (RemoteClient c = connect()) {
            assertEquals(3, c.request("sum-write", values(1, 2), Duration.ofSeconds(5)).orThrow().asLong());
        }
        assertEquals(1, write.runs);
        List<String> log = Files.readAllLines(dir.resolve("agent/audit.log"));
        assertTrue(log.stream().anyMatch(l -> l.contains("request-refused") && l.contains("sum-write")), log.toString());
        assertTrue(log.stream().anyMatch(l -> l.contains("\"request\"") && l.contains("\"ok\"")
                && l.contains("sum-write")), log.toString());
    }
}
