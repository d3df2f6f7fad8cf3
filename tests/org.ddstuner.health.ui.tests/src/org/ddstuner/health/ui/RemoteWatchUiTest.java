package org.ddstuner.health.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.ddstuner.connection.Connection;
import org.ddstuner.connection.ConnectionManager;
import org.ddstuner.connection.ConnectionProfile;
import org.ddstuner.health.AlertLog;
import org.ddstuner.health.Condition;
import org.ddstuner.health.HealthEvent;
import org.ddstuner.health.WatchRequest;
import org.ddstuner.health.remote.WatchOperations;
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
import org.ddstuner.testsupport.CliChild;
import org.ddstuner.testsupport.NetNs;
import org.eclipse.ui.IWorkbenchPage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The desktop connected to a real remote agent ({@link RemoteServer} with the health watch operations, TLS on
 * 127.0.0.1 in the private namespace) that serves a loopback domain with a {@link BeatWriter} (deadline 1 s): "Watch
 * Topic…" and "Watch Every Topic It Writes…" are enabled on the remote rows, Watch Topic on the remote topic makes the
 * agent run the watch (its reader is in the agent's domain), and pausing the writer (SIGSTOP) brings the deadline
 * problem into the Alerts view under the remote connection's label, then its clearing. The Alerts view no longer says
 * remote connections cannot be watched. Screenshot: target/screenshots/health-remote-alerts.png.
 */
class RemoteWatchUiTest {

    private static final int DOMAIN = 72;
    private static final String TOPIC = "RemoteBeat";

    @TempDir
    Path dir;

    @Test
    void watchTopicOnARemoteAgentShowsTheAgentsAlertsInTheAlertsView() throws Exception {
        NetNs.requireIsolated();
        Process writer = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED", "-cp", ChildClassPath.of(BeatWriter.class,
                        org.ddstuner.dds.Domain.class), BeatWriter.class.getName(), Integer.toString(DOMAIN), "beat",
                TOPIC).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        Connection local = null;
        RemoteServer server = null;
        RemoteConnection remote = null;
        LiveConnection remoteLive = null;
        try {
            assertEquals("READY", new BufferedReader(new InputStreamReader(writer.getInputStream(),
                    StandardCharsets.UTF_8)).readLine());
            // the agent's side (a connection of this process, shown too): the watch operations ddstuner serve registers
            local = ConnectionManager.get().open(ConnectionProfile.loopback("Agent side", DOMAIN));
            server = RemoteServer.serve(local, ServerOptions.defaults(dir.resolve("agent")));
            WatchOperations.all().forEach(server::register);
            InetSocketAddress a = server.address();
            ClientOptions o = ClientOptions.of(a.getHostString(), a.getPort(),
                    TokenFile.read(dir.resolve("agent/token"))).withKnownAgents(dir.resolve("known-agents"));
            o = o.withTrustFingerprint(CertificateProbe.fingerprint(o));
            remote = new RemoteConnection("Remote rig", RemoteClient.connect(o));
            ConnectionManager.get().add(remote);
            RemoteConnection rc = remote;
            Ui.waitUntil("the remote connection in the views", () -> LiveSystems.get().find(rc) != null,
                    () -> LiveSystems.get().connections().toString());
            LiveConnection live = LiveSystems.get().find(rc);
            remoteLive = live;
            assertFalse(live.isLocal());
            Ui.waitUntil("the writer seen through the agent", () -> live.snapshot().endpoints().stream()
                    .anyMatch(e -> e.topicName().equals(TOPIC)), () -> live.snapshot().endpoints().toString());

            TopicsView topics = Ui.view(ViewIds.TOPICS, TopicsView.class);
            String writerParticipant = live.snapshot().endpoints().stream().filter(e -> e.topicName().equals(TOPIC))
                    .findFirst().orElseThrow().participantGuid().toString();
            SystemView system = Ui.view(ViewIds.SYSTEM, SystemView.class);
            assertTrue(Ui.treeMenuEnabled(system, n -> n.kind() == Node.Kind.PARTICIPANT && n.connection() == live
                    && n.ref() != null && writerParticipant.equals(n.ref().key()), "the remote participant row",
                    "Watch Every Topic It Writes"), "the participant watch is enabled on a remote agent");
            Ui.answerWatchDialog(d -> {
            }); // the default rules: deadline missed is an error
            Ui.topicMenu(topics, live, TOPIC, "Watch Topic");
            Ui.waitUntil("the agent's watch reader on " + TOPIC, () -> HealthUi.get().watchedTopics().contains(TOPIC),
                    () -> HealthUi.get().watchedTopics().toString());
            assertTrue(HealthUi.get().watches().stream().anyMatch(w -> w.connection() == live
                    && w.request().target().equals(TOPIC)), HealthUi.get().watches().toString());
            // a second topic watch: its rules are named as the first's (the topics differ); the agent takes both
            HealthUi.get().addWatch(live, WatchRequest.topic("RemoteQuiet", null, null, null));
            Ui.spin(1500);
            assertEquals(List.of(), HealthUi.get().refusals(), "the agent runs the watches");
            assertTrue(HealthUi.activeOf(live).stream().noneMatch(e -> e.topic().equals(TOPIC)),
                    "a healthy writer fires nothing: " + HealthUi.activeOf(live));

            AlertsView alerts = Ui.view(AlertsView.ID, AlertsView.class);
            signal(writer, "STOP");
            try {
                Ui.waitUntil("the agent's deadline problem in the Alerts view", () -> remoteRows(alerts).stream()
                        .anyMatch(e -> e.event().kind() == HealthEvent.Kind.FIRED
                                && e.event().condition() == Condition.DEADLINE_MISSED), () -> alerts.table().rows()
                                        .toString());
                assertTrue(HealthUi.activeOf(live).stream().anyMatch(e -> e.condition() == Condition.DEADLINE_MISSED),
                        "firing on the remote connection: " + HealthUi.activeOf(live));
                Ui.waitUntil("the agent's liveliness problem too", () -> remoteRows(alerts).stream().anyMatch(e -> e
                        .event().condition() == Condition.LIVELINESS_LOST), () -> alerts.table().rows().toString());
                Ui.waitUntil("a popup for the agent's errors", () -> !HealthUi.get().notifier().shown().isEmpty(),
                        () -> "none");
                HealthUi.get().notifier().closeAll();
                Ui.spin(600); // a popup still queued for the timer shows now
                HealthUi.get().notifier().closeAll();
                alerts.table().refresh();
                String status = alerts.table().statusText();
                assertFalse(status.contains("not available"), status);
                Ui.page().activate(alerts);
                Ui.page().setPartState(Ui.page().getReference(alerts), IWorkbenchPage.STATE_MAXIMIZED);
                Ui.spin(400);
                Path shot = Ui.screenshot("health-remote-alerts");
                Ui.page().setPartState(Ui.page().getReference(alerts), IWorkbenchPage.STATE_RESTORED);
                System.out.println("screenshot: " + List.of(shot));
            } finally {
                signal(writer, "CONT");
            }
            Ui.waitUntil("the problem cleared through the agent", () -> remoteRows(alerts).stream()
                    .anyMatch(e -> e.event().kind() == HealthEvent.Kind.CLEARED
                            && e.event().condition() == Condition.DEADLINE_MISSED), () -> alerts.table().rows()
                                    .toString());
            HealthUi.get().notifier().closeAll();
        } finally {
            if (remoteLive != null) {
                LiveConnection l = remoteLive;
                HealthUi.get().watches().stream().filter(w -> w.connection() == l).toList()
                        .forEach(w -> HealthUi.get().stopWatch(l, w.request()));
            }
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

    /**
     * "Watch Topic…" on a remote topic offers the integer fields of its type as the sequence field, as on a local
     * connection: the agent resolves the type ({@code type-info}) of a demo process's topic (type information on the
     * wire) in its domain.
     */
    @Test
    void theWatchDialogOffersTheIntegerFieldsOfARemoteTopicsType() throws Exception {
        NetNs.requireIsolated();
        int domain = DOMAIN + 1;
        Connection local = null;
        RemoteServer server = null;
        RemoteConnection remote = null;
        try (CliChild demo = CliChild.start(null, "demo", "--domain", Integer.toString(domain), "--duration", "120")) {
            demo.awaitLine("READY", 60);
            local = ConnectionManager.get().open(ConnectionProfile.loopback("Agent side (types)", domain));
            server = RemoteServer.serve(local, ServerOptions.defaults(dir.resolve("types-agent")));
            org.ddstuner.remote.ops.Operations.samples().forEach(server::register); // type-info, as ddstuner serve
            InetSocketAddress a = server.address();
            ClientOptions o = ClientOptions.of(a.getHostString(), a.getPort(),
                    TokenFile.read(dir.resolve("types-agent/token"))).withKnownAgents(dir.resolve("known-agents"));
            o = o.withTrustFingerprint(CertificateProbe.fingerprint(o));
            remote = new RemoteConnection("Remote types", RemoteClient.connect(o));
            RemoteConnection rc = remote;
            Ui.waitUntil("the demo's SensorReadings writer seen through the agent", () -> rc.client().model()
                    .snapshot().endpoints().stream().anyMatch(e -> e.topicName().equals("SensorReadings")),
                    () -> "not yet");
            List<String> fields = SequenceFields.ofRemote(Ui.display(), rc, "SensorReadings", null);
            assertEquals(List.of("sensor_id", "seq"), fields, "the integer members of demo::SensorReading");
            assertEquals(null, SequenceFields.ofRemote(Ui.display(), rc, "NoSuchTopic", null),
                    "no type: the dialog offers a text field");
        } finally {
            if (remote != null) {
                remote.close();
            }
            if (server != null) {
                server.close();
            }
            if (local != null) {
                ConnectionManager.get().close(local);
            }
        }
    }

    /** The Alerts view's rows of the remote connection ("Remote rig (agent 127.0.0.1:…)"). */
    private static List<AlertLog.Entry> remoteRows(AlertsView alerts) {
        alerts.table().refresh();
        return alerts.table().rows().stream().filter(e -> e.connection().startsWith("Remote rig (agent ")
                && e.event().topic().equals(TOPIC)).toList();
    }

    private static void signal(Process p, String sig) throws Exception {
        assertEquals(0, new ProcessBuilder("kill", "-" + sig, Long.toString(p.pid())).start().waitFor());
    }
}
