package org.ddstuner.map.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import javax.xml.parsers.DocumentBuilderFactory;

import org.ddstuner.connection.ConnectionManager;
import org.ddstuner.connection.ConnectionProfile;
import org.ddstuner.map.EdgeState;
import org.ddstuner.map.MapEdge;
import org.ddstuner.map.MapGraph;
import org.ddstuner.map.MapNode;
import org.ddstuner.system.EntityKind;
import org.ddstuner.system.ui.DetailsView;
import org.ddstuner.system.ui.ViewIds;
import org.ddstuner.system.ui.live.EntityRef;
import org.ddstuner.system.ui.live.LiveConnection;
import org.ddstuner.system.ui.live.LiveSystems;
import org.ddstuner.testsupport.NetNs;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.ImageData;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.widgets.Event;
import org.eclipse.ui.IWorkbenchPage;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;

/**
 * The System Map view in the product's workbench on the built-in demo (the product connects to it at start, real
 * libddsc participants in this namespace): the map with its red edge, the mismatch reason when hovering it, a
 * click that Details follows, the filter, zoom, PNG and SVG export. Screenshots: target/screenshots/map-*.png.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class MapUiTest {

    private static List<String> loggedErrors;
    private static MapView view;
    private static MapComposite map;
    private static DetailsView details;

    @BeforeAll
    static void openTheMap() {
        NetNs.requireIsolated();
        loggedErrors = Ui.collectLoggedErrors();
        details = Ui.view(ViewIds.DETAILS, DetailsView.class);
        view = Ui.view(MapView.ID, MapView.class);
        map = view.map();
        Ui.waitUntil("the demo connection", () -> demo() != null, () -> LiveSystems.get().connections().toString());
        Ui.waitUntil("the Logger's red edge on the map", () -> loggerEdge() != null,
                () -> map.map().graph().edges().toString());
    }

    @AfterAll
    static void restore() {
        IWorkbenchPage page = Ui.page();
        if (page.getPartState(page.getReference(view)) == IWorkbenchPage.STATE_MAXIMIZED) {
            page.toggleZoom(page.getReference(view));
        }
        map.filterBar().text().setText("");
    }

    @Test
    @Order(10)
    void theDemoMapShowsParticipantsInProcessesTopicsAndEdgeStates() {
        Ui.page().toggleZoom(Ui.page().getReference(view));
        Ui.spin(400);
        map.fit();
        MapGraph g = map.map().graph();
        assertEquals(MapGraph.Level.PARTICIPANTS, g.level());
        for (String p : List.of("SensorHub", "Dashboard", "Controller", "Actuator", "Logger", "Radar")) {
            assertTrue(g.nodes().stream().anyMatch(n -> n.kind() == MapNode.Kind.PARTICIPANT && n.label().equals(p)), p);
        }
        assertTrue(g.nodes().stream().anyMatch(n -> n.kind() == MapNode.Kind.PROCESS), "process boxes");
        assertTrue(g.edges().stream().anyMatch(e -> e.state() == EdgeState.MATCHED));
        assertTrue(map.statusText().contains("participants"), map.statusText());
        // every box and edge is on screen after Fit
        var area = map.canvas().getClientArea();
        for (MapNode n : g.nodes()) {
            Point p = map.canvas().screenPointOf(n.id());
            assertTrue(area.contains(p), n.id() + " at " + p + " outside " + area);
        }
        Ui.screenshot("map-demo");
    }

    @Test
    @Order(15)
    void theMapFollowsTheModelLive() {
        // the demo's Blinker comes (7 s) and goes (5 s), a new participant each time: without touching the view, an
        // alive Blinker's box turns gone
        java.time.Duration wait = java.time.Duration.ofSeconds(30);
        String[] alive = new String[1];
        Ui.waitUntil(wait, "an alive Blinker", () -> {
            alive[0] = map.map().graph().nodes().stream().filter(n -> n.label().equals("Blinker") && !n.gone())
                    .map(MapNode::id).findFirst().orElse(null);
            return alive[0] != null;
        }, () -> map.map().graph().nodes().toString());
        long before = map.updates();
        Ui.waitUntil(wait, "that Blinker drawn gone", () -> {
            MapNode n = map.map().graph().node(alive[0]);
            return n != null && n.gone();
        }, () -> String.valueOf(map.map().graph().node(alive[0])));
        assertTrue(map.updates() > before, "new maps were made: " + before + " -> " + map.updates());
        assertTrue(map.map().graph().edges().stream().anyMatch(e -> e.state() == EdgeState.GONE
                && (e.source().equals(alive[0]) || e.target().equals(alive[0]))), "its edge is gone too");
    }

    @Test
    @Order(20)
    void hoveringTheRedEdgeShowsTheMismatchReason() {
        MapEdge red = loggerEdge();
        Point p = map.canvas().screenPointOf(red.id());
        mouse(SWT.MouseMove, p, 0);
        Ui.spin(200);
        assertEquals(red.id(), map.canvas().hovered(), "the edge under the mouse at " + p);
        assertTrue(red.reasons().get(0).fullText().contains("TRANSIENT_LOCAL"), red.reasons().toString());
        Ui.screenshot("map-mismatch-hover");
    }

    @Test
    @Order(30)
    void clickingTheRedEdgeShowsItsReaderInDetails() {
        Ui.page().toggleZoom(Ui.page().getReference(view));
        Ui.spin(300);
        map.fit();
        Ui.spin(100);
        MapEdge red = loggerEdge();
        Point p = map.canvas().screenPointOf(red.id());
        mouse(SWT.MouseMove, p, 0);
        mouse(SWT.MouseDown, p, 1);
        mouse(SWT.MouseUp, p, 1);
        Ui.spin(200);
        EntityRef ref = (EntityRef) ((IStructuredSelection) map.getSelection()).getFirstElement();
        assertEquals(EntityKind.ENDPOINT, ref.kind());
        assertEquals(red.representative(), ref.key());
        Ui.waitUntil("Details shows the Logger's reader", () -> ref.equals(details.details().shown()),
                () -> String.valueOf(details.details().shown()));
        Ui.screenshot("map-mismatch-selected");
    }

    @Test
    @Order(40)
    void theFilterNarrowsTheMapAsInTheTrees() {
        map.filterBar().text().setText("Commands");
        Ui.waitUntil("only the Commands topic and its two participants", () -> {
            MapGraph g = map.map().graph();
            return g.nodes().stream().filter(n -> n.kind() == MapNode.Kind.TOPIC).map(MapNode::label).toList()
                    .equals(List.of("Commands"))
                    && g.nodes().stream().filter(n -> n.kind() == MapNode.Kind.PARTICIPANT).count() == 2;
        }, () -> map.map().graph().nodes().toString());
        Ui.spin(200);
        // the narrowed map is fitted again: its boxes are on screen and readable, not the size they had in the whole map
        var area = map.canvas().getClientArea();
        MapGraph g = map.map().graph();
        for (MapNode n : g.nodes()) {
            assertTrue(area.contains(map.canvas().screenPointOf(n.id())), n.id() + " on screen");
        }
        assertTrue(map.canvas().scale() >= 1, "fitted to the narrowed map: scale " + map.canvas().scale());
        Ui.screenshot("map-filter");
        map.filterBar().text().setText("");
        Ui.waitUntil("every topic again", () -> map.map().graph().topics() >= 5, () -> map.statusText());
    }

    @Test
    @Order(50)
    void zoomChangesTheScale() {
        double before = map.canvas().scale();
        map.zoomIn();
        assertTrue(map.canvas().scale() > before);
        Event wheel = new Event();
        wheel.x = 50;
        wheel.y = 50;
        wheel.count = -3;
        map.canvas().notifyListeners(SWT.MouseVerticalWheel, wheel);
        assertTrue(map.canvas().scale() < before * 1.25);
        map.fit();
    }

    @Test
    @Order(60)
    void exportWritesAPngAndAnSvg(@TempDir Path dir) throws Exception {
        Path png = dir.resolve("map.png");
        Path svg = dir.resolve("map.svg");
        map.exportPng(png);
        map.exportSvg(svg);
        ImageData img = new ImageData(png.toString());
        assertEquals((int) Math.ceil(map.map().width()), img.width);
        assertEquals((int) Math.ceil(map.map().height()), img.height);
        byte[] head = Files.readAllBytes(png);
        assertEquals((byte) 0x89, head[0]);
        assertEquals('P', head[1]);
        Document d = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(svg.toFile());
        assertEquals("svg", d.getDocumentElement().getNodeName());
        assertEquals(map.map().routes().size(), d.getElementsByTagName("polyline").getLength());
        Files.copy(png, Path.of(System.getProperty("ddstuner.screenshots", "target/screenshots"), "map-export.png"),
                java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    }

    @Test
    @Order(70)
    void twentyThousandEndpointsAreShownCollapsedAndTheViewStaysResponsive() {
        SyntheticSystem big = new SyntheticSystem(4, 5000, 101);
        ConnectionManager.get().add(big);
        try {
            Ui.waitUntil("the synthetic system in the chooser", () -> List.of(connectionCombo().getItems())
                    .contains(big.label()), () -> List.of(connectionCombo().getItems()).toString());
            Ui.page().toggleZoom(Ui.page().getReference(view));
            var combo = connectionCombo();
            combo.select(List.of(combo.getItems()).indexOf(big.label()));
            combo.notifyListeners(SWT.Selection, new Event());
            Ui.waitUntil("the collapsed map of 20,000 endpoints", () -> map.map().graph().endpoints() == 20_000,
                    () -> map.statusText());
            MapGraph g = map.map().graph();
            assertEquals(MapGraph.Level.PROCESSES_TOPIC_GROUPS, g.level());
            assertTrue(map.statusText().contains("20000 endpoints") && map.statusText().contains("shown as"),
                    map.statusText());
            // painting the collapsed map is quick on the UI thread (the work was done on the updater's thread)
            double paintMs = 0;
            for (int i = 0; i < 5; i++) {
                long before = map.canvas().paints();
                map.canvas().redraw();
                Ui.waitUntil("a paint", () -> map.canvas().paints() > before, () -> "no paint");
                paintMs = Math.max(paintMs, map.canvas().lastPaintMillis());
            }
            System.out.printf("map of 20,000 endpoints: made and laid out in %.1f ms, painted in %.1f ms (slowest of 5)%n",
                    map.lastMillis(), paintMs);
            assertTrue(paintMs < 100, "a paint took " + paintMs + " ms");
            Point p = map.canvas().screenPointOf(g.edges().get(0).id());
            mouse(SWT.MouseMove, p, 0);
            Ui.spin(200);
            Ui.screenshot("map-20k-collapsed");
        } finally {
            Ui.page().toggleZoom(Ui.page().getReference(view));
            ConnectionManager.get().close(big);
            Ui.waitUntil("back to the demo", () -> demo() != null && map.map().graph().endpoints() < 100,
                    () -> map.statusText());
        }
    }

    @Test
    @Order(80)
    void fileSystemMapOpensTheView() {
        Ui.page().hideView(view);
        Ui.spin(100);
        assertTrue(Ui.page().findView(MapView.ID) == null);
        org.eclipse.swt.widgets.Menu bar = Ui.page().getWorkbenchWindow().getShell().getMenuBar();
        org.eclipse.swt.widgets.MenuItem file = java.util.Arrays.stream(bar.getItems())
                .filter(i -> i.getText().replace("&", "").equals("File")).findFirst().orElseThrow();
        file.getMenu().notifyListeners(SWT.Show, new Event());
        org.eclipse.swt.widgets.MenuItem item = java.util.Arrays.stream(file.getMenu().getItems())
                .filter(i -> i.getText().replace("&", "").startsWith("System Map")).findFirst()
                .orElseThrow(() -> new AssertionError("no System Map in File: " + java.util.Arrays.stream(
                        file.getMenu().getItems()).map(org.eclipse.swt.widgets.MenuItem::getText).toList()));
        item.notifyListeners(SWT.Selection, new Event());
        file.getMenu().notifyListeners(SWT.Hide, new Event());
        Ui.waitUntil("the System Map view", () -> Ui.page().findView(MapView.ID) != null, () -> "not open");
        view = (MapView) Ui.page().findView(MapView.ID);
        map = view.map();
    }

    private static org.eclipse.swt.widgets.Combo connectionCombo() {
        return Ui.find(map, org.eclipse.swt.widgets.Combo.class, c -> true);
    }

    @Test
    @Order(Integer.MAX_VALUE)
    void nothingWentWrongInTheEventLoop() {
        Ui.spin(300);
        assertTrue(loggedErrors.isEmpty(), "errors logged while the map ran: " + loggedErrors);
    }

    private static void mouse(int type, Point p, int button) {
        Event e = new Event();
        e.x = p.x;
        e.y = p.y;
        e.button = button;
        e.stateMask = type == SWT.MouseUp ? SWT.BUTTON1 : 0;
        map.canvas().notifyListeners(type, e);
    }

    private static MapEdge loggerEdge() {
        MapGraph g = map.map().graph();
        for (MapEdge e : g.edges()) {
            MapNode target = g.node(e.target());
            if (e.state() == EdgeState.NO_MATCH && target != null && "Logger".equals(target.label())) {
                return e;
            }
        }
        return null;
    }

    private static LiveConnection demo() {
        return LiveSystems.get().connections().stream()
                .filter(c -> c.isLocal() && c.connection().profile().equals(ConnectionProfile.localDemo()))
                .findFirst().orElse(null);
    }
}
