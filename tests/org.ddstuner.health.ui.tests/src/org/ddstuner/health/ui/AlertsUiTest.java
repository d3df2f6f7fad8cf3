package org.ddstuner.health.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.ddstuner.connection.Connection;
import org.ddstuner.connection.ConnectionManager;
import org.ddstuner.connection.ConnectionProfile;
import org.ddstuner.health.AlertLog;
import org.ddstuner.health.HealthEvent;
import org.ddstuner.system.Problem;
import org.ddstuner.system.ui.ProblemsView;
import org.ddstuner.system.ui.TopicsView;
import org.ddstuner.system.ui.ViewIds;
import org.ddstuner.system.ui.live.LiveConnection;
import org.ddstuner.system.ui.live.LiveSystems;
import org.ddstuner.system.ui.problems.ProblemRow;
import org.ddstuner.testsupport.BeatWriter;
import org.ddstuner.testsupport.ChildClassPath;
import org.ddstuner.testsupport.NetNs;
import org.eclipse.ui.IWorkbenchPage;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * The product's workbench with a writer in another process (a {@link BeatWriter}, deadline 300 ms, liveliness lease
 * 1 s) on a loopback connection in a private namespace: "Watch Topic" from the Topics view's menu, then the writer
 * is paused with SIGSTOP. The deadline and liveliness problems fire in the Problems view (with their time), in the
 * Alerts view and as a popup; after SIGCONT they clear (the Problems view shows the cleared time). The Alerts history
 * reads back from its file as after a restart. Screenshots: target/screenshots/health-*.png.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class AlertsUiTest {

    private static final int DOMAIN = 66;
    private static final String TOPIC = "HealthBeat";
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
        connection = ConnectionManager.get().open(ConnectionProfile.loopback("Test rig", DOMAIN));
        Ui.waitUntil("the rig connection in the views", () -> LiveSystems.get().find(connection) != null,
                () -> LiveSystems.get().connections().toString());
        live = LiveSystems.get().find(connection);
        Ui.waitUntil("the " + TOPIC + " writer", () -> connection.model().snapshot(false).endpoints().stream()
                .anyMatch(e -> e.topicName().equals(TOPIC)), () -> connection.model().snapshot(false).endpoints().toString());
    }

    @AfterAll
    static void stop() throws Exception {
        if (writer != null) {
            signal("CONT");
            writer.destroy();
            writer.waitFor(5, TimeUnit.SECONDS);
        }
        if (connection != null) {
            ConnectionManager.get().close(connection);
        }
    }

    private static void signal(String sig) throws Exception {
        assertEquals(0, new ProcessBuilder("kill", "-" + sig, Long.toString(writer.pid())).start().waitFor());
    }

    private static List<ProblemRow> watchRows(ProblemsView problems) {
        problems.problems().refresh();
        Ui.spin(50);
        return problems.problems().rows().stream().filter(r -> r.problem().kind() == Problem.Kind.WATCH).toList();
    }

    private static boolean firing(List<ProblemRow> rows, String rule) {
        return rows.stream().anyMatch(r -> r.cleared() == null && r.problem().summary().startsWith(rule + " on \"" + TOPIC));
    }

    private static boolean cleared(List<ProblemRow> rows, String rule) {
        return rows.stream().anyMatch(r -> r.cleared() != null && r.problem().summary().startsWith(rule + " on \"" + TOPIC));
    }

    @Test
    @Order(1)
    void watchTopicFromTheTopicsMenu() {
        TopicsView topics = Ui.view(ViewIds.TOPICS, TopicsView.class);
        Ui.answerWatchDialog(d -> {
        }); // the default rules
        Ui.topicMenu(topics, live, TOPIC, "Watch Topic");
        Ui.waitUntil("a watch reader on " + TOPIC, () -> HealthUi.get().watchedTopics().contains(TOPIC),
                () -> HealthUi.get().watchedTopics().toString());
        assertTrue(Ui.page().findView(AlertsView.ID) != null, "Watch Topic opens the Alerts view");
        Ui.spin(1500);
        assertEquals(0, HealthUi.get().activeCount(), "a healthy writer fires nothing");
    }

    @Test
    @Order(2)
    void pausedWriterFiresThenClears() throws Exception {
        ProblemsView problems = Ui.view(ViewIds.PROBLEMS, ProblemsView.class);
        int popupsBefore = HealthUi.get().notifier().shown().size();
        signal("STOP");
        Ui.waitUntil("deadline and liveliness problems in the Problems view", () -> {
            List<ProblemRow> r = watchRows(problems);
            return firing(r, "deadline-missed") && firing(r, "liveliness-lost");
        }, () -> watchRows(problems).toString());
        Ui.waitUntil("a popup for the new errors", () -> HealthUi.get().notifier().shown().size() > popupsBefore,
                () -> HealthUi.get().notifier().shown().toString());
        assertTrue(HealthUi.get().notifier().openPopups().size() >= 1);
        Path popup = Ui.screenshot("health-popup");
        HealthUi.get().notifier().closeAll();
        Ui.page().activate(problems);
        Ui.page().setPartState(Ui.page().getReference(problems), IWorkbenchPage.STATE_MAXIMIZED);
        Ui.spin(300);
        Path shot1 = Ui.screenshot("health-problems-firing");
        Ui.page().setPartState(Ui.page().getReference(problems), IWorkbenchPage.STATE_RESTORED);
        AlertsView alerts = Ui.view(AlertsView.ID, AlertsView.class);
        Ui.page().activate(alerts);
        Ui.page().setPartState(Ui.page().getReference(alerts), IWorkbenchPage.STATE_MAXIMIZED);
        Ui.waitUntil("fired events in the Alerts view", () -> alerts.table().rows().stream()
                .filter(e -> e.event().kind() == HealthEvent.Kind.FIRED && e.event().topic().equals(TOPIC)).count() >= 2,
                () -> alerts.table().rows().toString());
        Path shot2 = Ui.screenshot("health-alerts-firing");
        Thread.sleep(1000);
        signal("CONT");
        Ui.waitUntil("the problems clear", () -> {
            List<ProblemRow> r = watchRows(problems);
            return cleared(r, "deadline-missed") && cleared(r, "liveliness-lost") && !firing(r, "deadline-missed")
                    && !firing(r, "liveliness-lost");
        }, () -> watchRows(problems).toString());
        Ui.waitUntil("cleared events in the Alerts view", () -> alerts.table().rows().stream()
                .anyMatch(e -> e.event().kind() == HealthEvent.Kind.CLEARED), () -> alerts.table().rows().toString());
        HealthUi.get().notifier().closeAll();
        Ui.spin(400);
        Path shot3 = Ui.screenshot("health-alerts-cleared");
        Ui.page().setPartState(Ui.page().getReference(alerts), IWorkbenchPage.STATE_RESTORED);
        Ui.page().activate(problems);
        Ui.page().setPartState(Ui.page().getReference(problems), IWorkbenchPage.STATE_MAXIMIZED);
        Ui.spin(300);
        Path shot4 = Ui.screenshot("health-problems-cleared");
        Ui.page().setPartState(Ui.page().getReference(problems), IWorkbenchPage.STATE_RESTORED);
        System.out.println("screenshots: " + List.of(popup, shot1, shot2, shot3, shot4));
    }

    @Test
    @Order(3)
    void historyReadsBackAfterARestart() {
        AlertLog log = HealthUi.get().log();
        assertTrue(log.file() != null && log.file().toFile().isFile(), "history file " + log.file());
        List<AlertLog.Entry> again = new ArrayList<>(new AlertLog(log.file(), 2000).entries());
        assertEquals(log.entries(), again);
        assertTrue(again.stream().anyMatch(e -> e.connection().equals(live.label())
                && e.event().rule().equals("deadline-missed") && e.event().kind() == HealthEvent.Kind.CLEARED));
    }
}
