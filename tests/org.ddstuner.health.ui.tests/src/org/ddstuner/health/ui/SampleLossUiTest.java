package org.ddstuner.health.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.ddstuner.connection.Connection;
import org.ddstuner.connection.ConnectionManager;
import org.ddstuner.connection.ConnectionProfile;
import org.ddstuner.health.Condition;
import org.ddstuner.health.HealthEvent;
import org.ddstuner.health.WatchRequest;
import org.ddstuner.samples.ui.common.TypeResolution;
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
import org.eclipse.swt.widgets.Combo;
import org.eclipse.ui.IWorkbenchPage;
import org.junit.jupiter.api.Test;

/**
 * Sample loss in the desktop: a {@link BeatWriter} in another process floods best-effort 16 KiB samples with a
 * counted-up {@code seq} and no type information; its IDL is imported as a person would (the workbench's imported
 * types), so "Watch Topic…" offers the type's integer fields and the watch, given {@code seq} as its sequence field,
 * counts the gaps (libddsc reports no loss for a best-effort writer: a first watch without the field sees none) — the
 * sample-lost alert shows in the Alerts and Problems views. Screenshots: target/screenshots/health-sample-lost-*.png.
 */
class SampleLossUiTest {

    private static final int DOMAIN = 74;
    private static final String TOPIC = "UiFlood";

    @Test
    void bestEffortFloodShowsSampleLost() throws Exception {
        NetNs.requireIsolated();
        TypeResolution.importedTypes().importText("blob.idl",
                "module health { struct Blob { unsigned long seq; string data; }; };\n");
        Process writer = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED", "-cp", ChildClassPath.of(BeatWriter.class,
                        org.ddstuner.dds.Domain.class), BeatWriter.class.getName(), Integer.toString(DOMAIN), "flood", TOPIC)
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        Connection connection = null;
        LiveConnection live = null;
        try {
            assertEquals("READY", new BufferedReader(new InputStreamReader(writer.getInputStream(),
                    StandardCharsets.UTF_8)).readLine());
            connection = ConnectionManager.get().open(ConnectionProfile.loopback("Flood rig", DOMAIN));
            Connection c = connection;
            Ui.waitUntil("the rig connection in the views", () -> LiveSystems.get().find(c) != null,
                    () -> LiveSystems.get().connections().toString());
            live = LiveSystems.get().find(c);
            Ui.waitUntil("the " + TOPIC + " writer", () -> c.model().snapshot(false).endpoints().stream()
                    .anyMatch(e -> e.topicName().equals(TOPIC)), () -> c.model().snapshot(false).endpoints().toString());

            TopicsView topics = Ui.view(ViewIds.TOPICS, TopicsView.class);
            AlertsView alerts = Ui.view(AlertsView.ID, AlertsView.class);
            LiveConnection l = live;
            // first without a sequence field: libddsc counts no loss for a best-effort writer, so nothing fires
            Ui.answerWatchDialog(d -> {
            });
            Ui.topicMenu(topics, live, TOPIC, "Watch Topic");
            Ui.waitUntil("a watch reader on " + TOPIC, () -> HealthUi.get().watchedTopics().contains(TOPIC),
                    () -> HealthUi.get().watchedTopics().toString());
            Ui.spin(2500);
            assertEquals(null, fired(alerts, l), "no sequence field: the flood's loss is not seen");

            // again with seq: the watch replaces the first and its reader reopens counting the gaps
            String[][] offered = new String[1][];
            Ui.answerWatchDialog(d -> {
                Combo seq = (Combo) d.fields()[5]; // a combo: the type is known from the imported IDL
                offered[0] = seq.getItems();
                seq.setText("seq");
                d.fieldsChanged();
                System.out.println("screenshot: " + Ui.screenshot("health-sample-lost-dialog"));
            });
            Ui.topicMenu(topics, live, TOPIC, "Watch Topic");
            assertEquals(List.of("", "seq"), Arrays.asList(offered[0]), "the integer fields of health::Blob");
            assertEquals(1, HealthUi.get().watches().stream().filter(w -> w.connection() == l).count());
            WatchRequest r = HealthUi.get().watches().stream().filter(w -> w.connection() == l).findFirst()
                    .orElseThrow().request();
            assertEquals("seq", r.sequenceField());
            assertTrue(r.rules().rules().stream().anyMatch(x -> x.condition() == Condition.SAMPLE_LOST
                    && "seq".equals(x.sequenceField())), r.rules().toString());

            ProblemsView problems = Ui.view(ViewIds.PROBLEMS, ProblemsView.class);
            Ui.waitUntil("sample-lost in the Alerts view", () -> fired(alerts, l) != null,
                    () -> alerts.table().rows().toString());
            HealthEvent e = fired(alerts, l);
            assertEquals(Condition.SAMPLE_LOST, e.condition());
            assertTrue(e.detail().matches("\\d+ sample\\(s\\) lost in the last 2 s"), e.detail());
            Ui.waitUntil("sample-lost in the Problems view", () -> watchRows(problems).stream().anyMatch(
                    x -> x.connection() == l && x.cleared() == null
                            && x.problem().summary().startsWith("sample-lost on \"" + TOPIC + "\"")),
                    () -> watchRows(problems).toString());
            showMaximized(alerts, "health-sample-lost-alerts");
            showMaximized(problems, "health-sample-lost-problems");
        } finally {
            HealthUi.get().notifier().closeAll();
            if (live != null) {
                for (HealthUi.Watch w : HealthUi.get().watches()) {
                    if (w.connection() == live) {
                        HealthUi.get().stopWatch(live, w.request());
                    }
                }
            }
            if (connection != null) {
                ConnectionManager.get().close(connection);
            }
            TypeResolution.importedTypes().remove("blob.idl");
            writer.destroy();
            writer.waitFor(5, TimeUnit.SECONDS);
        }
    }

    private static HealthEvent fired(AlertsView alerts, LiveConnection live) {
        alerts.table().refresh();
        return alerts.table().rows().stream().filter(x -> x.connection().equals(live.label())
                && x.event().topic().equals(TOPIC) && x.event().rule().equals("sample-lost")
                && x.event().kind() == HealthEvent.Kind.FIRED).map(x -> x.event()).findFirst().orElse(null);
    }

    private static List<ProblemRow> watchRows(ProblemsView problems) {
        problems.problems().refresh();
        Ui.spin(50);
        return problems.problems().rows().stream().filter(r -> r.problem().kind() == Problem.Kind.WATCH).toList();
    }

    private static void showMaximized(org.eclipse.ui.IViewPart v, String name) {
        HealthUi.get().notifier().closeAll(); // the popups would cover the rows
        Ui.page().activate(v);
        Ui.page().setPartState(Ui.page().getReference(v), IWorkbenchPage.STATE_MAXIMIZED);
        Ui.spin(400);
        System.out.println("screenshot: " + Ui.screenshot(name));
        Ui.page().setPartState(Ui.page().getReference(v), IWorkbenchPage.STATE_RESTORED);
    }
}
