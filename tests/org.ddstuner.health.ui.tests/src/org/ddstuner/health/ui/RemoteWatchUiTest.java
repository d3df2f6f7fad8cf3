package org.ddstuner.health.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.ddstuner.connection.Connection;
import org.ddstuner.connection.ConnectionManager;
import org.ddstuner.connection.ConnectionProfile;
import org.ddstuner.health.WatchRequest;
import org.ddstuner.remote.CertificateProbe;
import org.ddstuner.remote.ClientOptions;
import org.ddstuner.remote.RemoteClient;
import org.ddstuner.remote.RemoteConnection;
import org.ddstuner.remote.RemoteServer;
import org.ddstuner.remote.ServerOptions;
import org.ddstuner.remote.TokenFile;
import org.ddstuner.system.ui.SystemView;
import org.ddstuner.system.ui.TopicsView;
import org.ddstuner.system.ui.ViewIds;
import org.ddstuner.system.ui.live.LiveConnection;
import org.ddstuner.system.ui.live.LiveSystems;
import org.ddstuner.system.ui.tree.Node;
import org.ddstuner.testsupport.BeatWriter;
import org.ddstuner.testsupport.ChildClassPath;
import org.ddstuner.testsupport.NetNs;
import org.eclipse.ui.IWorkbenchPage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The desktop connected to a real {@code ddstuner serve} agent ({@link RemoteServer}, TLS on 127.0.0.1 in the private
 * namespace) that serves a loopback connection with a {@link BeatWriter}: health cannot watch a remote topic (it needs
 * readers of its own in the domain), so "Watch Topic…" and "Watch Every Topic It Writes…" are disabled on the remote
 * rows while enabled on the same topic of the local connection, the Alerts view says why, a rules file loaded with
 * the remote connection open watches only the local one, and {@link HealthUi#addWatch} refuses with the reason.
 * Screenshot: target/screenshots/health-remote-alerts.png.
 */
class RemoteWatchUiTest {

    private static final int DOMAIN = 72;
    private static final String TOPIC = "RemoteBeat";

    @TempDir
    Path dir;

    @Test
    void watchesAreDisabledOnARemoteAgentWithTheReason() throws Exception {
        NetNs.requireIsolated();
        Process writer = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED", "-cp", ChildClassPath.of(BeatWriter.class,
                        org.ddstuner.dds.Domain.class), BeatWriter.class.getName(), Integer.toString(DOMAIN), "beat",
                TOPIC).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        Connection local = null;
        RemoteServer server = null;
        RemoteConnection remote = null;
        try {
            assertEquals("READY", new BufferedReader(new InputStreamReader(writer.getInputStream(),
                    StandardCharsets.UTF_8)).readLine());
            local = ConnectionManager.get().open(ConnectionProfile.loopback("Agent side", DOMAIN));
            server = RemoteServer.serve(local, ServerOptions.defaults(dir.resolve("agent")));
            InetSocketAddress a = server.address();
            ClientOptions o = ClientOptions.of(a.getHostString(), a.getPort(),
                    TokenFile.read(dir.resolve("agent/token"))).withKnownAgents(dir.resolve("known-agents"));
            o = o.withTrustFingerprint(CertificateProbe.fingerprint(o));
            remote = new RemoteConnection("Remote rig", RemoteClient.connect(o));
            ConnectionManager.get().add(remote);
            RemoteConnection rc = remote;
            Connection lc = local;
            Ui.waitUntil("both connections in the views", () -> LiveSystems.get().find(rc) != null
                    && LiveSystems.get().find(lc) != null, () -> LiveSystems.get().connections().toString());
            LiveConnection remoteLive = LiveSystems.get().find(rc);
            LiveConnection localLive = LiveSystems.get().find(lc);
            assertFalse(remoteLive.isLocal());
            Ui.waitUntil("the writer seen through the agent", () -> remoteLive.snapshot().endpoints().stream()
                    .anyMatch(e -> e.topicName().equals(TOPIC)), () -> remoteLive.snapshot().endpoints().toString());

            TopicsView topics = Ui.view(ViewIds.TOPICS, TopicsView.class);
            assertFalse(Ui.treeMenuEnabled(topics, row(remoteLive), "the remote topic row", "Watch Topic"),
                    "Watch Topic is disabled on a remote agent's topic");
            assertTrue(Ui.treeMenuEnabled(topics, row(localLive), "the local topic row", "Watch Topic"),
                    "and enabled on the same topic of a local connection");
            String writerParticipant = remoteLive.snapshot().endpoints().stream()
                    .filter(e -> e.topicName().equals(TOPIC)).findFirst().orElseThrow().participantGuid().toString();
            SystemView system = Ui.view(ViewIds.SYSTEM, SystemView.class);
            assertFalse(Ui.treeMenuEnabled(system, n -> n.kind() == Node.Kind.PARTICIPANT && n.connection() == remoteLive
                    && n.ref() != null && writerParticipant.equals(n.ref().key()), "the remote participant row",
                    "Watch Every Topic It Writes"));

            IllegalStateException refused = assertThrows(IllegalStateException.class,
                    () -> HealthUi.get().addWatch(remoteLive, WatchRequest.topic(TOPIC, null, null, null)));
            assertTrue(refused.getMessage().startsWith("Health watches are not available on Remote rig"),
                    refused.getMessage());
            assertTrue(HealthUi.get().watches().stream().noneMatch(w -> w.connection() == remoteLive));

            Path rules = dir.resolve("rules.json");
            Files.writeString(rules, "{\"rules\": [{\"name\": \"beat-silence\", \"when\": \"silence\", \"topic\": \""
                    + TOPIC + "\", \"threshold\": 30}]}");
            HealthUi.get().loadRules(rules); // with the remote connection open: no failure, the local one is watched
            Ui.waitUntil("the local topic watched", () -> HealthUi.get().watchedTopics().contains(TOPIC),
                    () -> HealthUi.get().watchedTopics().toString());
            assertEquals(1, HealthUi.get().watchedTopics().stream().filter(TOPIC::equals).count(),
                    "one watch reader: the local connection's");

            AlertsView alerts = Ui.view(AlertsView.ID, AlertsView.class);
            alerts.table().refresh();
            String status = alerts.table().statusText();
            assertTrue(status.contains("Health watches are not available on Remote rig: a watch needs readers"),
                    status);
            Ui.page().activate(alerts);
            Ui.page().setPartState(Ui.page().getReference(alerts), IWorkbenchPage.STATE_MAXIMIZED);
            Ui.spin(300);
            Path shot = Ui.screenshot("health-remote-alerts");
            Ui.page().setPartState(Ui.page().getReference(alerts), IWorkbenchPage.STATE_RESTORED);
            System.out.println("screenshot: " + List.of(shot));
        } finally {
            Path none = dir.resolve("none.json");
            Files.writeString(none, "{\"rules\": []}");
            HealthUi.get().loadRules(none);
            if (remote != null) {
                ConnectionManager.get().close(remote);
            }
            if (server != null) {
                server.close();
            }
            if (local != null) {
                ConnectionManager.get().close(local);
            }
            writer.destroy();
            writer.waitFor(5, TimeUnit.SECONDS);
        }
    }

    private static java.util.function.Predicate<Node> row(LiveConnection c) {
        return n -> n.kind() == Node.Kind.TOPIC && n.connection() == c && n.text().startsWith(TOPIC + " : ");
    }
}
