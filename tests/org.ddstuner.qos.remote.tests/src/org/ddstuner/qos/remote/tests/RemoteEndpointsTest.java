package org.ddstuner.qos.remote.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.BooleanSupplier;

import org.ddstuner.connection.Connection;
import org.ddstuner.connection.ConnectionManager;
import org.ddstuner.connection.ConnectionProfile;
import org.ddstuner.dds.EndpointData;
import org.ddstuner.dds.Guid;
import org.ddstuner.dds.Participant;
import org.ddstuner.dds.Qos;
import org.ddstuner.demo.DemoSystem;
import org.ddstuner.qos.Changeability;
import org.ddstuner.qos.DiscoveryConfirm;
import org.ddstuner.qos.PolicyOutcome;
import org.ddstuner.qos.remote.EndpointOperations;
import org.ddstuner.qos.remote.RemoteEndpoints;
import org.ddstuner.remote.Capability;
import org.ddstuner.remote.ClientOptions;
import org.ddstuner.remote.Protocol;
import org.ddstuner.remote.RemoteClient;
import org.ddstuner.remote.RemoteServer;
import org.ddstuner.remote.RemoteSubscription;
import org.ddstuner.remote.ServerOptions;
import org.ddstuner.remote.TokenFile;
import org.ddstuner.remote.ops.Operations;
import org.ddstuner.testsupport.PeerProcess;
import org.ddstuner.testsupport.Peers;
import org.ddstuner.testsupport.live.LiveConnectionTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * A client's own readers and writers on a remote agent (create-endpoint, set-endpoint-qos, delete-endpoint,
 * list-endpoints) against the live demo: the agent serves the demo's domain; a second, separate connection
 * (participant) in that domain watches discovery, as any other application there would. What the client changes
 * reaches that participant's discovery; what needs re-creating is re-created (new GUID) as on the desktop; a
 * publisher's partition is refused with the reason; an agent without the capabilities refuses and audits; and the
 * client's endpoints leave the domain when the client goes. A Cyclone 11 process (the Python {@code qos_watcher}) in
 * the agent's domain sees a change made through the agent.
 */
class RemoteEndpointsTest extends LiveConnectionTest {

    private static final int DOMAIN = 83;
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration T = Duration.ofSeconds(30);

    @TempDir
    Path dir;

    private Connection open(String name, int domain, boolean demo) {
        ConnectionManager m = ConnectionManager.get();
        Connection c = m.open(new ConnectionProfile(name, domain, ConnectionProfile.ConfigKind.LOOPBACK_ONLY, "",
                List.of(), demo));
        closeAfterTest(() -> m.close(c));
        return c;
    }

    /** The demo's system (the agent's connection), served with {@code caps}; audit log in the temp dir. */
    private RemoteServer agent(Connection c, Set<Capability> caps) throws Exception {
        assertTrue(waitFor(() -> c.model().snapshot().topic(DemoSystem.TRACKS).map(t -> !t.writers().isEmpty())
                .orElse(false) && c.model().snapshot().topic(DemoSystem.COMMANDS).map(t -> !t.readers().isEmpty())
                        .orElse(false), 15_000), "the demo was not discovered");
        ServerOptions so = ServerOptions.defaults(dir.resolve("agent")).withCapabilities(caps);
        so = new ServerOptions(so.listen(), so.identityDir(), so.tokenFile(), dir.resolve("audit.log"),
                so.capabilities(), so.maxFrameBytes(), so.maxClients(), so.clientQueue(), so.heartbeat(),
                so.loginTimeout(), so.loginBackoff(), so.writeStallLimit());
        RemoteServer server = closeAfterTest(RemoteServer.serve(c, so));
        Operations.samples().forEach(server::register);
        EndpointOperations.of(c).forEach(server::register); // as ServeCli registers them
        return server;
    }

    private RemoteClient client(RemoteServer server) throws Exception {
        ClientOptions o = ClientOptions.of(server.address().getHostString(), server.address().getPort(), TokenFile
                .read(dir.resolve("agent/token"))).withKnownAgents(dir.resolve("known-agents"));
        return closeAfterTest(RemoteClient.connect(o));
    }

    private static boolean waitFor(BooleanSupplier c, long millis) throws InterruptedException {
        long end = System.nanoTime() + millis * 1_000_000;
        while (System.nanoTime() < end) {
            if (c.getAsBoolean()) {
                return true;
            }
            Thread.sleep(50);
        }
        return c.getAsBoolean();
    }

    /**
     * A participant of its own in the agent's domain (Cyclone allows one configuration per domain per process, so
     * it shares the agent's domain, not its participant) and its discovery: what any other application there sees.
     */
    private DiscoveryConfirm observer(Connection agentSide) {
        Participant p = closeAfterTest(agentSide.domain().createParticipant());
        return closeAfterTest(new DiscoveryConfirm(p));
    }

    /** The announcement the observer's discovery has of {@code guid} now. */
    private static Optional<EndpointData> seen(DiscoveryConfirm observer, Guid guid) {
        return observer.endpoint(guid);
    }

    @Test
    void createdEndpointsAreTunedLiveAndAnotherParticipantSeesTheNewQos() throws Exception {
        Connection c = open("remote endpoints demo", DOMAIN, true);
        DiscoveryConfirm observer = observer(c);
        RemoteServer server = agent(c, Set.of(Capability.WRITE, Capability.QOS));
        RemoteClient client = client(server);
        RemoteEndpoints eps = new RemoteEndpoints(client);

        RemoteEndpoints.Endpoint reader = eps.create(DemoSystem.TRACKS, false, null, null);
        RemoteEndpoints.Endpoint writer = eps.create(DemoSystem.COMMANDS, true, null, null);
        assertFalse(reader.writer());
        assertTrue(writer.writer());
        assertEquals(Changeability.LIVE, writer.policies().get("transport_priority").how(), writer.policies()
                .toString());
        assertEquals("publisher", writer.policies().get("partition").scope());
        assertTrue(waitFor(() -> seen(observer, reader.guid()).isPresent() && seen(observer, writer.guid())
                .isPresent(), 10_000), "the other participant did not discover the client's endpoints");
        assertEquals(List.of(reader.key(), writer.key()), eps.list().stream().map(RemoteEndpoints.Endpoint::key)
                .toList());

        // a live change: dds_set_qos on the agent, re-announced, seen by the other participant (same GUID)
        RemoteEndpoints.Tuned live = eps.setQos(writer.key(), Qos.EMPTY.with(new Qos.TransportPriority(7)));
        PolicyOutcome tp = live.outcome().policies().get(0);
        assertEquals(PolicyOutcome.Status.APPLIED, tp.status(), tp.toString());
        assertEquals(Changeability.LIVE, tp.how());
        assertTrue(tp.confirmed(), tp.toString());
        assertEquals(new Qos.TransportPriority(7), tp.after());
        assertFalse(live.outcome().recreated());
        assertEquals(writer.guid(), live.endpoint().guid());
        assertTrue(waitFor(() -> seen(observer, writer.guid()).map(e -> new Qos.TransportPriority(7).equals(e.qos()
                .transportPriority())).orElse(false), 10_000), "the other participant did not see transport "
                        + "priority 7: " + seen(observer, writer.guid()));

        // the created reader's samples come through the sample stream (before the deadline below: the demo's
        // writer offers none, so a reader requesting one no longer matches it)
        RemoteSubscription own = client.subscribe(DemoSystem.TRACKS, reader.key(), 1000, 1000);
        assertFalse(own.poll(100, Duration.ofSeconds(5)).isEmpty(), "no sample of the client's own reader");

        // a policy the library changes only by re-creating (deadline on a reader): re-created as on the desktop
        RemoteEndpoints.Tuned recreated = eps.setQos(reader.key(), Qos.EMPTY.with(new Qos.Deadline(Duration
                .ofSeconds(3))));
        PolicyOutcome dl = recreated.outcome().policies().get(0);
        assertEquals(PolicyOutcome.Status.APPLIED, dl.status(), dl.toString());
        assertTrue(dl.confirmed(), dl.toString());
        if (dl.how() == Changeability.RECREATE) {
            assertTrue(recreated.outcome().recreated());
            assertNotEquals(reader.guid(), recreated.endpoint().guid());
            assertTrue(waitFor(() -> seen(observer, reader.guid()).isEmpty(), 10_000), "the old reader stayed");
        }
        Guid readerNow = recreated.endpoint().guid();
        assertTrue(waitFor(() -> seen(observer, readerNow).map(e -> new Qos.Deadline(Duration.ofSeconds(3)).equals(
                e.qos().deadline())).orElse(false), 10_000), "the other participant did not see the deadline");

        // the publisher's partition travels with the writer but cannot change on it: refused with the reason
        RemoteEndpoints.Tuned partition = eps.setQos(writer.key(), Qos.EMPTY.with(new Qos.Partition(List.of("x"))));
        PolicyOutcome p = partition.outcome().policies().get(0);
        assertEquals(PolicyOutcome.Status.REFUSED, p.status(), p.toString());
        assertTrue(p.reason().contains("not a policy of a writer"), p.reason());

        // the created writer writes for write-sample
        RemoteSubscription commands = client.subscribe(DemoSystem.COMMANDS, 1000, 1000);
        JsonNode wrote = client.request("write-sample", JSON.readTree("{\"topic\":\"Commands\",\"writer\":\""
                + writer.key() + "\",\"samples\":{\"target\":\"own-writer\",\"code\":77,\"setpoint\":2.5}}"), T)
                .orThrow();
        assertEquals(1, wrote.path("count").asInt());
        List<JsonNode> got = new ArrayList<>();
        assertTrue(waitFor(() -> {
            try {
                got.addAll(commands.poll(1000, Duration.ofMillis(100)));
            } catch (Exception e) {
                throw new AssertionError(e);
            }
            return got.stream().anyMatch(s -> s.path("value").path("code").asInt() == 77);
        }, 10_000), "the sample written with the client's writer did not arrive: " + got);

        eps.delete(writer.key());
        assertTrue(waitFor(() -> seen(observer, writer.guid()).isEmpty(), 10_000), "the deleted writer stayed");
        assertEquals(List.of(reader.key()), eps.list().stream().map(RemoteEndpoints.Endpoint::key).toList());
        RemoteEndpoints.Refused gone = assertThrows(RemoteEndpoints.Refused.class, () -> eps.delete(writer.key()));
        assertEquals("unknown-entity", gone.code());

        List<String> audit = Files.readAllLines(dir.resolve("audit.log"));
        assertTrue(audit.stream().filter(l -> l.contains("set-endpoint-qos")).count() >= 3, audit.toString());
        // a writer made for the client is a write: audited; a reader is not
        assertEquals(1, audit.stream().filter(l -> l.contains("\"event\":\"request\"") && l.contains("\"ok\"")
                && l.contains("create-endpoint")).count(), audit.toString());
    }

    @Test
    void withoutTheCapabilitiesTheAgentRefusesWithItsReason() throws Exception {
        Connection c = open("remote endpoints refusing demo", DOMAIN + 1, true);
        RemoteServer server = agent(c, Set.of());
        RemoteClient client = client(server);
        RemoteEndpoints eps = new RemoteEndpoints(client);

        RemoteEndpoints.Refused w = assertThrows(RemoteEndpoints.Refused.class, () -> eps.create(DemoSystem.COMMANDS,
                true, null, null));
        assertEquals(Protocol.NOT_ALLOWED, w.code());
        assertTrue(w.getMessage().contains("--allow write"), w.getMessage());
        assertTrue(c.model().snapshot(true).endpoints().stream().noneMatch(e -> e.own() && !e.isReader()),
                "the agent created a writer");

        RemoteEndpoints.Endpoint reader = eps.create(DemoSystem.TRACKS, false, null, null); // reading needs none
        RemoteEndpoints.Refused q = assertThrows(RemoteEndpoints.Refused.class, () -> eps.setQos(reader.key(),
                Qos.EMPTY.with(new Qos.Deadline(Duration.ofSeconds(1)))));
        assertEquals(Protocol.NOT_ALLOWED, q.code());
        assertTrue(q.getMessage().contains("qos"), q.getMessage());
        assertEquals(reader.qos().deadline(), eps.list().get(0).qos().deadline(), "the QoS changed anyway");

        RemoteClient.Reply bad = client.request("create-endpoint", JSON.readTree("{\"topic\":\"Tracks\","
                + "\"kind\":\"reader\",\"qos\":{\"deadline\":{\"period\":\"soon\"}}}"), T);
        assertEquals("bad-value", bad.code(), bad.reason());
        assertTrue(bad.reason().contains("deadline"), bad.reason());

        List<String> audit = Files.readAllLines(dir.resolve("audit.log"));
        assertTrue(audit.stream().anyMatch(l -> l.contains("request-refused") && l.contains("not-allowed")
                && l.contains("create-endpoint")), audit.toString());
        assertTrue(audit.stream().anyMatch(l -> l.contains("request-refused") && l.contains("not-allowed")
                && l.contains("set-endpoint-qos")), audit.toString());
    }

    @Test
    void theClientsEndpointsLeaveTheDomainWhenTheClientGoes() throws Exception {
        Connection c = open("remote endpoints leaving demo", DOMAIN + 2, true);
        DiscoveryConfirm observer = observer(c);
        RemoteServer server = agent(c, Set.of(Capability.WRITE));
        RemoteClient client = client(server);
        RemoteEndpoints eps = new RemoteEndpoints(client);
        Guid r = eps.create(DemoSystem.TRACKS, false, null, null).guid();
        Guid w = eps.create(DemoSystem.COMMANDS, true, null, null).guid();
        assertTrue(waitFor(() -> seen(observer, r).isPresent() && seen(observer, w).isPresent(), 10_000),
                "not discovered");

        client.close();
        assertTrue(waitFor(() -> seen(observer, r).isEmpty() && seen(observer, w).isEmpty(), 15_000),
                "the gone client's reader and writer stayed in the domain");
    }

    @Test
    void aCyclone11ProcessInTheAgentsDomainSeesTheChangeMadeThroughTheAgent() throws Exception {
        Connection c = open("remote endpoints watched demo", DOMAIN + 3, true);
        try (PeerProcess watcher = Peers.start("qos_watcher", DOMAIN + 3, "--topic", DemoSystem.COMMANDS)) {
            RemoteServer server = agent(c, Set.of(Capability.WRITE, Capability.QOS));
            RemoteEndpoints eps = new RemoteEndpoints(client(server));
            RemoteEndpoints.Endpoint w = eps.create(DemoSystem.COMMANDS, true, null, null);
            String guidHex = w.guid().toString().replace(":", "");
            waitForPub(watcher, guidHex, "strength=0");
            byte[] user = "via-agent".getBytes(StandardCharsets.UTF_8);
            RemoteEndpoints.Tuned t = eps.setQos(w.key(), Qos.EMPTY.with(new Qos.OwnershipStrength(42)).with(
                    new Qos.UserData(user)));
            assertTrue(t.outcome().confirmed(), t.outcome().policies().toString());
            assertEquals(w.guid(), t.endpoint().guid(), "live: the same writer");
            // another process, on libddsc 11, sees the same GUID with the new values
            waitForPub(watcher, guidHex, "strength=42 user_data=" + HexFormat.of().formatHex(user));
        }
    }

    /** Waits for the watcher's PUB line about {@code guidHex} containing {@code text}. */
    private static void waitForPub(PeerProcess watcher, String guidHex, String text) throws InterruptedException {
        assertTrue(waitFor(() -> watcher.stdout().lines().anyMatch(l -> l.replace("-", "").startsWith("PUB "
                + guidHex) && l.contains(text)), 15_000), () -> "the watcher did not see writer " + guidHex + " with "
                        + text + "; it printed:\n" + watcher.stdout() + "\nstderr:\n" + watcher.stderr());
    }
}
