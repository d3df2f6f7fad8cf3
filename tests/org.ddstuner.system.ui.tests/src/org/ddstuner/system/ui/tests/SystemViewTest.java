package org.ddstuner.system.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.ddstuner.connection.Connection;
import org.ddstuner.connection.ConnectionManager;
import org.ddstuner.connection.ConnectionProfile;
import org.ddstuner.demo.DemoSystem;
import org.ddstuner.system.ui.live.LiveSystems;
import org.ddstuner.system.ui.tree.Node;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;

/**
 * The System view on the demo: participants grouped by host and process, labels that fit, the filter,
 * the tool's own entities, a second connection beside the first, and refreshes coalesced.
 */
class SystemViewTest extends DemoViewsTestBase {

    /** The second connection's DDS domain: one of this test bundle's own (the demo runs in 77). */
    private static final int SECOND_DOMAIN = 16;

    @Test
    @Order(10)
    void mainWindowTitleSaysDdsTuner() {
        assertTrue(Ui.page().getWorkbenchWindow().getShell().getText().contains("DDS Tuner"),
                Ui.page().getWorkbenchWindow().getShell().getText());
    }

    @Test
    @Order(20)
    void systemViewShowsDemoParticipantsGroupedByHostAndProcess() {
        Ui.waitUntil("demo participants in the System tree", () -> {
            List<String> l = treeLabels(system, 8);
            return DemoSystem.PARTICIPANTS.stream().filter(p -> !p.equals("Blinker"))
                    .allMatch(p -> Ui.anyContains(l, p + " — "));
        }, () -> String.join("\n", treeLabels(system, 8)));
        List<String> l = treeLabels(system, 8);
        assertTrue(l.get(0).startsWith("Local demo"), l.get(0));
        assertTrue(Ui.anyContains(l, "Publisher in [sensors] (1 writer)"), String.join("\n", l));
        assertTrue(Ui.anyContains(l, "Subscriber in [sens*]"), String.join("\n", l));
        assertTrue(Ui.anyContains(l, "writer SensorReadings : demo::SensorReading"), String.join("\n", l));
        assertFalse(Ui.anyContains(l, Connection.OWN_PARTICIPANT_NAME + " — "),
                "own participant must be hidden by default:\n" + l);
        // name and counts first, no vendor on Cyclone's rows: the whole label fits the view's default width
        assertTrue(Ui.anyContains(l, "SensorHub — 1 writer, 0 readers"), String.join("\n", l));
        assertFalse(Ui.anyContains(l, "Cyclone"), "Cyclone is said in Details, not on every row:\n" + l);
        var tree = system.tree().viewer().getTree();
        int visible = tree.getClientArea().width;
        org.eclipse.swt.graphics.GC gc = new org.eclipse.swt.graphics.GC(tree);
        try {
            for (var item : rowsOf(tree)) {
                if (item.getData() instanceof Node n && n.kind() == Node.Kind.PARTICIPANT
                        && !n.label().contains("gone since")) {
                    var icon = item.getImageBounds(0);
                    int end = icon.x + icon.width + 4 + gc.textExtent(item.getText()).x;
                    assertTrue(end <= visible, "\"" + item.getText() + "\" ends at " + end
                            + " px, the System view shows " + visible + " px");
                }
            }
        } finally {
            gc.dispose();
        }
        // every view in the picture shows the demo (each refreshes in its own turn)
        Ui.waitUntil("the demo in the Topics and Partitions trees", () -> treeLabels(topics, 1).get(0)
                .startsWith("Local demo") && treeLabels(partitions, 1).get(0).startsWith("Local demo"),
                () -> treeLabels(topics, 1) + " " + treeLabels(partitions, 1));
        Ui.screenshot("01-workbench-demo");
    }

    @Test
    @Order(70)
    void filterNarrowsTheTreeAndABadRegexIsAnErrorNotACrash() {
        var bar = system.tree().filterBar();
        bar.regexButton().setSelection(true);
        bar.regexButton().notifyListeners(org.eclipse.swt.SWT.Selection, new org.eclipse.swt.widgets.Event());
        bar.text().setText("[a");
        Ui.spin(300);
        assertNotNull(bar.errorText(), "a bad regex shows an error");
        assertTrue(bar.errorText().contains("[a"), bar.errorText());
        Ui.screenshot("04-bad-regex");
        bar.text().setText("Control+er");
        Ui.waitUntil("System tree filtered to the Controller", () -> {
            List<String> l = treeLabels(system, 8);
            return Ui.anyContains(l, "Controller — ") && !Ui.anyContains(l, "SensorHub — ");
        }, () -> String.join("\n", treeLabels(system, 8)));
        assertEquals(null, bar.errorText());
        bar.text().setText("");
        bar.regexButton().setSelection(false);
        bar.regexButton().notifyListeners(org.eclipse.swt.SWT.Selection, new org.eclipse.swt.widgets.Event());
        Ui.waitUntil("unfiltered System tree", () -> Ui.anyContains(treeLabels(system, 8), "SensorHub — "),
                () -> String.join("\n", treeLabels(system, 8)));
        assertProcessRowOpen("after filtering");
    }

    @Test
    @Order(80)
    void ownEntitiesAppearOnlyWhenAskedFor() {
        LiveSystems.get().setShowOwn(true);
        try {
            Ui.waitUntil("the tool's own participant", () -> Ui.anyContains(treeLabels(system, 8),
                    Connection.OWN_PARTICIPANT_NAME + " — "), () -> String.join("\n", treeLabels(system, 8)));
        } finally {
            LiveSystems.get().setShowOwn(false);
        }
        Ui.waitUntil("own participant hidden again", () -> !Ui.anyContains(treeLabels(system, 8),
                Connection.OWN_PARTICIPANT_NAME + " — "), () -> String.join("\n", treeLabels(system, 8)));
        assertProcessRowOpen("after showing and hiding own entities");
    }

    @Test
    @Order(90)
    void aSecondConnectionShowsSideBySide() {
        ConnectionProfile second = ConnectionProfile.loopback("Second domain", SECOND_DOMAIN);
        Connection c = ConnectionManager.get().open(second);
        try {
            Ui.waitUntil("two connection roots", () -> system.tree().roots().size() == 2
                    && topics.tree().roots().size() == 2, () -> system.tree().roots().toString());
            List<String> l = treeLabels(system, 1);
            assertTrue(Ui.anyContains(l, "Local demo") && Ui.anyContains(l, "Second domain"), l.toString());
            assertProcessRowOpen("with a second connection");
            Ui.screenshot("05-two-connections");
        } finally {
            ConnectionManager.get().close(c);
        }
        Ui.waitUntil("back to one connection", () -> system.tree().roots().size() == 1,
                () -> system.tree().roots().toString());
    }

    @Test
    @Order(100)
    void refreshesAreCoalesced() {
        long before = system.tree().refreshCount();
        Ui.spin(2000);
        long perSecond = (system.tree().refreshCount() - before) / 2;
        // the demo writes 40+ samples/s and the Blinker comes and goes; the tree refreshes at most ~10/s
        assertTrue(perSecond <= 12, "refreshes per second: " + perSecond);
        // by now the Blinker came and went several times (every 12 s): one row for it, not one per time
        List<String> l = treeLabels(system, 8);
        assertTrue(l.stream().filter(x -> x.strip().startsWith("Blinker — ")).count() <= 1, String.join("\n", l));
    }
}
