package org.ddstuner.system.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.ddstuner.demo.DemoSystem;
import org.ddstuner.system.ui.Messages;
import org.ddstuner.system.ui.details.DetailsContent.MatchRow;
import org.ddstuner.system.ui.live.LiveConnection;
import org.ddstuner.system.ui.tree.Node;
import org.eclipse.jface.viewers.TreeSelection;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;

/**
 * The Topics view on the demo: topics with both sides, warnings on topics with unmatched endpoints (and
 * their pairs in Details), and open rows and the selection following their entity when rows are inserted.
 */
class TopicsViewTest extends DemoViewsTestBase {

    @Test
    @Order(30)
    void topicsViewShowsDemoTopicsWithBothSides() {
        Ui.page().activate(topics);
        Ui.waitUntil("demo topics in the Topics tree", () -> {
            List<String> l = treeLabels(topics, 2);
            return List.of(DemoSystem.SENSORS, DemoSystem.COMMANDS, DemoSystem.ALARMS).stream()
                    .allMatch(t -> Ui.anyContains(l, t + " : "));
        }, () -> String.join("\n", treeLabels(topics, 2)));
        List<String> l = treeLabels(topics, 4);
        assertTrue(Ui.anyContains(l, "SensorReadings : demo::SensorReading — 1 writer, 3 readers"),
                String.join("\n", l));
        assertTrue(Ui.anyContains(l, "reader Logger"), String.join("\n", l));
    }

    @Test
    @Order(35)
    void topicsWithUnmatchedEndpointsSayHowManyWithAWarning() {
        Ui.page().activate(topics);
        Ui.waitUntil("warnings on the demo's topics", () -> {
            List<String> l = treeLabels(topics, 2);
            return Ui.anyContains(l, "SensorReadings : demo::SensorReading — 1 writer, 3 readers — 1 reader without a match")
                    && Ui.anyContains(l, "Alarms : demo::Alarm — 2 writers, 1 reader — 1 writer without a match");
        }, () -> String.join("\n", treeLabels(topics, 2)));
        Node sensors = Node.find(topics.tree().roots(), n -> n.kind() == Node.Kind.TOPIC
                && n.text().startsWith(DemoSystem.SENSORS + " : "));
        Node commands = Node.find(topics.tree().roots(), n -> n.kind() == Node.Kind.TOPIC
                && n.text().startsWith(DemoSystem.COMMANDS + " : "));
        assertTrue(sensors.warning() && sensors.note().contains("without a match"), sensors.label());
        assertFalse(commands.warning(), "Commands: the controller's writer and the actuator's reader match: "
                + commands.label());
        assertEquals("", commands.note(), commands.label());
        // the warning is an overlay on the topic icon, so the row still shows what it is
        var items = topics.tree().viewer().getTree().getItem(0).getItems();
        org.eclipse.swt.graphics.Image warned = null;
        org.eclipse.swt.graphics.Image plain = null;
        for (var item : items) {
            if (item.getText().startsWith(DemoSystem.SENSORS + " : ")) {
                warned = item.getImage();
            } else if (item.getText().startsWith(DemoSystem.COMMANDS + " : ")) {
                plain = item.getImage();
            }
        }
        assertNotNull(warned, "an icon on the warned topic");
        assertNotNull(plain, "an icon on the plain topic");
        assertFalse(warned.equals(plain), "the warned topic's icon carries the warning overlay");
        // Details of a topic lists its reader/writer pairs and why the Logger's does not match
        topics.tree().viewer().setSelection(new TreeSelection(sensors.treePath()), true);
        Ui.waitUntil("pairs of SensorReadings in Details", () -> details.details().matchesTable().rows().size() >= 3,
                () -> details.details().matchesTable().rows().toString());
        MatchRow first = details.details().matchesTable().rows().get(0);
        assertEquals(Messages.NOT_MATCHED, first.verdict(), "pairs that do not match come first: " + first);
        assertTrue(first.peer().startsWith("SensorHub [sensors] → Logger [sensors]"), first.peer());
        assertEquals(Messages.COL_PAIR, details.details().matchesTable().viewer().getTable().getColumn(0).getText());
        assertEquals("durability: reader TRANSIENT_LOCAL > writer VOLATILE", first.reasons(), "the short reason");
        assertTrue(details.details().explanation().text().getText().contains(first.why().get(0).explanation()),
                details.details().explanation().text().getText());
    }

    @Test
    @Order(55)
    void openRowsAndTheSelectionFollowTheirEntityWhenRowsAreInsertedAbove() {
        LiveConnection demo = demo().orElseThrow();
        var topicsTree = topics.tree();
        Node sensors = Node.find(topicsTree.roots(), n -> n.kind() == Node.Kind.TOPIC
                && n.text().startsWith(DemoSystem.SENSORS + " : "));
        Node selectedWriter = Node.find(topicsTree.roots(), n -> n.kind() == Node.Kind.WRITER
                && n.label().startsWith("writer SensorHub"));
        // selecting the SensorHub writer opens its topic
        topicsTree.viewer().setSelection(new TreeSelection(selectedWriter.treePath()), true);
        Ui.spin(300);
        assertTrue(topicsTree.viewer().getExpandedState(sensors), "opened by the selection");
        // in the System view, open the Controller participant
        Node controller = Node.find(system.tree().roots(), n -> n.kind() == Node.Kind.PARTICIPANT
                && n.text().startsWith("Controller — "));
        system.tree().viewer().setExpandedState(controller, true);
        Ui.spin(300);
        int sensorsRowBefore = rowIndex(topicsTree, sensors);

        // a topic that sorts first, and participants that sort before every demo participant
        var type = org.ddstuner.dds.StructType.builder("test::Inserted")
                .key("id", org.ddstuner.dds.MemberKind.INT32).build();
        var otherType = org.ddstuner.dds.StructType.builder("test::InsertedV2")
                .key("id", org.ddstuner.dds.MemberKind.INT32).build();
        var domain = demo.connection().domain();
        var writerSide = domain.createParticipant(org.ddstuner.dds.Qos.EMPTY.withEntityName("AAA Inserted"));
        var readerSide = domain.createParticipant(org.ddstuner.dds.Qos.EMPTY.withEntityName("AAB Inserted"));
        try {
            writerSide.createWriter(writerSide.createTopic("AAInserted", type, null), null);
            readerSide.createReader(readerSide.createTopic("AAInserted", otherType, null), null);
            Ui.waitUntil("the inserted topic and participants", () -> Ui.anyContains(treeLabels(topics, 2),
                    "AAInserted : ") && Ui.anyContains(treeLabels(system, 4), "AAB Inserted — "),
                    () -> String.join("\n", treeLabels(topics, 2)) + "\n" + String.join("\n", treeLabels(system, 4)));
            Ui.spin(300); // a few more refreshes
            assertEquals(sensorsRowBefore + 1, rowIndex(topicsTree, sensors), "a topic row was inserted above");
            assertTrue(isOpenOnScreen(itemOf(topicsTree, sensors)), "SensorReadings stays open");
            assertFalse(topicsTree.viewer().getTree().getItem(0).getItem(sensorsRowBefore).getExpanded(),
                    "the row now where SensorReadings was is not opened in its place");
            assertEquals(selectedWriter, topicsTree.viewer().getStructuredSelection().getFirstElement(),
                    "the selection stays on the SensorHub writer");
            assertTrue(details.details().shown().key().equals(selectedWriter.ref().key()),
                    "Details still shows the SensorHub writer");
            Node insertedParticipant = Node.find(system.tree().roots(), n -> n.kind() == Node.Kind.PARTICIPANT
                    && n.text().startsWith("AAA Inserted — "));
            assertFalse(itemOf(system.tree(), insertedParticipant).getExpanded(), "the new participant is not opened");
            assertTrue(isOpenOnScreen(itemOf(system.tree(), controller)), "Controller stays open");
            // the new topic's writer and reader disagree on the type name: a warning on the topic
            Node inserted = Node.find(topicsTree.roots(), n -> n.kind() == Node.Kind.TOPIC
                    && n.text().startsWith("AAInserted : "));
            assertTrue(inserted.warning() && inserted.note().contains("conflicting type names"), inserted.label());
            Ui.screenshot("08-rows-inserted-above");
        } finally {
            writerSide.close();
            readerSide.close();
        }
        // while lost endpoints are still shown, counts keep them apart from the living
        Ui.waitUntil("the inserted topic's endpoints counted as gone", () -> Ui.anyContains(treeLabels(topics, 2),
                "AAInserted : test::Inserted, test::InsertedV2 — 0 writers (+1 gone), 0 readers (+1 gone)"),
                () -> String.join("\n", treeLabels(topics, 2)));
        // the two inserted ones, and the Blinker if it is lost now (it goes every 12 s), on the process row (the
        // connection's row counts the living only); the views refresh one after another: wait for the System view
        var gone = java.util.regex.Pattern.compile("\\(pid \\d+\\) — \\d+ participants \\(\\+(\\d+) gone\\)");
        Ui.waitUntil("both inserted participants counted as gone", () -> treeLabels(system, 3).stream().anyMatch(l -> {
            var m = gone.matcher(l);
            return m.find() && Integer.parseInt(m.group(1)) >= 2;
        }), () -> String.join("\n", treeLabels(system, 3)));
    }
}
