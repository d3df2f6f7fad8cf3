package org.ddstuner.samples.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;

import org.ddstuner.connection.ConnectionProfile;
import org.ddstuner.dds.MemberKind;
import org.ddstuner.dds.Participant;
import org.ddstuner.dds.StructType;
import org.ddstuner.samples.ui.common.ImportedIdlFiles;
import org.ddstuner.samples.ui.common.TypeResolution;
import org.ddstuner.samples.ui.SamplesIds;
import org.ddstuner.samples.ui.type.TypeComposite;
import org.ddstuner.samples.ui.type.TypeGroup;
import org.ddstuner.samples.ui.type.TypeView;
import org.ddstuner.system.ui.SystemView;
import org.ddstuner.system.ui.TopicsView;
import org.ddstuner.system.ui.ViewIds;
import org.ddstuner.system.ui.live.LiveConnection;
import org.ddstuner.system.ui.live.LiveSystems;
import org.ddstuner.system.ui.tree.Node;
import org.ddstuner.testsupport.NetNs;
import org.ddstuner.testsupport.PeerProcess;
import org.ddstuner.testsupport.Peers;
import org.ddstuner.testsupport.ui.TopicsTree;
import org.ddstuner.types.compare.TypeDifference;
import org.eclipse.jface.viewers.TreeSelection;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.Menu;
import org.eclipse.swt.widgets.MenuItem;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.IWorkbenchPartReference;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * The product's workbench (auto-connected to the demo) with foreign Cyclone DDS 11 Python peers on
 * domains 214 and 215 whose endpoints carry XTypes type information: "Show Type" in the Topics view's
 * context menu opens the Type view, which learns the types over the wire and shows them as IDL, and two
 * versions of one type side by side with their differences and assignability. Domains 214–215.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class TypeViewTest {

    private static final int PEER_DOMAIN = 214;
    private static final int VERSIONS_DOMAIN = 215;
    private static final int PROBE_DOMAIN = 107;

    private static final List<AutoCloseable> toClose = new ArrayList<>();
    private static List<String> loggedErrors;
    private static TopicsView topics;

    @BeforeAll
    static void openTopicsView() {
        loggedErrors = Ui.collectLoggedErrors();
        topics = Ui.view(ViewIds.TOPICS, TopicsView.class);
    }

    @AfterAll
    static void closePeersAndConnections() throws Exception {
        Ui.closeAll(toClose);
    }

    /** Opens a loopback connection to {@code domain} the way the Connect dialog does, closed after the tests. */
    private static LiveConnection connect(String name, int domain) {
        return Ui.connectLoopback(name, domain, toClose);
    }

    private static PeerProcess peer(String name, int domain, String... args) {
        NetNs.requireIsolated();
        Peers.requireAvailable();
        PeerProcess p = Peers.start(name, domain, args);
        toClose.add(p);
        return p;
    }

    /** The topic row of {@code topic} under connection {@code c} in the Topics view, once its endpoints are there. */
    private static Node topicRow(LiveConnection c, String topic, int endpoints) {
        Ui.waitUntil(endpoints + " endpoints on " + topic, () -> c.snapshot().endpoints().stream()
                .filter(e -> e.alive() && e.topicName().equals(topic)).count() >= endpoints,
                () -> c.snapshot().topics().toString());
        return TopicsTree.row(topics, c, topic);
    }

    private static void select(Node n) {
        TopicsTree.select(topics, n);
    }

    /** Shows the Topics view's context menu the way a right click does and returns its items' texts. */
    private static List<MenuItem> contextMenu() {
        Menu menu = topics.tree().viewer().getControl().getMenu();
        assertNotNull(menu, "the Topics tree has a context menu");
        menu.notifyListeners(SWT.Show, new Event()); // fills the contributed items, updates their enablement
        return List.of(menu.getItems());
    }

    private static MenuItem item(List<MenuItem> items, String text) {
        return items.stream().filter(i -> i.getText().replace("&", "").startsWith(text)).findFirst()
                .orElseThrow(() -> new AssertionError("no '" + text + "' in the context menu: "
                        + items.stream().map(MenuItem::getText).toList()));
    }

    private static TypeView typeView() {
        return (TypeView) Ui.page().findView(SamplesIds.TYPE_VIEW);
    }

    @Test
    @Order(10)
    void showTypeFromTheContextMenuLearnsThePeersTypeAndShowsItsIdl() {
        peer("cyclone_peer", PEER_DOMAIN, "--name", "typed_peer");
        LiveConnection c = connect("Typed peers", PEER_DOMAIN);
        Node sensors = topicRow(c, "SensorData", 2);
        select(sensors);

        List<MenuItem> items = contextMenu();
        MenuItem show = item(items, "Show Type");
        assertTrue(show.isEnabled(), "Show Type is enabled on a topic");
        assertTrue(item(items, "Read Samples").isEnabled(), "Read Samples… is enabled on a topic");
        assertTrue(item(items, "Write Samples").isEnabled(), "Write Samples… is enabled on a topic");
        show.notifyListeners(SWT.Selection, new Event());
        topics.tree().viewer().getControl().getMenu().notifyListeners(SWT.Hide, new Event());

        TypeView view = typeView();
        assertNotNull(view, "Show Type opened the Type view");
        TypeComposite t = view.types();
        Ui.waitUntil("the IDL of tuner::SensorReading", () -> t.leftText().getText().contains("sensor_id"),
                () -> t.headerText() + "\n" + t.notes().getText());
        String idl = t.leftText().getText();
        for (String member : List.of("struct SensorReading", "@key long sensor_id;", "SensorKind kind;",
                "double value;", "Vector3 position;", "sequence<float> history;", "string unit;",
                "enum SensorKind", "TEMPERATURE", "struct Vector3")) {
            assertTrue(idl.contains(member), "'" + member + "' in\n" + idl);
        }
        assertEquals("SensorData — one type, tuner::SensorReading, used by 1 writer, 1 reader", t.headerText());
        assertFalse(t.comparing(), "one type: nothing to compare");
        assertTrue(t.notes().getText().contains("writer sensor_writer of typed_peer"), t.notes().getText());
        assertTrue(t.notes().getText().contains("reader sensor_reader of typed_peer"), t.notes().getText());
        assertTrue(t.leftText().getFont().getFontData()[0].getName().toLowerCase().contains("mono"),
                "IDL in a monospace font: " + t.leftText().getFont().getFontData()[0].getName());
        shots("10-type-view-one-type", view);
        assertEquals(List.of(), loggedErrors);
    }

    @Test
    @Order(15)
    void theSystemViewOffersShowTypeOnAWriter() {
        LiveConnection c = LiveSystems.get().connections().stream()
                .filter(x -> x.connection().profile().domainId() == PEER_DOMAIN).findFirst().orElseThrow();
        SystemView system = Ui.view(ViewIds.SYSTEM, SystemView.class);
        Predicate<Node> writer = n -> n.kind() == Node.Kind.WRITER && n.connection() == c
                && n.text().contains("Commands");
        Ui.waitUntil("the peer's Commands writer in the System view",
                () -> Node.find(system.tree().roots(), writer) != null,
                () -> system.tree().roots().toString());
        Ui.page().activate(system);
        system.tree().viewer().setSelection(
                new TreeSelection(Node.find(system.tree().roots(), writer).treePath()), true);
        Ui.spin(100);
        Menu menu = system.tree().viewer().getControl().getMenu();
        menu.notifyListeners(SWT.Show, new Event());
        MenuItem show = item(List.of(menu.getItems()), "Show Type");
        assertTrue(show.isEnabled(), "Show Type is enabled on a writer");
        show.notifyListeners(SWT.Selection, new Event());
        menu.notifyListeners(SWT.Hide, new Event());
        TypeComposite t = typeView().types();
        Ui.waitUntil("the IDL of tuner::Command", () -> t.leftText().getText().contains("struct Command"),
                () -> t.headerText() + "\n" + t.notes().getText());
        assertTrue(t.leftText().getText().contains("sequence<string> args;"), t.leftText().getText());
        assertTrue(t.headerText().startsWith("Commands — one type, tuner::Command"), t.headerText());
    }

    @Test
    @Order(20)
    void writersWithDifferentVersionsOfATypeAreComparedSideBySide() {
        peer("version_peer", VERSIONS_DOMAIN, "--version", "1");
        peer("version_peer", VERSIONS_DOMAIN, "--version", "3");
        LiveConnection c = connect("Versions", VERSIONS_DOMAIN);
        select(topicRow(c, "Readings", 2));
        TypeView view = typeView();
        Ui.page().activate(view);
        TypeComposite t = view.types();
        Ui.waitUntil("two types of Readings side by side", () -> t.comparing() && t.comparison() != null,
                () -> t.headerText() + "\n" + t.notes().getText());
        assertEquals("Readings — 2 different types among 2 endpoints", t.headerText());
        String left = t.leftText().getText();
        String right = t.rightText().getText();
        assertTrue(left.contains("value;") && right.contains("value;"), left + "\n---\n" + right);
        assertTrue((left.contains("double value;") && right.contains("float value;"))
                || (left.contains("float value;") && right.contains("double value;")), left + "\n---\n" + right);

        List<TypeDifference> differences = t.comparison().differences();
        assertEquals(1, differences.size(), differences.toString());
        assertEquals(TypeDifference.Kind.TYPE_CHANGED, differences.get(0).kind());
        assertEquals("value", differences.get(0).path());
        assertFalse(t.comparison().bIntoA().assignable());
        assertFalse(t.comparison().aIntoB().assignable());
        String notes = t.notes().getText();
        assertTrue(notes.contains("No — a reader of type 1 cannot take data from a writer of type 2: At 'value': "),
                notes);
        assertTrue(notes.contains("XTypes converts no primitive type into another"), notes);
        // the changed line is highlighted on both sides, the others are not
        int changedLeft = lineOf(t.leftText().getText(), "value;");
        assertNotNull(t.leftText().getLineBackground(changedLeft), "the changed line has a background");
        assertEquals(null, t.leftText().getLineBackground(lineOf(t.leftText().getText(), "long id;")),
                "an unchanged line has none");
        shots("20-type-view-two-versions", view);

        // a third version that only appends a member: choosing it on the right says they can talk
        peer("version_peer", VERSIONS_DOMAIN, "--version", "2");
        Ui.waitUntil("three types of Readings", () -> t.shown() != null && t.shown().groups().size() == 3,
                () -> t.headerText() + "\n" + t.notes().getText());
        TypeGroup appended = t.shown().groups().stream().filter(g -> g.idl().contains("string unit;")).findFirst()
                .orElseThrow();
        TypeGroup doubles = t.shown().groups().stream()
                .filter(g -> g.idl().contains("double value;") && !g.idl().contains("unit")).findFirst().orElseThrow();
        t.leftChoice().select(doubles.number() - 1);
        t.leftChoice().notifyListeners(SWT.Selection, new Event());
        t.rightChoice().select(appended.number() - 1);
        t.rightChoice().notifyListeners(SWT.Selection, new Event());
        Ui.spin(100);
        assertEquals(List.of(TypeDifference.Kind.MEMBER_ADDED),
                t.comparison().differences().stream().map(TypeDifference::kind).toList());
        assertTrue(t.comparison().bIntoA().assignable(), t.comparison().bIntoA().reason());
        assertTrue(t.comparison().aIntoB().assignable(), t.comparison().aIntoB().reason());
        assertTrue(t.notes().getText().contains("Yes — a reader of type " + doubles.number()
                + " takes data from a writer of type " + appended.number() + "."), t.notes().getText());
        shots("21-type-view-appended-member", view);
        assertEquals(List.of(), loggedErrors);
    }

    @Test
    @Order(30)
    void theDemosTopicShowsTheDemosIdlKnownToThisProcess() {
        Optional<LiveConnection> demo = LiveSystems.get().connections().stream()
                .filter(c -> c.connection().profile().equals(ConnectionProfile.localDemo())).findFirst();
        Ui.waitUntil("the demo connection", () -> LiveSystems.get().connections().stream()
                .anyMatch(c -> c.connection().profile().equals(ConnectionProfile.localDemo())),
                () -> LiveSystems.get().connections().toString());
        LiveConnection c = demo.orElseGet(() -> LiveSystems.get().connections().stream()
                .filter(x -> x.connection().profile().equals(ConnectionProfile.localDemo())).findFirst().orElseThrow());
        select(topicRow(c, "SensorReadings", 2));
        TypeComposite t = typeView().types();
        Ui.waitUntil("the Type view on SensorReadings", () -> t.shown() != null
                && t.shown().topic().equals("SensorReadings"), () -> t.headerText());
        // the demo runs in this process: libddsc announces no type information for its endpoints, so the type
        // comes from the demo's own IDL ("known to this process"), as in the Reader view
        Ui.waitUntil("the demo's IDL of demo::SensorReading", () -> t.leftText().getText().contains("struct SensorReading"),
                () -> t.headerText() + "\n" + t.notes().getText());
        String idl = t.leftText().getText();
        assertTrue(idl.startsWith("// from known to this process: registered by the Local demo"), idl);
        for (String member : List.of("module demo", "@key long sensor_id;", "double value;", "string unit;")) {
            assertTrue(idl.contains(member), "'" + member + "' in\n" + idl);
        }
        assertTrue(t.headerText().startsWith("SensorReadings — one type, demo::SensorReading, used by "), t.headerText());
        String notes = t.notes().getText();
        assertTrue(notes.contains("Where type 1 came from (tried in this order):\n  \u2714 known to this process: "
                + "registered by the Local demo"), notes);
        assertFalse(notes.contains("No XTypes type information"), "the wire was not needed: " + notes);
        shots("30-type-view-no-type-information", typeView());
    }

    @Test
    @Order(40)
    void aTopicWithoutTypeInformationSaysWhyThenShowsImportedIdl() throws Exception {
        LiveConnection c = connect("No type information", PROBE_DOMAIN);
        // a writer without XTypes type information: libddsc announces none for a participant in this process
        Participant app = c.connection().domain().createParticipant();
        toClose.add(app::close);
        StructType probe = StructType.builder("tuner::TypeViewProbe").key("id", MemberKind.INT32)
                .member("level", MemberKind.FLOAT64).build();
        app.createWriter(app.createTopic("Probes", probe, null), null);
        select(topicRow(c, "Probes", 1));
        TypeView view = typeView();
        TypeComposite t = view.types();
        Ui.waitUntil("why Probes has no type", () -> t.shown() != null && t.shown().topic().equals("Probes"),
                () -> t.headerText() + "\n" + t.notes().getText());
        assertEquals("Probes — no source gave the type of any of its 1 endpoint", t.headerText());
        String notes = t.notes().getText();
        // every source, in the Reader view's order, with its reason
        List<String> reasons = List.of("\u2716 known to this process: every writer lives in this process, but no library "
                + "registered here declares tuner::TypeViewProbe", "\u2716 over the wire (XTypes TypeLookup): No XTypes "
                + "type information was announced (Eclipse Cyclone DDS), only the type name 'tuner::TypeViewProbe'",
                "\u2716 imported IDL: ", "\u2716 ROS 2 message definition: tuner::TypeViewProbe is not a ROS 2 message "
                + "type name");
        int at = -1;
        for (String r : reasons) {
            int i = notes.indexOf(r);
            assertTrue(i > at, "'" + r + "' after the reasons before it in\n" + notes);
            at = i;
        }
        shots("40-type-view-no-source", view);

        Path file = Files.createTempDirectory("type-view-idl").resolve("probe.idl");
        Files.writeString(file, """
                module tuner {
                  struct TypeViewProbe { @key long id; double level; };
                };
                """);
        Ui.whenShellOpens("IDL import", shell -> Ui.press(shell, "OK"));
        try {
            assertTrue(view.importIdl(List.of(file)).ok());
            Ui.waitUntil("the imported IDL in the Type view", () -> t.leftText().getText().contains("double level;"),
                    () -> t.headerText() + "\n" + t.notes().getText());
            String idl = t.leftText().getText();
            assertTrue(idl.startsWith("// from imported IDL: declared in " + file), idl);
            assertEquals("Probes — one type, tuner::TypeViewProbe, used by 1 writer, 0 readers", t.headerText());
            notes = t.notes().getText();
            assertTrue(notes.contains("\u2716 over the wire (XTypes TypeLookup): No XTypes type information"), notes);
            assertTrue(notes.contains("\u2714 imported IDL: declared in "), notes);
            assertTrue(notes.indexOf("\u2716 over the wire") < notes.indexOf("\u2714 imported IDL"), notes);
            shots("41-type-view-imported-idl", view);
        } finally {
            TypeResolution.importedTypes().remove(file.toString());
            ImportedIdlFiles.clear();
        }
        assertEquals(List.of(), loggedErrors);
    }

    /** The workbench as laid out, then with the Type view maximized (double-click on its tab). */
    private static void shots(String name, TypeView view) {
        Ui.screenshot(name);
        IWorkbenchPartReference ref = Ui.page().getReference(view);
        Ui.page().setPartState(ref, IWorkbenchPage.STATE_MAXIMIZED);
        Ui.spin(200);
        Ui.screenshot(name + "-maximized");
        Ui.page().setPartState(ref, IWorkbenchPage.STATE_RESTORED);
        Ui.spin(200);
    }

    private static int lineOf(String text, String part) {
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            if (lines[i].contains(part)) {
                return i;
            }
        }
        throw new AssertionError("'" + part + "' not in\n" + text);
    }
}
