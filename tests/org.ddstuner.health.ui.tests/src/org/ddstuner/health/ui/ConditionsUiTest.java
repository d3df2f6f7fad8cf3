package org.ddstuner.health.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.ddstuner.connection.Connection;
import org.ddstuner.connection.ConnectionManager;
import org.ddstuner.connection.ConnectionProfile;
import org.ddstuner.health.HealthEvent;
import org.ddstuner.system.Problem;
import org.ddstuner.system.ui.ProblemsView;
import org.ddstuner.system.ui.ViewIds;
import org.ddstuner.system.ui.live.LiveConnection;
import org.ddstuner.system.ui.live.LiveSystems;
import org.ddstuner.system.ui.problems.ProblemRow;
import org.ddstuner.testsupport.BeatWriter;
import org.ddstuner.testsupport.ChildClassPath;
import org.ddstuner.testsupport.NetNs;
import org.ddstuner.testsupport.PeerProcess;
import org.ddstuner.testsupport.Peers;
import org.eclipse.ui.IWorkbenchPage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The conditions that come from who writes and reads a topic, in the desktop in one session (one workbench, one
 * connection, a rules file loaded in the Alerts view): two writers whose ownership no reader can match both
 * ({@link BeatWriter} beat + exclusive: incompatible QoS), two versions of a type that cannot read each other (the
 * Cyclone DDS 11 Python peers, when their venv is there: type mismatch), and a writer with an application's reader
 * that both go away (no readers any more, then no writers any more and silence). Each shows in the Alerts view and in
 * the Problems view. Screenshots: target/screenshots/health-conditions-*.png.
 */
class ConditionsUiTest {

    private static final int DOMAIN = 73;

    @TempDir
    Path dir;

    private final List<Process> children = new ArrayList<>();

    private Process child(String mode, String topic) throws Exception {
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED", "-cp", ChildClassPath.of(BeatWriter.class,
                        org.ddstuner.dds.Domain.class), BeatWriter.class.getName(), Integer.toString(DOMAIN), mode, topic)
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        children.add(p);
        assertEquals("READY", new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))
                .readLine());
        return p;
    }

    @Test
    void whoWritesAndReadsFiresInAlertsAndProblems() throws Exception {
        NetNs.requireIsolated();
        Path rules = dir.resolve("conditions.json");
        Files.writeString(rules, """
                {"rules": [
                  {"name": "owned-qos", "when": "incompatible-qos", "topic": "CondOwned", "severity": "error"},
                  {"name": "readings-type", "when": "type-mismatch", "topic": "Readings", "severity": "error"},
                  {"name": "beat-readers", "when": "no-readers", "topic": "CondBeat", "severity": "warning"},
                  {"name": "beat-writers", "when": "no-writers", "topic": "CondBeat", "severity": "error"},
                  {"name": "beat-silence", "when": "silence", "topic": "CondBeat", "threshold": 1.5}
                ]}""", StandardCharsets.UTF_8);
        boolean peers = Peers.available();
        List<PeerProcess> peerProcs = new ArrayList<>();
        Connection connection = null;
        try {
            child("beat", "CondOwned");
            child("exclusive", "CondOwned");
            Process beat = child("beat", "CondBeat");
            Process reader = child("reader", "CondBeat");
            if (peers) {
                peerProcs.add(Peers.start("version_peer", DOMAIN, "--version", "1"));
                peerProcs.add(Peers.start("version_peer", DOMAIN, "--version", "3"));
            }
            connection = ConnectionManager.get().open(ConnectionProfile.loopback("Conditions rig", DOMAIN));
            Connection c = connection;
            Ui.waitUntil("the rig connection in the views", () -> LiveSystems.get().find(c) != null,
                    () -> LiveSystems.get().connections().toString());
            LiveConnection live = LiveSystems.get().find(c);
            Ui.waitUntil("the CondBeat reader", () -> c.model().snapshot(false).endpoints().stream()
                    .anyMatch(e -> e.topicName().equals("CondBeat") && e.isReader()),
                    () -> c.model().snapshot(false).endpoints().toString());
            AlertsView alerts = Ui.view(AlertsView.ID, AlertsView.class);
            ProblemsView problems = Ui.view(ViewIds.PROBLEMS, ProblemsView.class);
            HealthUi.get().loadRules(rules);

            List<String> fired = new ArrayList<>(List.of("owned-qos"));
            if (peers) {
                fired.add("readings-type");
            }
            for (String r : fired) {
                awaitBoth(alerts, problems, live, r);
            }
            Ui.spin(1000);
            assertTrue(!logged(alerts, live, "beat-readers", HealthEvent.Kind.FIRED)
                    && !logged(alerts, live, "beat-silence", HealthEvent.Kind.FIRED),
                    "the beat and its reader are healthy: " + alerts.table().rows());
            assertEquals("1 of 2 writer(s) not matched: incompatible OWNERSHIP", event(alerts, live, "owned-qos").detail());

            reader.getOutputStream().close(); // the application's reader deletes its entities and exits
            awaitBoth(alerts, problems, live, "beat-readers");
            assertTrue(event(alerts, live, "beat-readers").detail().startsWith("no reader of the topic is alive any more"));
            showMaximized(alerts, "health-conditions-alerts");
            showMaximized(problems, "health-conditions-problems");

            beat.getOutputStream().close(); // the writer deletes its entities and exits
            awaitBoth(alerts, problems, live, "beat-writers");
            awaitBoth(alerts, problems, live, "beat-silence");
            assertTrue(event(alerts, live, "beat-silence").detail().startsWith("no sample for "),
                    event(alerts, live, "beat-silence").detail());
            HealthUi.get().notifier().closeAll();
            showMaximized(alerts, "health-conditions-gone");
        } finally {
            HealthUi.get().notifier().closeAll();
            Path none = dir.resolve("none.json");
            Files.writeString(none, "{\"rules\": []}");
            HealthUi.get().loadRules(none);
            if (connection != null) {
                ConnectionManager.get().close(connection);
            }
            for (PeerProcess p : peerProcs) {
                p.close();
            }
            for (Process p : children) {
                p.destroy();
                p.waitFor(5, TimeUnit.SECONDS);
            }
        }
    }

    private static void showMaximized(org.eclipse.ui.IViewPart v, String name) {
        HealthUi.get().notifier().closeAll(); // the popups would cover the rows
        Ui.page().activate(v);
        Ui.page().setPartState(Ui.page().getReference(v), IWorkbenchPage.STATE_MAXIMIZED);
        Ui.spin(400);
        System.out.println("screenshot: " + Ui.screenshot(name));
        Ui.page().setPartState(Ui.page().getReference(v), IWorkbenchPage.STATE_RESTORED);
    }

    /** The rule's fired event in the Alerts view and its problem firing in the Problems view. */
    private static void awaitBoth(AlertsView alerts, ProblemsView problems, LiveConnection live, String rule) {
        Ui.waitUntil(rule + " in the Alerts view", () -> logged(alerts, live, rule, HealthEvent.Kind.FIRED),
                () -> alerts.table().rows().toString());
        Ui.waitUntil(rule + " in the Problems view", () -> watchRows(problems).stream().anyMatch(r -> r.connection() == live
                && r.cleared() == null && r.problem().summary().startsWith(rule + " on ")),
                () -> watchRows(problems).toString());
    }

    private static List<ProblemRow> watchRows(ProblemsView problems) {
        problems.problems().refresh();
        Ui.spin(50);
        return problems.problems().rows().stream().filter(r -> r.problem().kind() == Problem.Kind.WATCH).toList();
    }

    private static boolean logged(AlertsView alerts, LiveConnection live, String rule, HealthEvent.Kind kind) {
        alerts.table().refresh();
        return alerts.table().rows().stream().anyMatch(e -> e.connection().equals(live.label())
                && e.event().rule().equals(rule) && e.event().kind() == kind);
    }

    private static HealthEvent event(AlertsView alerts, LiveConnection live, String rule) {
        return alerts.table().rows().stream().filter(e -> e.connection().equals(live.label())
                && e.event().rule().equals(rule) && e.event().kind() == HealthEvent.Kind.FIRED).findFirst()
                .orElseThrow().event();
    }
}
