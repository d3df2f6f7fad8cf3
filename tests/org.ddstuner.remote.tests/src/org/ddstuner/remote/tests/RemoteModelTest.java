package org.ddstuner.remote.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.ddstuner.connection.Connection;
import org.ddstuner.connection.ConnectionManager;
import org.ddstuner.connection.ConnectionProfile;
import org.ddstuner.dds.Participant;
import org.ddstuner.dds.Qos;
import org.ddstuner.demo.DemoSystem;
import org.ddstuner.remote.ClientOptions;
import org.ddstuner.remote.ModelJournal;
import org.ddstuner.remote.Protocol;
import org.ddstuner.remote.RemoteClient;
import org.ddstuner.remote.RemoteServer;
import org.ddstuner.remote.ServerOptions;
import org.ddstuner.remote.TokenFile;
import org.ddstuner.system.SystemModel;
import org.ddstuner.system.SystemSnapshot;
import org.ddstuner.testsupport.live.LiveConnectionTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The agent serving the real demo system (Java participants on a loopback-only configuration, in the private network
 * namespace) and a client mirroring it over TLS on 127.0.0.1: the client's model must say what the agent's says —
 * participants, endpoints, complete QoS, topics, every pair's verdict — after the first snapshot, after a stop and
 * restart of the server (resumed from the same sequence), after a restart with a new journal (a new snapshot,
 * nothing doubled), and a client that dies mid-stream must leave nothing behind on the agent.
 */
class RemoteModelTest extends LiveConnectionTest {

    private static final int DOMAIN = 63;

    @TempDir
    Path dir;

    private Connection demo() throws InterruptedException {
        ConnectionManager m = ConnectionManager.get();
        Connection c = m.open(new ConnectionProfile("remote test demo", DOMAIN, ConnectionProfile.ConfigKind.LOOPBACK_ONLY,
                "", List.of(), true));
        closeAfterTest(() -> m.close(c));
        // the demo is up when all its participants and their topics are known
        assertTrue(ModelPicture.waitFor(() -> c.model().snapshot().participants().stream().filter(p -> p.alive())
                .count() >= DemoSystem.PARTICIPANTS.size() && c.model().snapshot().topics().size() >= DemoSystem.TOPICS
                        .size(), 15_000), "the demo did not come up");
        return c;
    }

    private RemoteServer serve(ModelJournal j, InetSocketAddress at) throws IOException {
        ServerOptions o = ServerOptions.defaults(dir.resolve("agent"));
        return closeAfterTest(RemoteServer.start(j, at == null ? o : o.withListen(at)));
    }

    private RemoteClient client(RemoteServer s) throws IOException {
        InetSocketAddress a = s.address();
        return closeAfterTest(RemoteClient.connect(ClientOptions.of(a.getHostString(), a.getPort(), TokenFile.read(
                dir.resolve("agent/token"))).withKnownAgents(dir.resolve("known-agents"))));
    }

    /** Waits until both pictures agree (the client follows within a notifier tick or two), then compares them. */
    private static List<String> assertSamePicture(SystemModel agent, SystemModel client) throws InterruptedException {
        ModelPicture.waitFor(() -> ModelPicture.of(agent.snapshot()).equals(ModelPicture.of(client.snapshot())), 10_000);
        List<String> expected = ModelPicture.of(agent.snapshot());
        assertEquals(String.join("\n", expected), String.join("\n", ModelPicture.of(client.snapshot())));
        return expected;
    }

    private static void assertNoDuplicates(SystemSnapshot s) {
        Set<String> seen = new HashSet<>();
        s.participants().forEach(p -> assertTrue(seen.add(p.guid().toString()), "participant twice: " + p));
        s.endpoints().forEach(e -> assertTrue(seen.add(e.guid().toString()), "endpoint twice: " + e));
    }

    @Test
    void clientModelEqualsTheAgentsModel() throws Exception {
        Connection c = demo();
        ModelJournal journal = closeAfterTest(ModelJournal.attach(c.model()));
        RemoteServer server = serve(journal, null);
        long t0 = System.nanoTime();
        RemoteClient client = client(server); // returns once the first snapshot is applied
        long connectMillis = (System.nanoTime() - t0) / 1_000_000;
        System.out.println("remote: connect + TLS + login + snapshot of " + journal.size() + " entities took "
                + connectMillis + " ms, " + client.stats().bytesIn() + " bytes received");
        List<String> picture = assertSamePicture(c.model(), client.model());
        assertTrue(ModelPicture.count(picture, "P ") >= DemoSystem.PARTICIPANTS.size(), picture.toString());
        assertTrue(ModelPicture.count(picture, "E ") >= 10, picture.toString());
        assertTrue(picture.stream().anyMatch(l -> l.startsWith("M ") && l.contains("matched=true")), "matched pairs");
        assertTrue(picture.stream().anyMatch(l -> l.startsWith("M ") && l.contains("matched=false")),
                "the demo's mismatched pairs travel too");
        assertTrue(picture.stream().anyMatch(l -> l.contains("\"partition\"")), "QoS in full");
        // the agent's own participant is hidden on both sides (own there, another tool's here)
        assertEquals(c.model().snapshot(true).participants().size(), client.model().snapshot(true).participants().size());
        assertEquals(1, client.stats().snapshots());
        assertEquals(0, client.stats().agentDrops());

        // live changes arrive as deltas
        Participant late = closeAfterTest(c.domain().createParticipant(Qos.EMPTY.withEntityName("LateJoiner")));
        assertTrue(ModelPicture.waitFor(() -> client.model().snapshot().participant(late.guid()).isPresent(), 10_000));
        assertSamePicture(c.model(), client.model());
        assertTrue(client.stats().deltas() >= 1);
        assertEquals(journal.seq(), client.seq());
    }

    @Test
    void reconnectAfterTheServerRestartsResumesFromTheSameSequence() throws Exception {
        Connection c = demo();
        ModelJournal journal = closeAfterTest(ModelJournal.attach(c.model()));
        RemoteServer server = serve(journal, null);
        InetSocketAddress address = server.address();
        RemoteClient client = client(server);
        assertSamePicture(c.model(), client.model());

        server.close();
        assertTrue(ModelPicture.waitFor(() -> client.status().state() != RemoteClient.State.CONNECTED, 10_000));
        long seqWhenCut = client.seq();
        // the system changes while the agent does not serve
        Participant late = closeAfterTest(c.domain().createParticipant(Qos.EMPTY.withEntityName("WhileAway")));
        assertTrue(ModelPicture.waitFor(() -> journal.seq() > seqWhenCut, 10_000), "journal did not move");

        long t0 = System.nanoTime();
        serve(journal, address);
        assertTrue(ModelPicture.waitFor(() -> client.status().state() == RemoteClient.State.CONNECTED, 15_000),
                "no reconnect: " + client.status());
        System.out.println("remote: resumed " + (client.seq() - seqWhenCut) + " batches "
                + (System.nanoTime() - t0) / 1_000_000 + " ms after the server came back");
        assertTrue(ModelPicture.waitFor(() -> client.model().snapshot().participant(late.guid()).isPresent(), 10_000));
        assertSamePicture(c.model(), client.model());
        assertEquals(1, client.stats().snapshots(), "resumed, not snapshotted again");
        assertEquals(1, client.stats().resumes());
        assertEquals(journal.seq(), client.seq());
        assertNoDuplicates(client.model().snapshot(true));
    }

    @Test
    void aRestartedAgentSendsANewSnapshotAndNothingIsDoubled() throws Exception {
        Connection c = demo();
        ModelJournal journal = ModelJournal.attach(c.model());
        RemoteServer server = serve(journal, null);
        InetSocketAddress address = server.address();
        RemoteClient client = client(server);
        assertSamePicture(c.model(), client.model());
        server.close();
        journal.close();

        // as after a restart of the agent process: a new journal (new epoch) on the same system
        Participant late = closeAfterTest(c.domain().createParticipant(Qos.EMPTY.withEntityName("AfterRestart")));
        ModelJournal second = closeAfterTest(ModelJournal.attach(c.model()));
        serve(second, address);
        assertTrue(ModelPicture.waitFor(() -> client.stats().snapshots() == 2, 15_000), "no new snapshot: "
                + client.status());
        assertTrue(ModelPicture.waitFor(() -> client.model().snapshot().participant(late.guid()).isPresent(), 10_000));
        assertSamePicture(c.model(), client.model());
        assertNoDuplicates(client.model().snapshot(true));
        assertEquals(0, client.stats().resumes());
    }

    @Test
    void aClientKilledMidStreamFreesItsResources() throws Exception {
        Connection c = demo();
        ModelJournal journal = closeAfterTest(ModelJournal.attach(c.model()));
        RemoteServer server = serve(journal, null);
        RemoteClient kept = client(server); // another client, which must not notice
        RawClient raw = RawClient.tls13(server.address());
        ObjectNode welcome = raw.hello(TokenFile.read(dir.resolve("agent/token")));
        assertEquals(Protocol.WELCOME, welcome.get("type").asText());
        assertEquals(Protocol.SNAPSHOT, raw.frames.read().get("type").asText(), "mid-stream");
        assertEquals(2, server.stats().clients());
        assertEquals(2, journal.subscriberCount());

        raw.kill();
        assertTrue(ModelPicture.waitFor(() -> server.stats().clients() == 1 && journal.subscriberCount() == 1
                && server.openConnections() == 1, 10_000), "the killed client's session is still there: "
                        + server.stats());
        Participant late = closeAfterTest(c.domain().createParticipant(Qos.EMPTY.withEntityName("AfterKill")));
        assertTrue(ModelPicture.waitFor(() -> kept.model().snapshot().participant(late.guid()).isPresent(), 10_000));
        assertEquals(RemoteClient.State.CONNECTED, kept.status().state());
    }
}
