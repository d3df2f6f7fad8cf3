package org.ddstuner.system.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.ddstuner.connection.Connection;
import org.ddstuner.connection.ConnectionManager;
import org.ddstuner.connection.ConnectionProfile;
import org.ddstuner.demo.DemoSystem;
import org.ddstuner.system.Endpoint;
import org.ddstuner.system.Problem;
import org.ddstuner.system.ui.DetailsView;
import org.ddstuner.system.ui.LiveTreeView;
import org.ddstuner.system.ui.Messages;
import org.ddstuner.system.ui.PartitionsView;
import org.ddstuner.system.ui.ProblemsView;
import org.ddstuner.system.ui.SystemView;
import org.ddstuner.system.ui.TopicsView;
import org.ddstuner.system.ui.ViewIds;
import org.ddstuner.system.ui.details.DetailsComposite;
import org.ddstuner.system.ui.details.DetailsContent.MatchRow;
import org.ddstuner.system.ui.details.DetailsContent.Row;
import org.ddstuner.system.ui.live.LiveConnection;
import org.ddstuner.system.ui.live.LiveSystems;
import org.ddstuner.system.ui.tree.Node;
import org.ddstuner.testsupport.synthetic.SyntheticDiscovery;
import org.ddstuner.ui.TunerWorkbenchAdvisor;
import org.eclipse.jface.viewers.TreeSelection;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * The product's workbench connected (by its own start-up auto-connect) to the built-in demo system:
 * every view must show what {@link DemoSystem} creates, Details must show QoS and match reasons.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class SystemViewsTest {

    /** The second connection's DDS domain: one of this test bundle's own (the demo runs in 77). */
    private static final int SECOND_DOMAIN = 16;

    private static SystemView system;
    private static TopicsView topics;
    private static PartitionsView partitions;
    private static DetailsView details;
    private static ProblemsView problems;

    /** Errors the platform logs while the views run (e.g. an image that cannot be drawn during a paint). */
    private static List<String> loggedErrors;

    @BeforeAll
    static void openViewsAndWaitForDemo() {
        loggedErrors = Ui.collectLoggedErrors();
        assertTrue(TunerWorkbenchAdvisor.autoConnect(), "the product should auto-connect to the demo by default");
        assertTrue(Ui.display().getActiveShell() == null
                || Ui.page().getWorkbenchWindow().getShell().getText().contains("DDS Tuner"),
                "main window title should contain DDS Tuner");
        system = Ui.view(ViewIds.SYSTEM, SystemView.class);
        topics = Ui.view(ViewIds.TOPICS, TopicsView.class);
        partitions = Ui.view(ViewIds.PARTITIONS, PartitionsView.class);
        details = Ui.view(ViewIds.DETAILS, DetailsView.class);
        problems = Ui.view(ViewIds.PROBLEMS, ProblemsView.class);
        Ui.waitUntil("the demo connection", () -> demo().isPresent(),
                () -> ConnectionManager.get().connections().toString());
        Ui.waitUntil("the demo's endpoints in the model", () -> demo().get().snapshot().endpoints().stream()
                .filter(Endpoint::alive).map(Endpoint::topicName).distinct().count() >= 3,
                () -> demo().get().snapshot().topics().toString());
    }

    static Optional<LiveConnection> demo() {
        return LiveSystems.get().connections().stream()
                .filter(c -> c.connection().profile().equals(ConnectionProfile.localDemo())).findFirst();
    }

    /** Every row of {@code tree} that is open to the eye (parents expanded), first to last. */
    private static List<org.eclipse.swt.widgets.TreeItem> rowsOf(org.eclipse.swt.widgets.Tree tree) {
        List<org.eclipse.swt.widgets.TreeItem> out = new ArrayList<>();
        List<org.eclipse.swt.widgets.TreeItem> todo = new ArrayList<>(List.of(tree.getItems()));
        while (!todo.isEmpty()) {
            org.eclipse.swt.widgets.TreeItem item = todo.remove(0);
            item.getText(); // makes a virtual row ask for its data
            out.add(item);
            if (item.getExpanded()) {
                todo.addAll(0, List.of(item.getItems()));
            }
        }
        return out;
    }

    private static List<String> treeLabels(LiveTreeView view, int depth) {
        return Ui.labels(view.tree().viewer().getTree(), depth);
    }

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
        assertTrue(details.details().explanation().text().getText().contains(first.why().get(0).explanation()),
                details.details().explanation().text().getText());
    }

    @Test
    @Order(40)
    void partitionsViewShowsDemoPartitions() {
        Ui.page().activate(partitions);
        Ui.waitUntil("demo partitions", () -> {
            List<String> l = treeLabels(partitions, 2);
            return DemoSystem.PARTITIONS.stream().allMatch(p -> Ui.anyContains(l, p + " — "));
        }, () -> String.join("\n", treeLabels(partitions, 2)));
        List<String> l = treeLabels(partitions, 3);
        assertTrue(Ui.anyContains(l, "sens* — 0 writers, 1 reader (pattern"), String.join("\n", l));
        assertTrue(Ui.anyContains(l, "writer Commands — Controller"), String.join("\n", l));
        Ui.screenshot("02-partitions");
    }

    @Test
    @Order(50)
    void selectingAWriterShowsItsQosAndWhyTheLoggerDoesNotMatch() {
        Ui.page().activate(topics);
        Node writer = Node.find(topics.tree().roots(), n -> n.kind() == Node.Kind.WRITER
                && n.label().startsWith("writer SensorHub"));
        assertNotNull(writer, "SensorHub's writer row in the Topics tree");
        topics.tree().viewer().setSelection(new TreeSelection(writer.treePath()), true);
        Ui.waitUntil("details of the SensorHub writer",
                () -> details.details().qosTable().rows().stream().anyMatch(r -> r.name().equals("reliability")),
                () -> details.details().qosTable().rows().toString());
        List<Row> qos = details.details().qosTable().rows();
        assertTrue(qos.stream().anyMatch(r -> r.name().equals("reliability") && r.value().contains("RELIABLE")),
                qos.toString());
        assertTrue(qos.stream().anyMatch(r -> r.name().equals("history") && r.value().equals("KEEP_LAST 8")),
                qos.toString());
        assertTrue(qos.stream().anyMatch(r -> r.name().equals("reliability")
                && r.value().equals("RELIABLE, max blocking 100 ms")), qos.toString());
        assertTrue(qos.stream().noneMatch(r -> r.value().contains("kind=") || r.value().contains("Duration")),
                "policies read as words, not as record dumps: " + qos);
        List<Row> props = details.details().propertiesTable().rows();
        assertTrue(props.stream().anyMatch(r -> r.name().equals("GUID") && r.value().length() >= 32), props.toString());
        assertTrue(props.stream().anyMatch(r -> r.name().equals("Type name") && r.value().equals("demo::SensorReading")),
                props.toString());
        assertTrue(props.stream().anyMatch(r -> r.name().equals("Type information")), props.toString());
        Ui.waitUntil("matches of the SensorHub writer", () -> details.details().matchesTable().rows().size() >= 3,
                () -> details.details().matchesTable().rows().toString());
        List<MatchRow> matches = details.details().matchesTable().rows();
        assertTrue(matches.stream().anyMatch(m -> m.verdict().equals(Messages.MATCHED) && m.peer().contains("Dashboard")),
                matches.toString());
        assertTrue(matches.stream().anyMatch(m -> m.verdict().equals(Messages.MATCHED) && m.peer().contains("Controller")),
                "the sens* wildcard reader matches: " + matches);
        assertTrue(matches.stream().anyMatch(m -> m.verdict().equals(Messages.NOT_MATCHED) && m.peer().contains("Logger")
                && m.reasons().toLowerCase().contains("durability")), matches.toString());
        // the reasons are the point of the tool: they must be readable in full without any clicking
        MatchRow logger = matches.stream().filter(m -> m.peer().contains("Logger")).findFirst().orElseThrow();
        assertEquals(logger, matches.get(0), "pairs that do not match come first: " + matches);
        var d = details.details();
        assertEquals(DetailsComposite.MATCHES_TAB, d.tabs().getSelectionIndex(), "a writer opens on its matches");
        assertEquals(Messages.PANE_SUMMARY, d.explanation().headingText());
        String summary = d.explanation().text().getText();
        assertTrue(summary.startsWith("Matches 2 of 3 readers on \"SensorReadings\"."), summary);
        for (var reason : logger.why()) {
            assertTrue(summary.contains(reason.explanation()), "full reason \"" + reason + "\" in:\n" + summary);
        }
        assertTrue((d.explanation().text().getStyle() & org.eclipse.swt.SWT.WRAP) != 0, "the pane wraps long lines");
        assertTrue(d.explanation().showsAllText(), "the whole summary is in sight without scrolling: "
                + d.explanation().text().getSize() + " for " + d.explanation().text().getLineCount() + " lines");
        // the Why-not column is as wide as its longest reason
        var table = d.matchesTable().viewer().getTable();
        org.eclipse.swt.graphics.GC gc = new org.eclipse.swt.graphics.GC(table);
        try {
            assertTrue(table.getColumn(2).getWidth() >= gc.textExtent(logger.reasons()).x,
                    "Why not column " + table.getColumn(2).getWidth() + " px for " + logger.reasons());
        } finally {
            gc.dispose();
        }
        // the picture of the README: both trees from the same snapshot (each view refreshes in its own turn)
        Ui.waitUntil("System and Topics at the same snapshot",
                () -> treeLabels(system, 1).get(0).equals(treeLabels(topics, 1).get(0)),
                () -> treeLabels(system, 1) + " " + treeLabels(topics, 1));
        Ui.screenshot("03-details-writer");
        // a selected row shows in full, with the peer's GUID to copy
        d.matchesTable().viewer().setSelection(new org.eclipse.jface.viewers.StructuredSelection(logger));
        assertEquals(Messages.PANE_SELECTED, d.explanation().headingText());
        assertTrue(d.explanation().text().getText().contains(logger.guid()), d.explanation().text().getText());
        assertTrue(d.explanation().text().getText().contains(logger.why().get(0).explanation()),
                d.explanation().text().getText());
        // the GUID row copies just the GUID
        clickTab(d, DetailsComposite.PROPERTIES_TAB);
        var propsTable = d.propertiesTable();
        Row guid = props.stream().filter(r -> r.name().equals("GUID")).findFirst().orElseThrow();
        propsTable.viewer().setSelection(new org.eclipse.jface.viewers.StructuredSelection(guid));
        assertEquals(guid.value(), propsTable.selectionText());
        assertEquals(Messages.PANE_SELECTED, d.explanation().headingText());
        assertTrue(d.explanation().text().getText().contains(guid.value()), d.explanation().text().getText());
        Ui.screenshot("03b-details-guid-selected");
        clickTab(d, DetailsComposite.MATCHES_TAB);
        d.matchesTable().viewer().setSelection(org.eclipse.jface.viewers.StructuredSelection.EMPTY);
    }

    /** Selects a tab as a click does (a programmatic selection sends no event). */
    private static void clickTab(DetailsComposite d, int index) {
        d.tabs().setSelection(index);
        d.tabs().notifyListeners(org.eclipse.swt.SWT.Selection, new org.eclipse.swt.widgets.Event());
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
        assertTrue(topicsTree.viewer().getExpandedState(sensors), "opened by the earlier selection");
        // in the System view, open the Controller participant
        Node controller = Node.find(system.tree().roots(), n -> n.kind() == Node.Kind.PARTICIPANT
                && n.text().startsWith("Controller — "));
        system.tree().viewer().setExpandedState(controller, true);
        topicsTree.viewer().setSelection(new TreeSelection(selectedWriter.treePath()), true);
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

    private static void assertProcessRowOpen(String when) {
        Ui.spin(300);
        Node java = Node.find(system.tree().roots(), n -> n.kind() == Node.Kind.PROCESS);
        assertTrue(isOpenOnScreen(itemOf(system.tree(), java)), "the process row stays open " + when + ": "
                + system.tree().expandedPaths() + "\n" + String.join("\n", treeLabels(system, 8)));
    }

    /**
     * Whether the row's children are really on screen: SWT's getExpanded() answers from a flag of its
     * own, which GTK can leave behind, so look at the first child's height.
     */
    private static boolean isOpenOnScreen(org.eclipse.swt.widgets.TreeItem item) {
        return item.getExpanded() && item.getItemCount() > 0 && item.getItem(0).getBounds().height > 1;
    }

    /** The index of {@code n}'s row among its parent's rows as the tree shows them now. */
    private static int rowIndex(org.ddstuner.system.ui.tree.LiveTreeComposite tree, Node n) {
        org.eclipse.swt.widgets.TreeItem item = itemOf(tree, n);
        org.eclipse.swt.widgets.TreeItem parent = item.getParentItem();
        return parent == null ? tree.viewer().getTree().indexOf(item) : parent.indexOf(item);
    }

    /** The row showing the entity of {@code n} (by path), found by reading the rows. */
    private static org.eclipse.swt.widgets.TreeItem itemOf(org.ddstuner.system.ui.tree.LiveTreeComposite tree,
            Node n) {
        List<org.eclipse.swt.widgets.TreeItem> todo = new ArrayList<>(List.of(tree.viewer().getTree().getItems()));
        while (!todo.isEmpty()) {
            org.eclipse.swt.widgets.TreeItem item = todo.remove(0);
            item.getText(); // makes a virtual row ask for its data
            if (item.getData() instanceof Node x && x.path().equals(n.path())) {
                return item;
            }
            if (item.getExpanded()) {
                todo.addAll(List.of(item.getItems()));
            }
        }
        throw new AssertionError("no row for " + n.label());
    }

    @Test
    @Order(60)
    void problemsViewExplainsTheUnmatchedLogger() {
        Ui.waitUntil("the Logger's unmatched reader in Problems", () -> problems.problems().rows().stream()
                .anyMatch(r -> r.problem().kind() == Problem.Kind.ENDPOINT_UNMATCHED
                        && r.problem().message().toLowerCase().contains("durability")),
                () -> problems.problems().rows().toString());
        assertTrue(problems.problems().viewer().getTable().getItemCount() > 0);
        var table = problems.problems().viewer().getTable();
        assertEquals(Messages.COL_MESSAGE, table.getColumn(0).getText(), "the description first, severity as its icon");
        assertNotNull(table.getItem(0).getImage(0), "the severity icon");
        int description = table.getColumn(0).getWidth();
        int others = 0;
        for (int i = 1; i < table.getColumnCount(); i++) {
            others += table.getColumn(i).getWidth();
        }
        int width = table.getClientArea().width;
        assertTrue(description >= width - others - 8, "Description gets the rest of " + width + " px: " + description
                + " px, the others " + others + " px");
        // the other columns are as wide as what they show, not wider
        org.eclipse.swt.graphics.GC gc = new org.eclipse.swt.graphics.GC(table);
        try {
            // the demo's "no match" problems fit the Description column at the default window size (their
            // summaries say who and why in few words; the full explanation is the tooltip)
            for (var r : problems.problems().rows()) {
                if (r.problem().kind() == Problem.Kind.ENDPOINT_UNMATCHED) {
                    int text = gc.textExtent(r.problem().summary()).x + 16 + 12; // icon and cell padding
                    assertTrue(text <= description, "\"" + r.problem().summary() + "\" needs " + text
                            + " px, the Description column has " + description + " px");
                    assertTrue(org.ddstuner.system.ui.problems.ProblemsComposite.tooltip(r).startsWith(r.problem().message()));
                }
            }
            int label = gc.textExtent(demo().orElseThrow().label()).x;
            assertTrue(table.getColumn(2).getWidth() <= label + 40, "Connection column "
                    + table.getColumn(2).getWidth() + " px for \"" + demo().orElseThrow().label() + "\" (" + label
                    + " px)");
        } finally {
            gc.dispose();
        }
        // a participant that comes and goes is lost once in the list, not once per time it went
        long blinkerLost = problems.problems().rows().stream().filter(r -> r.problem().kind()
                == Problem.Kind.PARTICIPANT_LOST && r.problem().message().contains("\"Blinker\"")).count();
        assertTrue(blinkerLost <= 1, "Blinker lost " + blinkerLost + " times in " + problems.problems().rows());
        Ui.screenshot("10-problems");
        var row = problems.problems().rows().get(0);
        assertTrue(org.ddstuner.system.ui.problems.ProblemsComposite.tooltip(row).startsWith(row.problem().message()),
                "the tooltip has the whole description");
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

    /**
     * 20,000 endpoints (4 synthetic participants x 5,000, 404 topics, ~250,000 matching pairs) appear in the
     * demo connection's model while every view is open: the UI thread must keep dispatching. A 10 ms
     * timer on the UI thread notes the longest gap between its runs (the product's StallMonitor does the
     * same for bench/discovery-scale.sh, whose target is 100 ms; here only a freeze of 5 s fails the test).
     */
    @Test
    @Order(105)
    void staysResponsiveWhile20000EndpointsAppear() throws InterruptedException {
        LiveConnection demo = demo().orElseThrow();
        org.ddstuner.system.SystemModel model = demo.connection().model();
        List<org.ddstuner.system.DiscoveryEvent> events = SyntheticDiscovery.events("synthetic", SyntheticDiscovery.UNKNOWN_VENDOR, 4, 5000, 101);
        int want = model.endpointCount() + 20_000;
        long[] maxGapMs = { 0 };
        long[] last = { System.nanoTime() };
        boolean[] probing = { true };
        Runnable[] probe = new Runnable[1];
        probe[0] = () -> {
            long now = System.nanoTime();
            maxGapMs[0] = Math.max(maxGapMs[0], (now - last[0]) / 1_000_000);
            last[0] = now;
            if (probing[0]) {
                Ui.display().timerExec(10, probe[0]);
            }
        };
        Ui.display().timerExec(10, probe[0]);
        // fed as DiscoveryFeed feeds it: batches from a thread of its own
        Thread feeder = new Thread(() -> {
            for (int i = 0; i < events.size(); i += 256) {
                model.applyAll(events.subList(i, Math.min(events.size(), i + 256)));
                try {
                    Thread.sleep(2);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }, "synthetic discovery");
        feeder.setDaemon(true);
        feeder.start();
        try {
            Ui.waitUntil("20,000 synthetic endpoints in the Topics view", () -> model.endpointCount() >= want
                    && demo.snapshot().endpoints().size() >= 20_000 && topics.tree().roots().get(0).children().length
                            >= 404, () -> model.endpointCount() + " endpoints in the model, "
                                    + topics.tree().roots().get(0).children().length + " topic rows");
            Ui.spin(1500); // the refreshes that follow the last batch
        } finally {
            probing[0] = false;
            feeder.interrupt();
            feeder.join(5000);
        }
        // a freeze guard, not a speed test: CI boxes are shared; bench/discovery-scale.sh measures the 100 ms target
        assertTrue(maxGapMs[0] < 5000, "longest gap between runs of a 10 ms UI timer: " + maxGapMs[0] + " ms");
        // the views show the big system
        assertTrue(Ui.anyContains(treeLabels(topics, 1), "endpoints"), treeLabels(topics, 1).toString());
        // the System view refreshes in its own turn (one view at a time): wait for it, do not assume it is done
        java.util.function.Supplier<Node> syntheticRow = () -> Node.find(system.tree().roots(),
                n -> n.kind() == Node.Kind.PARTICIPANT && n.text().startsWith("synthetic1 — "));
        Ui.waitUntil("the synthetic participant complete in the System tree", () -> {
            Node n = syntheticRow.get();
            return n != null && n.text().contains("2500 writers, 2500 readers");
        }, () -> String.valueOf(syntheticRow.get() == null ? "no synthetic1 row" : syntheticRow.get().text()));
        Ui.screenshot("09-twenty-thousand-endpoints");
    }

    @Test
    @Order(110)
    void nothingWentWrongInTheEventLoop() {
        Ui.spin(300);
        assertTrue(loggedErrors.isEmpty(), "errors logged while the views ran: " + loggedErrors);
    }
}
