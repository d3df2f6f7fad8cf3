package org.ddstuner.map.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.function.BooleanSupplier;

import javax.xml.parsers.DocumentBuilderFactory;

import org.ddstuner.connection.Connection;
import org.ddstuner.connection.ConnectionManager;
import org.ddstuner.connection.ConnectionProfile;
import org.ddstuner.demo.DemoSystem;
import org.ddstuner.health.Condition;
import org.ddstuner.health.HealthEvent;
import org.ddstuner.health.Severity;
import org.ddstuner.map.EdgeState;
import org.ddstuner.map.LaidOutMap;
import org.ddstuner.map.LaidOutMap.Box;
import org.ddstuner.map.MapBuilder;
import org.ddstuner.map.MapEdge;
import org.ddstuner.map.MapGraph;
import org.ddstuner.map.MapHits;
import org.ddstuner.map.MapLayout;
import org.ddstuner.map.MapNode;
import org.ddstuner.map.MapTexts;
import org.ddstuner.map.SvgCanvas;
import org.ddstuner.system.NameFilter;
import org.ddstuner.system.Participant;
import org.ddstuner.system.SystemSnapshot;
import org.ddstuner.system.match.MismatchReason;
import org.ddstuner.testsupport.NetNs;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.xml.sax.InputSource;

/**
 * The map of the demo system, made from a real connection (libddsc participants in this namespace): matched and
 * mismatched edges with the reason, the Blinker's edges going grey when it goes, layout, filter, SVG.
 */
class DemoMapTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(30);
    private static Connection c;

    @BeforeAll
    static void open() {
        NetNs.requireIsolated();
        c = ConnectionManager.get().open(new ConnectionProfile("map demo", 141,
                ConnectionProfile.ConfigKind.LOOPBACK_ONLY, "", List.of(), true));
        waitFor("the demo's participants and topics", () -> {
            SystemSnapshot s = c.model().snapshot(false);
            return DemoSystem.TOPICS.stream().allMatch(t -> s.topic(t).isPresent()) && participant(s, "Logger") != null
                    && s.endpointsOf(participant(s, "Logger").guid()).size() > 0
                    && participant(s, "Dashboard") != null && s.endpointsOf(participant(s, "Dashboard").guid()).size() >= 4;
        });
    }

    @AfterAll
    static void close() {
        ConnectionManager.get().closeAll();
    }

    @Test
    void participantsSitInTheirProcessAndHostAndEdgesCarryTheirState() {
        SystemSnapshot s = c.model().snapshot(false);
        MapGraph g = new MapBuilder().build(s);
        assertEquals(MapGraph.Level.PARTICIPANTS, g.level());
        Participant hub = participant(s, "SensorHub");
        Participant logger = participant(s, "Logger");
        MapNode hubNode = g.node("P:" + hub.guid());
        assertNotNull(hubNode, "SensorHub's node");
        MapNode process = g.node(hubNode.parent());
        assertEquals(MapNode.Kind.PROCESS, process.kind());
        assertEquals(MapNode.Kind.HOST, g.node(process.parent()).kind());
        for (String t : DemoSystem.TOPICS) {
            assertNotNull(g.node("t:" + t), "topic node " + t);
        }
        MapEdge writes = g.edge("P:" + hub.guid() + "->t:" + DemoSystem.SENSORS);
        assertNotNull(writes, "SensorHub writes SensorReadings");
        assertTrue(writes.writes());
        assertEquals(EdgeState.MATCHED, writes.state());
        MapEdge loggerReads = g.edge("t:" + DemoSystem.SENSORS + "->P:" + logger.guid());
        assertNotNull(loggerReads, "Logger reads SensorReadings");
        assertEquals(EdgeState.NO_MATCH, loggerReads.state());
        assertFalse(loggerReads.reasons().isEmpty());
        assertEquals(MismatchReason.Check.DURABILITY, loggerReads.reasons().get(0).check(), loggerReads.reasons().toString());
        String tip = MapTexts.tooltip(g, loggerReads.id());
        assertTrue(tip.contains("Logger reads SensorReadings: no match") && tip.contains("TRANSIENT_LOCAL"), tip);
        // the representative is the Logger's reader: Details shows it when the edge is selected
        assertEquals(logger.guid(), s.endpoint(org.ddstuner.dds.Guid.parse(loggerReads.representative())).orElseThrow()
                .participantGuid());
    }

    @Test
    void theLayoutPlacesEveryBoxInsideItsContainerAndRoutesEveryEdge() {
        MapGraph g = new MapBuilder().build(c.model().snapshot(false));
        LaidOutMap m = new MapLayout().layout(g);
        for (MapNode n : g.nodes()) {
            Box b = m.boxes().get(n.id());
            assertNotNull(b, "box of " + n.id());
            assertTrue(b.x() >= 0 && b.y() >= 0 && b.x() + b.w() <= m.width() + 0.5 && b.y() + b.h() <= m.height() + 0.5,
                    n.id() + " " + b + " in " + m.width() + "x" + m.height());
            if (n.parent() != null) {
                Box p = m.boxes().get(n.parent());
                assertTrue(b.x() >= p.x() && b.y() >= p.y() && b.x() + b.w() <= p.x() + p.w() + 0.5
                        && b.y() + b.h() <= p.y() + p.h() + 0.5, n.id() + " " + b + " inside " + n.parent() + " " + p);
            }
        }
        for (MapEdge e : g.edges()) {
            double[] r = m.routes().get(e.id());
            assertNotNull(r, "route of " + e.id());
            // the route starts on its source box and ends on its target box
            assertNear(m.boxes().get(e.source()), r[0], r[1], e.id() + " start");
            assertNear(m.boxes().get(e.target()), r[r.length - 2], r[r.length - 1], e.id() + " end");
        }
        // hovering the middle of the Logger's red edge finds that edge
        MapEdge red = g.edges().stream().filter(e -> e.state() == EdgeState.NO_MATCH).findFirst().orElseThrow();
        double[] r = m.routes().get(red.id());
        int k = (r.length / 4) * 2;
        double mx = k >= 2 ? (r[k - 2] + r[k]) / 2 : (r[0] + r[2]) / 2;
        double my = k >= 2 ? (r[k - 1] + r[k + 1]) / 2 : (r[1] + r[3]) / 2;
        String hit = MapHits.at(m, mx, my, 4);
        assertTrue(red.id().equals(hit) || g.edge(hit) != null, "edge under " + mx + "," + my + ": " + hit);
        // the same structure keeps its places
        LaidOutMap again = new MapLayout().layout(g);
        assertEquals(m.boxes().size(), again.boxes().size());
    }

    @Test
    void theFilterKeepsMatchingNodesAndTheirEdges() {
        SystemSnapshot s = c.model().snapshot(false);
        MapGraph g = new MapBuilder().build(s, List.of(), NameFilter.substring("logger"));
        List<String> participants = g.nodes().stream().filter(n -> n.kind() == MapNode.Kind.PARTICIPANT)
                .map(MapNode::label).toList();
        assertEquals(List.of("Logger"), participants);
        List<String> topics = g.nodes().stream().filter(n -> n.kind() == MapNode.Kind.TOPIC).map(MapNode::label).toList();
        assertEquals(List.of(DemoSystem.SENSORS), topics);
        assertEquals(1, g.edges().size());
        MapGraph byTopic = new MapBuilder().build(s, List.of(), NameFilter.substring("commands"));
        assertEquals(List.of("Actuator", "Controller"), byTopic.nodes().stream()
                .filter(n -> n.kind() == MapNode.Kind.PARTICIPANT).map(MapNode::label).sorted().toList());
    }

    @Test
    void anUnchangedTopicIsTakenFromTheCacheOnTheNextBuild() {
        MapBuilder b = new MapBuilder();
        SystemSnapshot s = c.model().snapshot(false);
        b.build(s);
        assertEquals(s.topics().size(), b.recomputedTopics());
        b.build(s);
        assertEquals(0, b.recomputedTopics(), "same snapshot: nothing recomputed");
    }

    @Test
    void aWatchProblemColoursTheWritersEdge() {
        SystemSnapshot s = c.model().snapshot(false);
        Participant controller = participant(s, "Controller");
        Instant now = Instant.now();
        // an event as HealthWatcher fires it (HealthMapTest provokes a real one): the participant's edge only
        HealthEvent missed = new HealthEvent(HealthEvent.Kind.FIRED, "commands-deadline", Condition.DEADLINE_MISSED,
                Severity.ERROR, DemoSystem.COMMANDS, controller.guid().toString(), "Controller", now, now,
                "3 deadline misses in 10 s");
        MapGraph g = new MapBuilder().build(s, List.of(missed), NameFilter.ALL);
        MapEdge e = g.edge("P:" + controller.guid() + "->t:" + DemoSystem.COMMANDS);
        assertEquals(EdgeState.DEADLINE_MISSED, e.state());
        assertTrue(MapTexts.tooltip(g, e.id()).contains("3 deadline misses"), MapTexts.tooltip(g, e.id()));
        // the reader side of the same topic keeps its own state
        Participant actuator = participant(s, "Actuator");
        assertEquals(EdgeState.MATCHED, g.edge("t:" + DemoSystem.COMMANDS + "->P:" + actuator.guid()).state());
    }

    @Test
    void theBlinkersEdgesTurnGoneWhenItGoes() {
        // Blinker is up 7 s of every 12 s: wait until it is seen, then until it is lost
        waitFor("the Blinker alive with its writer", () -> blinkerEdge(EdgeState.MATCHED) != null
                || blinkerEdge(EdgeState.NO_PEER) != null);
        waitFor("the Blinker's edge gone", () -> blinkerEdge(EdgeState.GONE) != null);
        MapGraph g = new MapBuilder().build(c.model().snapshot(false));
        assertTrue(g.nodes().stream().anyMatch(n -> n.label().equals("Blinker") && n.gone()),
                "a gone Blinker's node is drawn gone");
    }

    @Test
    void theSvgExportIsWellFormedXmlWithEveryEdge(@TempDir Path dir) throws Exception {
        MapGraph g = new MapBuilder().build(c.model().snapshot(false));
        LaidOutMap m = new MapLayout().layout(g);
        Path f = dir.resolve("map.svg");
        SvgCanvas.write(m, null, f);
        var factory = DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(true);
        Document d = factory.newDocumentBuilder().parse(new InputSource(new StringReader(Files.readString(f))));
        assertEquals("svg", d.getDocumentElement().getLocalName());
        assertEquals("http://www.w3.org/2000/svg", d.getDocumentElement().getNamespaceURI());
        assertEquals(m.routes().size(), d.getElementsByTagName("polyline").getLength());
        String texts = d.getDocumentElement().getTextContent();
        assertTrue(texts.contains("Logger") && texts.contains(DemoSystem.SENSORS), texts);
    }

    /** An edge of any Blinker (each blink is a new participant) from Heartbeat's writers in that state. */
    private static MapEdge blinkerEdge(EdgeState state) {
        SystemSnapshot s = c.model().snapshot(false);
        MapGraph g = new MapBuilder().build(s);
        for (Participant b : s.participants()) {
            if ("Blinker".equals(b.name())) {
                MapEdge e = g.edge("P:" + b.guid() + "->t:" + DemoSystem.HEARTBEAT);
                if (e != null && e.state() == state) {
                    return e;
                }
            }
        }
        return null;
    }

    private static Participant participant(SystemSnapshot s, String name) {
        return s.participants().stream().filter(p -> name.equals(p.name())).reduce((a, b) -> b).orElse(null);
    }

    private static void assertNear(Box b, double x, double y, String what) {
        assertTrue(x >= b.x() - 2 && x <= b.x() + b.w() + 2 && y >= b.y() - 2 && y <= b.y() + b.h() + 2,
                what + ": " + x + "," + y + " vs " + b);
    }

    private static void waitFor(String what, BooleanSupplier condition) {
        long end = System.nanoTime() + TIMEOUT.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > end) {
                throw new AssertionError("timed out after " + TIMEOUT + " waiting for " + what);
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
        }
    }
}
