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
import org.ddstuner.system.ui.details.DetailsContent.MatchRow;
import org.ddstuner.system.ui.details.DetailsContent.Row;
import org.ddstuner.system.ui.live.LiveConnection;
import org.ddstuner.system.ui.live.LiveSystems;
import org.ddstuner.system.ui.tree.Node;
import org.ddstuner.ui.TunerWorkbenchAdvisor;
import org.eclipse.jface.viewers.TreePath;
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

    private static SystemView system;
    private static TopicsView topics;
    private static PartitionsView partitions;
    private static DetailsView details;
    private static ProblemsView problems;

    /** Errors the platform logs while the views run (e.g. an image that cannot be drawn during a paint). */
    private static final List<String> loggedErrors = new java.util.concurrent.CopyOnWriteArrayList<>();

    @BeforeAll
    static void openViewsAndWaitForDemo() {
        org.eclipse.core.runtime.Platform.addLogListener((status, plugin) -> {
            if (status.getSeverity() == org.eclipse.core.runtime.IStatus.ERROR) {
                loggedErrors.add(plugin + ": " + status.getMessage()
                        + (status.getException() != null ? " " + status.getException() : ""));
            }
        });
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

    private static List<String> treeLabels(LiveTreeView view, int depth) {
        return Ui.labels(view.tree().viewer().getTree(), depth);
    }

    @Test
    @Order(1)
    void mainWindowTitleSaysDdsTuner() {
        assertTrue(Ui.page().getWorkbenchWindow().getShell().getText().contains("DDS Tuner"),
                Ui.page().getWorkbenchWindow().getShell().getText());
    }

    @Test
    @Order(2)
    void systemViewShowsDemoParticipantsGroupedByHostAndProcess() {
        Ui.waitUntil("demo participants in the System tree", () -> {
            List<String> l = treeLabels(system, 8);
            return DemoSystem.PARTICIPANTS.stream().filter(p -> !p.equals("Blinker"))
                    .allMatch(p -> Ui.anyContains(l, p + " [Eclipse Cyclone DDS]"));
        }, () -> String.join("\n", treeLabels(system, 8)));
        List<String> l = treeLabels(system, 8);
        assertTrue(l.get(0).startsWith("Local demo"), l.get(0));
        assertTrue(Ui.anyContains(l, "Publisher in [sensors] (1 writer)"), String.join("\n", l));
        assertTrue(Ui.anyContains(l, "Subscriber in [sens*]"), String.join("\n", l));
        assertTrue(Ui.anyContains(l, "writer SensorReadings : demo::SensorReading"), String.join("\n", l));
        assertFalse(Ui.anyContains(l, "DDS Tuner ["), "own participant must be hidden by default:\n" + l);
        Ui.screenshot("01-workbench-demo");
    }

    @Test
    @Order(3)
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
    @Order(4)
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
    @Order(5)
    void selectingAWriterShowsItsQosAndWhyTheLoggerDoesNotMatch() {
        Ui.page().activate(topics);
        Node writer = find(topics.tree().roots(), n -> n.kind() == Node.Kind.WRITER
                && n.label().startsWith("writer SensorHub"));
        assertNotNull(writer, "SensorHub's writer row in the Topics tree");
        topics.tree().viewer().setSelection(new TreeSelection(path(writer)), true);
        Ui.waitUntil("details of the SensorHub writer",
                () -> details.details().qosTable().rows().stream().anyMatch(r -> r.name().equals("reliability")),
                () -> details.details().qosTable().rows().toString());
        List<Row> qos = details.details().qosTable().rows();
        assertTrue(qos.stream().anyMatch(r -> r.name().equals("reliability") && r.value().contains("RELIABLE")),
                qos.toString());
        assertTrue(qos.stream().anyMatch(r -> r.name().equals("history") && r.value().contains("KEEP_LAST")
                && r.value().contains("8")), qos.toString());
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
        // the GUID row copies just the GUID
        var propsTable = details.details().propertiesTable();
        Row guid = props.stream().filter(r -> r.name().equals("GUID")).findFirst().orElseThrow();
        propsTable.viewer().setSelection(new org.eclipse.jface.viewers.StructuredSelection(guid));
        assertEquals(guid.value(), propsTable.selectionText());
        Ui.screenshot("03-details-writer");
    }

    @Test
    @Order(6)
    void problemsViewExplainsTheUnmatchedLogger() {
        Ui.waitUntil("the Logger's unmatched reader in Problems", () -> problems.problems().rows().stream()
                .anyMatch(r -> r.problem().kind() == Problem.Kind.ENDPOINT_UNMATCHED
                        && r.problem().message().toLowerCase().contains("durability")),
                () -> problems.problems().rows().toString());
        assertTrue(problems.problems().viewer().getTable().getItemCount() > 0);
    }

    @Test
    @Order(7)
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
            return Ui.anyContains(l, "Controller [") && !Ui.anyContains(l, "SensorHub [");
        }, () -> String.join("\n", treeLabels(system, 8)));
        assertEquals(null, bar.errorText());
        bar.text().setText("");
        bar.regexButton().setSelection(false);
        bar.regexButton().notifyListeners(org.eclipse.swt.SWT.Selection, new org.eclipse.swt.widgets.Event());
        Ui.waitUntil("unfiltered System tree", () -> Ui.anyContains(treeLabels(system, 8), "SensorHub ["),
                () -> String.join("\n", treeLabels(system, 8)));
    }

    @Test
    @Order(8)
    void ownEntitiesAppearOnlyWhenAskedFor() {
        LiveSystems.get().setShowOwn(true);
        try {
            Ui.waitUntil("the tool's own participant", () -> Ui.anyContains(treeLabels(system, 8),
                    Connection.OWN_PARTICIPANT_NAME + " ["), () -> String.join("\n", treeLabels(system, 8)));
        } finally {
            LiveSystems.get().setShowOwn(false);
        }
        Ui.waitUntil("own participant hidden again", () -> !Ui.anyContains(treeLabels(system, 8),
                Connection.OWN_PARTICIPANT_NAME + " ["), () -> String.join("\n", treeLabels(system, 8)));
    }

    @Test
    @Order(9)
    void aSecondConnectionShowsSideBySide() {
        ConnectionProfile second = ConnectionProfile.loopback("Second domain", 78);
        Connection c = ConnectionManager.get().open(second);
        try {
            Ui.waitUntil("two connection roots", () -> system.tree().roots().size() == 2
                    && topics.tree().roots().size() == 2, () -> system.tree().roots().toString());
            List<String> l = treeLabels(system, 1);
            assertTrue(Ui.anyContains(l, "Local demo") && Ui.anyContains(l, "Second domain"), l.toString());
            Ui.screenshot("05-two-connections");
        } finally {
            ConnectionManager.get().close(c);
        }
        Ui.waitUntil("back to one connection", () -> system.tree().roots().size() == 1,
                () -> system.tree().roots().toString());
    }

    @Test
    @Order(10)
    void refreshesAreCoalesced() {
        long before = system.tree().refreshCount();
        Ui.spin(2000);
        long perSecond = (system.tree().refreshCount() - before) / 2;
        // the demo writes 40+ samples/s and the Blinker comes and goes; the tree refreshes at most ~10/s
        assertTrue(perSecond <= 12, "refreshes per second: " + perSecond);
    }

    @Test
    @Order(11)
    void nothingWentWrongInTheEventLoop() {
        Ui.spin(300);
        assertTrue(loggedErrors.isEmpty(), "errors logged while the views ran: " + loggedErrors);
    }

    static Node find(List<Node> nodes, java.util.function.Predicate<Node> p) {
        List<Node> todo = new ArrayList<>(nodes);
        while (!todo.isEmpty()) {
            Node n = todo.remove(todo.size() - 1);
            if (p.test(n)) {
                return n;
            }
            todo.addAll(List.of(n.children()));
        }
        return null;
    }

    static TreePath path(Node n) {
        List<Object> segs = new ArrayList<>();
        for (Node x = n; x != null; x = x.parent()) {
            segs.add(0, x);
        }
        return new TreePath(segs.toArray());
    }
}
