package org.ddstuner.remote.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.ddstuner.connection.Connection;
import org.ddstuner.connection.ConnectionManager;
import org.ddstuner.connection.ConnectionProfile;
import org.ddstuner.demo.DemoSystem;
import org.ddstuner.demo.DemoTypes;
import org.ddstuner.remote.ClientOptions;
import org.ddstuner.remote.ProtocolException;
import org.ddstuner.remote.RemoteClient;
import org.ddstuner.remote.RemoteServer;
import org.ddstuner.remote.RemoteSubscription;
import org.ddstuner.remote.ServerOptions;
import org.ddstuner.remote.TokenFile;
import org.ddstuner.system.Endpoint;
import org.ddstuner.testsupport.live.LiveConnectionTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Samples of a demo topic read by the agent's own reader and streamed to a client: decoded values arrive, the rate cap
 * holds and what it skips is counted and told to the client, and the agent's reader is deleted when the client
 * unsubscribes or goes away.
 */
class RemoteSamplesTest extends LiveConnectionTest {

    private static final int DOMAIN = 64;

    @TempDir
    Path dir;

    private long agentReaders(Connection c) {
        return c.model().snapshot(true).endpoints().stream().filter(e -> e.own() && e.alive() && e.isReader()
                && e.topicName().equals(DemoSystem.SENSORS)).count();
    }

    @Test
    void samplesArriveDecodedRateCappedWithDropsCountedAndReadersAreFreed() throws Exception {
        ConnectionManager m = ConnectionManager.get();
        Connection c = m.open(new ConnectionProfile("remote samples demo", DOMAIN,
                ConnectionProfile.ConfigKind.LOOPBACK_ONLY, "", List.of(), true));
        closeAfterTest(() -> m.close(c));
        assertTrue(ModelPicture.waitFor(() -> c.model().snapshot().topic(DemoSystem.SENSORS).map(t -> !t.writers()
                .isEmpty()).orElse(false), 15_000), "the demo's sensor writer was not discovered");
        RemoteServer server = closeAfterTest(RemoteServer.serve(c, ServerOptions.defaults(dir.resolve("agent"))));
        ClientOptions o = ClientOptions.of(server.address().getHostString(), server.address().getPort(), TokenFile
                .read(dir.resolve("agent/token"))).withKnownAgents(dir.resolve("known-agents"));
        RemoteClient client = closeAfterTest(RemoteClient.connect(o));

        RemoteSubscription all = client.subscribe(DemoSystem.SENSORS, 1000, 1000);
        assertEquals(DemoTypes.SENSOR_READING, all.typeName());
        List<JsonNode> got = all.poll(100, Duration.ofSeconds(10));
        assertFalse(got.isEmpty(), "no sample within 10 s");
        JsonNode first = got.get(0);
        assertTrue(first.path("value").has("sensor_id"), first.toString());
        assertTrue(first.path("valid").asBoolean());
        assertEquals(1, agentReaders(c), "one reader of the agent's for the client");

        // a second stream capped at 2 samples/s on a topic written at 4 × 10 Hz
        RemoteSubscription capped = client.subscribe(DemoSystem.SENSORS, 2, 100);
        List<JsonNode> slow = new ArrayList<>();
        long end = System.nanoTime() + 3_000_000_000L;
        while (System.nanoTime() < end) {
            slow.addAll(capped.poll(100, Duration.ofMillis(200)));
        }
        // one second of burst, then two per second: at most 2 + 3 × 2 (+2 for timing at the edges)
        assertTrue(slow.size() >= 2 && slow.size() <= 10, "capped stream delivered " + slow.size());
        assertTrue(ModelPicture.waitFor(() -> capped.drops().rate() > 10, 5_000), "rate drops not told: "
                + capped.drops());
        assertEquals(0, capped.drops().local());
        assertEquals(2, agentReaders(c));

        capped.close();
        assertTrue(ModelPicture.waitFor(() -> agentReaders(c) == 1, 10_000), "unsubscribing kept the reader");
        // a client that goes away frees its readers too
        client.close();
        assertTrue(ModelPicture.waitFor(() -> agentReaders(c) == 0 && server.stats().clients() == 0, 10_000),
                "the gone client's reader is still there: " + c.model().snapshot(true).endpoints().stream()
                        .filter(Endpoint::own).toList());

        RemoteClient other = closeAfterTest(RemoteClient.connect(o));
        ProtocolException e = assertThrows(ProtocolException.class, () -> other.subscribe("NoSuchTopic", 10, 10));
        assertEquals("no-type", e.code());
        assertEquals(0, agentReaders(c));
    }

    @Test
    void aSubscriptionOutlivesARestartOfTheAgent() throws Exception {
        ConnectionManager m = ConnectionManager.get();
        Connection c = m.open(new ConnectionProfile("remote samples restart", DOMAIN + 1,
                ConnectionProfile.ConfigKind.LOOPBACK_ONLY, "", List.of(), true));
        closeAfterTest(() -> m.close(c));
        assertTrue(ModelPicture.waitFor(() -> c.model().snapshot().topic(DemoSystem.SENSORS).map(t -> !t.writers()
                .isEmpty()).orElse(false), 15_000), "the demo's sensor writer was not discovered");
        RemoteServer first = RemoteServer.serve(c, ServerOptions.defaults(dir.resolve("agent")));
        java.net.InetSocketAddress address = first.address();
        ClientOptions o = ClientOptions.of(address.getHostString(), address.getPort(), TokenFile.read(dir.resolve(
                "agent/token"))).withKnownAgents(dir.resolve("known-agents"));
        RemoteClient client = closeAfterTest(RemoteClient.connect(o));
        RemoteSubscription sub = client.subscribe(DemoSystem.SENSORS, 1000, 1000);
        assertFalse(sub.poll(10, Duration.ofSeconds(10)).isEmpty());

        first.close();
        assertTrue(ModelPicture.waitFor(() -> agentReaders(c) == 0, 10_000), "the stopped agent kept its reader");
        assertTrue(ModelPicture.waitFor(() -> client.status().state() != RemoteClient.State.CONNECTED, 10_000));
        sub.poll(10_000, Duration.ofMillis(100)); // what arrived before the cut
        closeAfterTest(RemoteServer.serve(c, ServerOptions.defaults(dir.resolve("agent")).withListen(address)));
        assertTrue(ModelPicture.waitFor(() -> client.status().state() == RemoteClient.State.CONNECTED, 15_000),
                "no reconnect: " + client.status());
        List<JsonNode> after = sub.poll(10, Duration.ofSeconds(10));
        assertFalse(after.isEmpty(), "no samples after the agent came back");
        assertTrue(after.get(0).path("value").has("sensor_id"));
        assertEquals(1, agentReaders(c), "resubscribed once");
    }
}
