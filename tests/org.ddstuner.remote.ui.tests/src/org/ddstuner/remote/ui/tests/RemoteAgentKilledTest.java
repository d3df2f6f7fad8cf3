package org.ddstuner.remote.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.ddstuner.connection.Connection;
import org.ddstuner.connection.ConnectionManager;
import org.ddstuner.connection.ConnectionProfile;
import org.ddstuner.dds.Participant;
import org.ddstuner.dds.Qos;
import org.ddstuner.demo.DemoSystem;
import org.ddstuner.remote.ClientOptions;
import org.ddstuner.remote.RemoteClient;
import org.ddstuner.remote.RemoteConnection;
import org.ddstuner.remote.TokenFile;
import org.ddstuner.system.ui.SystemView;
import org.ddstuner.system.ui.ViewIds;
import org.ddstuner.system.ui.live.LiveConnection;
import org.ddstuner.system.ui.live.LiveSystems;
import org.ddstuner.system.ui.tree.Node;
import org.ddstuner.testsupport.CliChild;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * Issue 15's faults: the agent killed and restarted. A real {@code ddstuner serve} process (a child JVM on the
 * product's headless bundles) serves the product's demo domain; the desktop connects to it. {@code kill -9} of that
 * process: the System view says "— disconnected since HH:MM:SS" on the connection's row and keeps the last picture
 * greyed, while the client retries with backoff (not hammering the port). The agent started again on the same port
 * (same identity and token, a new journal epoch): the client reconnects by itself, takes the new snapshot, and what
 * joined the domain meanwhile is there.
 */
class RemoteAgentKilledTest {

    private static final String NAME = "Killed agent";
    private static final Pattern READY = Pattern.compile("READY serving domain \\d+ on 127\\.0\\.0\\.1:(\\d+), .*");

    private static CliChild serve;
    private static RemoteConnection remote;
    private static Participant joiner;

    @AfterAll
    static void cleanUp() throws Exception {
        if (remote != null) {
            ConnectionManager.get().close(remote);
        }
        if (joiner != null) {
            joiner.close();
        }
        if (serve != null) {
            serve.close();
        }
    }

    private static CliChild serve(Path dir, int domain, String port) throws Exception {
        return CliChild.start(null, "serve", "--listen", "127.0.0.1:" + port, "--token-file",
                dir.resolve("token").toString(), "--identity-dir", dir.resolve("agent").toString(), "--domain",
                Integer.toString(domain));
    }

    @Test
    void aKilledAgentShowsDisconnectedSinceAndItsRestartIsCaughtUp() throws Exception {
        Path dir = Files.createTempDirectory("ddstuner-agent-killed");
        Ui.waitUntil("the local demo connection", () -> !ConnectionManager.get().connections().isEmpty(),
                () -> ConnectionManager.get().systems().toString());
        Connection demo = ConnectionManager.get().connections().get(0);
        int domain = demo.profile().domainId();
        assertEquals(ConnectionProfile.localDemo().domainId(), domain);
        serve = serve(dir, domain, "0");
        Matcher m = READY.matcher(serve.awaitLine("READY", 60));
        assertTrue(m.matches(), m.toString());
        String port = m.group(1);
        ClientOptions co = ClientOptions.of("127.0.0.1", Integer.parseInt(port), TokenFile.read(dir.resolve("token")))
                .withKnownAgents(dir.resolve("known-agents"));
        remote = new RemoteConnection(NAME, RemoteClient.connect(co));
        List<RemoteClient.Status> statuses = new CopyOnWriteArrayList<>();
        List<Instant> attempts = new CopyOnWriteArrayList<>();
        remote.client().addStatusListener(s -> {
            statuses.add(s);
            if (s.state() == RemoteClient.State.CONNECTING) {
                attempts.add(Instant.now());
            }
        });
        ConnectionManager.get().add(remote);
        Ui.page().showView(ViewIds.SYSTEM);
        SystemView system = Ui.view(ViewIds.SYSTEM, SystemView.class);
        Ui.waitUntil("the agent's system in the System view", () -> LiveSystems.get().find(remote) != null
                && rootOf(system) != null && rootOf(system).label().contains(DemoSystem.PARTICIPANTS.size() + " "
                        + "participants"), () -> labels(system));
        LiveConnection live = LiveSystems.get().find(remote);
        long snapshotsBefore = remote.client().stats().snapshots();

        serve.kill(); // SIGKILL: no bye, no close; the client finds out from the dead socket
        Ui.waitUntil("\"disconnected since\" on the agent's row", () -> rootOf(system) != null
                && rootOf(system).label().startsWith(remote.label() + " — disconnected since "), () -> labels(system));
        Node down = rootOf(system);
        assertTrue(down.stale(), "the last picture is greyed");
        assertTrue(down.children().length > 0, "the last picture stays");
        joiner = demo.domain().createParticipant(Qos.EMPTY.withEntityName("Joined while the agent was dead"));
        Ui.spin(12_000); // the client retries meanwhile, backing off
        system.tree().viewer().expandToLevel(down, 2);
        Ui.spin(300);
        Ui.screenshot("remote-09-agent-killed-disconnected-since");
        int tries = attempts.size();
        assertTrue(tries >= 3 && tries <= 12, "reconnect attempts in 12 s, backing off from 250 ms: " + attempts);

        serve = serve(dir, domain, port); // same identity (pinned certificate), same token, a new journal epoch
        serve.awaitLine("READY", 60);
        Ui.waitUntil(Duration.ofSeconds(60), "the connection back and caught up", () -> !live.stale()
                && live.snapshot().participants().stream().anyMatch(p -> p.alive()
                        && "Joined while the agent was dead".equals(p.name())),
                () -> labels(system) + " " + remote.client().stats() + " " + statuses);
        assertTrue(remote.client().stats().snapshots() > snapshotsBefore, "a restarted agent's new epoch: a new "
                + "snapshot " + remote.client().stats());
        Ui.waitUntil("the row without the note", () -> rootOf(system) != null
                && !rootOf(system).label().contains("disconnected"), () -> labels(system));
        assertFalse(rootOf(system).stale());
        system.tree().viewer().expandToLevel(rootOf(system), 2);
        Ui.spin(500);
        Ui.screenshot("remote-10-agent-restarted-caught-up");
    }

    private static Node rootOf(SystemView system) {
        return system.tree().roots().stream().filter(n -> n.label().startsWith(remote.label())).findFirst()
                .orElse(null);
    }

    private static String labels(SystemView system) {
        return system.tree().roots().stream().map(Node::label).toList().toString();
    }
}
