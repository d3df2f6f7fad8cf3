package org.ddstuner.health.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.ddstuner.connection.Connection;
import org.ddstuner.connection.ConnectionManager;
import org.ddstuner.connection.ConnectionProfile;
import org.ddstuner.health.Condition;
import org.ddstuner.health.HealthEvent;
import org.ddstuner.health.Severity;
import org.ddstuner.health.WatchRequest;
import org.ddstuner.health.WatchStore;
import org.ddstuner.system.ui.SystemView;
import org.ddstuner.system.ui.TopicsView;
import org.ddstuner.system.ui.ViewIds;
import org.ddstuner.system.ui.live.LiveConnection;
import org.ddstuner.system.ui.live.LiveSystems;
import org.ddstuner.system.ui.tree.Node;
import org.ddstuner.testsupport.BeatWriter;
import org.ddstuner.testsupport.ChildClassPath;
import org.ddstuner.testsupport.NetNs;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Text;
import org.eclipse.ui.IWorkbenchPage;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * Watches asked for from the desktop, against a {@link BeatWriter} (20 samples/s) in another process: "Watch
 * Topic…" with a rate floor of 50 samples/s and severity error (the dialog filled in and photographed), the watch
 * listed in the Alerts view and its rate-below problem firing there; "Stop Watch" closes its reader and clears the
 * problem; "Watch Every Topic It Writes…" on the writer's participant row in the System view watches its topic;
 * "Watch Every Topic It Reads…" on the row of a participant that only reads (a {@link BeatWriter} in reader mode)
 * watches the topic it reads. A watch survives a restart of its connection: kept in the state location for the
 * connection's profile, it comes back when a connection of that profile opens again.
 * Screenshots: target/screenshots/health-watch-*.png.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class WatchRequestsUiTest {

    private static final int DOMAIN = 68;
    private static final String TOPIC = "WatchedBeat";
    private static final String READ_TOPIC = "ReadOnlyBeat";
    private static Process writer;
    private static Connection connection;
    private static LiveConnection live;

    @BeforeAll
    static void writerAndConnection() throws Exception {
        NetNs.requireIsolated();
        String cp = ChildClassPath.of(BeatWriter.class, org.ddstuner.dds.Domain.class);
        writer = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED", "-cp", cp, BeatWriter.class.getName(), Integer.toString(DOMAIN),
                "beat", TOPIC).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        BufferedReader out = new BufferedReader(new InputStreamReader(writer.getInputStream(), StandardCharsets.UTF_8));
        assertEquals("READY", out.readLine());
        connection = ConnectionManager.get().open(ConnectionProfile.loopback("Watch rig", DOMAIN));
        Ui.waitUntil("the rig connection in the views", () -> LiveSystems.get().find(connection) != null,
                () -> LiveSystems.get().connections().toString());
        live = LiveSystems.get().find(connection);
        Ui.waitUntil("the " + TOPIC + " writer", () -> connection.model().snapshot(false).endpoints().stream()
                .anyMatch(e -> e.topicName().equals(TOPIC)), () -> connection.model().snapshot(false).endpoints().toString());
    }

    @AfterAll
    static void stop() throws Exception {
        if (writer != null) {
            writer.destroy();
            writer.waitFor(5, TimeUnit.SECONDS);
        }
        if (connection != null) {
            ConnectionManager.get().close(connection);
        }
    }

    private static List<HealthUi.Watch> mine() {
        return HealthUi.get().watches().stream().filter(w -> w.connection() == live).toList();
    }

    private static boolean logged(AlertsView alerts, String rule, HealthEvent.Kind kind) {
        alerts.table().refresh();
        return alerts.table().rows().stream().anyMatch(e -> e.connection().equals(live.label())
                && e.event().topic().equals(TOPIC) && e.event().rule().equals(rule) && e.event().kind() == kind);
    }

    @Test
    @Order(1)
    void watchTopicWithARateFloor() {
        TopicsView topics = Ui.view(ViewIds.TOPICS, TopicsView.class);
        Path[] dialogShot = new Path[1];
        Ui.answerWatchDialog(d -> {
            var f = d.fields();
            ((Button) f[0]).setSelection(true);
            ((Text) f[1]).setText("50");
            ((Button) f[2]).setSelection(true);
            ((Text) f[3]).setText("3");
            ((Combo) f[4]).select(3); // error
            d.fieldsChanged();
            dialogShot[0] = Ui.screenshot("health-watch-dialog");
        });
        Ui.topicMenu(topics, live, TOPIC, "Watch Topic");
        assertEquals(1, mine().size(), HealthUi.get().watches().toString());
        WatchRequest r = mine().get(0).request();
        assertEquals(WatchRequest.Scope.TOPIC, r.scope());
        assertEquals(50.0, r.rateFloor());
        assertEquals(3.0, r.silenceSeconds());
        assertEquals(Severity.ERROR, r.severity());
        AlertsView alerts = Ui.view(AlertsView.ID, AlertsView.class);
        Ui.waitUntil("the watch in the Alerts view", () -> alerts.watches().rows().stream()
                .anyMatch(w -> w.connection() == live), () -> alerts.watches().rows().toString());
        Ui.waitUntil("rate-below fired (20 samples/s < 50)", () -> logged(alerts, "rate-below", HealthEvent.Kind.FIRED),
                () -> alerts.table().rows().toString());
        HealthEvent fired = alerts.table().rows().stream().map(e -> e.event())
                .filter(e -> e.rule().equals("rate-below") && e.topic().equals(TOPIC)).findFirst().orElseThrow();
        assertEquals(Condition.RATE_BELOW, fired.condition());
        assertEquals(Severity.ERROR, fired.severity());
        assertTrue(fired.detail().contains("below 50"), fired.detail());
        assertTrue(alerts.table().rows().stream().noneMatch(e -> e.event().topic().equals(TOPIC)
                && e.event().rule().equals("silence")), "the writer is not silent");
        HealthUi.get().notifier().closeAll();
        Ui.page().activate(alerts);
        Ui.page().setPartState(Ui.page().getReference(alerts), IWorkbenchPage.STATE_MAXIMIZED);
        alerts.watches().viewer().getTable().select(0);
        Path shot = Ui.screenshot("health-watch-alerts");
        Ui.page().setPartState(Ui.page().getReference(alerts), IWorkbenchPage.STATE_RESTORED);
        System.out.println("screenshots: " + List.of(dialogShot[0], shot));
    }

    @Test
    @Order(2)
    void stopWatchClosesTheReaderAndClearsItsProblems() {
        AlertsView alerts = Ui.view(AlertsView.ID, AlertsView.class);
        alerts.watches().refresh();
        int row = alerts.watches().rows().indexOf(mine().get(0));
        alerts.watches().viewer().getTable().setSelection(row);
        alerts.watches().viewer().setSelection(alerts.watches().viewer().getSelection()); // viewer reads the table
        alerts.watches().stopSelected();
        assertEquals(List.of(), mine());
        Ui.waitUntil("the watch reader closed", () -> !HealthUi.get().watchedTopics().contains(TOPIC),
                () -> HealthUi.get().watchedTopics().toString());
        Ui.waitUntil("rate-below cleared", () -> logged(alerts, "rate-below", HealthEvent.Kind.CLEARED),
                () -> alerts.table().rows().toString());
    }

    @Test
    @Order(3)
    void watchEveryTopicTheParticipantWrites() {
        SystemView system = Ui.view(ViewIds.SYSTEM, SystemView.class);
        String participant = connection.model().snapshot(false).endpoints().stream()
                .filter(e -> e.topicName().equals(TOPIC)).findFirst().orElseThrow().participantGuid().toString();
        Ui.answerWatchDialog(d -> {
        });
        Ui.treeMenu(system, n -> n.kind() == Node.Kind.PARTICIPANT && n.connection() == live && n.ref() != null
                && participant.equals(n.ref().key()), "the writer's participant row", "Watch Every Topic It Writes");
        assertEquals(1, mine().size(), HealthUi.get().watches().toString());
        assertEquals(WatchRequest.Scope.WRITES, mine().get(0).request().scope());
        Ui.waitUntil("its topic watched", () -> HealthUi.get().watchedTopics().contains(TOPIC),
                () -> HealthUi.get().watchedTopics().toString());
        HealthUi.get().stopWatch(live, mine().get(0).request());
        Ui.waitUntil("the watch reader closed", () -> !HealthUi.get().watchedTopics().contains(TOPIC),
                () -> HealthUi.get().watchedTopics().toString());
    }

    @Test
    @Order(4)
    void watchEveryTopicAReaderReads() throws Exception {
        Process reader = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED", "-cp", ChildClassPath.of(BeatWriter.class,
                        org.ddstuner.dds.Domain.class), BeatWriter.class.getName(), Integer.toString(DOMAIN), "reader",
                READ_TOPIC).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        try {
            BufferedReader out = new BufferedReader(new InputStreamReader(reader.getInputStream(),
                    StandardCharsets.UTF_8));
            assertEquals("READY", out.readLine());
            Ui.waitUntil("the " + READ_TOPIC + " reader", () -> connection.model().snapshot(false).endpoints().stream()
                    .anyMatch(e -> e.topicName().equals(READ_TOPIC) && e.isReader()),
                    () -> connection.model().snapshot(false).endpoints().toString());
            String participant = connection.model().snapshot(false).endpoints().stream()
                    .filter(e -> e.topicName().equals(READ_TOPIC) && e.isReader()).findFirst().orElseThrow()
                    .participantGuid().toString();
            // the views' snapshot (which the command reads) may show the participant before its reader
            Ui.waitUntil("the reader in the views' snapshot", () -> live.snapshot().endpoints().stream()
                    .anyMatch(e -> e.topicName().equals(READ_TOPIC) && e.isReader()),
                    () -> live.snapshot().endpoints().toString());
            SystemView system = Ui.view(ViewIds.SYSTEM, SystemView.class);
            Ui.answerWatchDialog(d -> {
            });
            Ui.treeMenu(system, n -> n.kind() == Node.Kind.PARTICIPANT && n.connection() == live && n.ref() != null
                    && participant.equals(n.ref().key()), "the reader's participant row", "Watch Every Topic It Reads");
            assertEquals(1, mine().size(), HealthUi.get().watches().toString());
            WatchRequest r = mine().get(0).request();
            assertEquals(WatchRequest.Scope.READS, r.scope());
            assertEquals(List.of(READ_TOPIC), r.topics());
            Ui.waitUntil("the topic it reads watched", () -> HealthUi.get().watchedTopics().contains(READ_TOPIC),
                    () -> HealthUi.get().watchedTopics().toString());
            HealthUi.get().stopWatch(live, r);
            Ui.waitUntil("the watch reader closed", () -> !HealthUi.get().watchedTopics().contains(READ_TOPIC),
                    () -> HealthUi.get().watchedTopics().toString());
        } finally {
            reader.destroy();
            reader.waitFor(5, TimeUnit.SECONDS);
        }
    }

    @Test
    @Order(5)
    void aWatchComesBackWhenItsConnectionOpensAgain() {
        WatchRequest asked = WatchRequest.topic(TOPIC, null, 4.0, Severity.WARNING);
        HealthUi.get().addWatch(live, asked);
        String profile = connection.name();
        assertEquals(List.of(asked), new WatchStore(HealthUi.get().store().file()).of(profile),
                "kept in the state location (as read after a restart)");
        assertTrue(HealthUi.get().store().file().startsWith(HealthUi.get().log().file().getParent()),
                "beside the Alerts history: " + HealthUi.get().store().file());
        ConnectionManager.get().close(connection);
        Ui.waitUntil("the connection gone", () -> LiveSystems.get().find(connection) == null,
                () -> LiveSystems.get().connections().toString());
        assertEquals(List.of(), mine(), "no watch on a closed connection");
        connection = ConnectionManager.get().open(ConnectionProfile.loopback(profile, DOMAIN));
        Ui.waitUntil("the connection open again", () -> LiveSystems.get().find(connection) != null,
                () -> LiveSystems.get().connections().toString());
        live = LiveSystems.get().find(connection);
        Ui.waitUntil("the watch restored", () -> mine().stream().anyMatch(w -> w.request().equals(asked)),
                () -> HealthUi.get().watches().toString());
        Ui.waitUntil("its reader open", () -> HealthUi.get().watchedTopics().contains(TOPIC),
                () -> HealthUi.get().watchedTopics().toString());
        HealthUi.get().stopWatch(live, asked);
        assertEquals(List.of(), HealthUi.get().store().of(profile), "a stopped watch is forgotten");
        Ui.waitUntil("the watch reader closed", () -> !HealthUi.get().watchedTopics().contains(TOPIC),
                () -> HealthUi.get().watchedTopics().toString());
    }
}
