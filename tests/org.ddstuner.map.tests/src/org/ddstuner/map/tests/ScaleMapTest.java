package org.ddstuner.map.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.ddstuner.map.EdgeState;
import org.ddstuner.map.LaidOutMap;
import org.ddstuner.map.MapBuilder;
import org.ddstuner.map.MapEdge;
import org.ddstuner.map.MapGraph;
import org.ddstuner.map.MapLayout;
import org.ddstuner.map.MapNode;
import org.ddstuner.map.SvgCanvas;
import org.ddstuner.system.NameFilter;
import org.ddstuner.system.SystemModel;
import org.ddstuner.system.SystemSnapshot;
import org.ddstuner.testsupport.synthetic.SyntheticDiscovery;
import org.junit.jupiter.api.Test;

/**
 * Big systems from the project's synthetic discovery generator (the one the discovery benchmarks use): the map
 * collapses to processes and topic groups, stays small enough to draw, and is made quickly.
 */
class ScaleMapTest {

    @Test
    void twentyThousandEndpointsCollapseToProcessesAndTopicGroups() {
        try (SystemModel model = new SystemModel()) {
            model.applyAll(SyntheticDiscovery.events("flood", SyntheticDiscovery.CYCLONE_VENDOR, 4, 5000, 101));
            SystemSnapshot s = model.snapshot();
            assertEquals(20_000, s.endpoints().size());
            MapBuilder b = new MapBuilder();
            long t0 = System.nanoTime();
            MapGraph g = b.build(s);
            long t1 = System.nanoTime();
            LaidOutMap m = new MapLayout().layout(g);
            long t2 = System.nanoTime();
            String svg = SvgCanvas.svg(m, null);
            long t3 = System.nanoTime();
            System.out.printf("map of 20,000 endpoints: level %s, %d nodes, %d edges; build %.1f ms, layout %.1f ms, "
                    + "svg %.1f ms%n", g.level(), g.nodes().size(), g.edges().size(), (t1 - t0) / 1e6, (t2 - t1) / 1e6,
                    (t3 - t2) / 1e6);
            assertEquals(MapGraph.Level.PROCESSES_TOPIC_GROUPS, g.level());
            assertTrue(g.nodes().size() <= MapBuilder.DEFAULT_MAX_NODES, g.nodes().size() + " nodes");
            assertEquals(404, g.topics());
            assertEquals(20_000, g.endpoints());
            // every endpoint is on some edge: the counts add up
            assertEquals(20_000, g.edges().stream().mapToInt(MapEdge::endpoints).sum());
            long groups = g.nodes().stream().filter(n -> n.kind() == MapNode.Kind.TOPIC_GROUP).count();
            assertEquals(4, groups, "one group per flood peer's topic prefix");
            assertEquals(g.edges().size(), m.routes().size());
            assertTrue(svg.contains("flood1_*"), "group label in the SVG");
            // kept for a look (docs/SYSTEM-MAP.md): target/map-20k.svg
            try {
                java.nio.file.Files.writeString(java.nio.file.Path.of("target", "map-20k.svg"), svg);
            } catch (java.io.IOException e) {
                throw new AssertionError(e);
            }
            // each synthetic topic has 25 writers and 25 readers of one peer, all reliable: all matched
            assertTrue(g.edges().stream().allMatch(e -> e.state() == EdgeState.MATCHED));
            // responsive: generous bounds for a shared 2-core box (the bench measures it properly)
            assertTrue((t1 - t0) / 1e6 < 3000 && (t2 - t1) / 1e6 < 3000, "build/layout took too long");

            // an unchanged model rebuilt: every topic from the cache, same structure, the layout reused
            MapGraph again = b.build(model.snapshot());
            assertEquals(0, b.recomputedTopics());
            assertEquals(g.structureKey(), again.structureKey());
        }
    }

    @Test
    void manyProcessesCollapseToHostsAndAFilterBringsTheDetailBack() {
        try (SystemModel model = new SystemModel()) {
            model.applyAll(SyntheticDiscovery.events("node", SyntheticDiscovery.CYCLONE_VENDOR, 400, 6, 3));
            SystemSnapshot s = model.snapshot();
            MapGraph g = new MapBuilder().build(s);
            assertEquals(MapGraph.Level.HOSTS_TOPIC_GROUPS, g.level(), "400 processes and 1,200 topics");
            assertTrue(g.nodes().size() <= MapBuilder.DEFAULT_MAX_NODES, g.nodes().size() + " nodes");
            MapNode host = g.nodes().stream().filter(n -> n.kind() == MapNode.Kind.HOST).findFirst().orElseThrow();
            assertEquals(400, host.count());
            // the filter narrows to a few participants: the full detail again
            MapGraph narrow = new MapBuilder().build(s, List.of(), NameFilter.regex("^node12[0-9]$"));
            assertEquals(MapGraph.Level.PARTICIPANTS, narrow.level());
            assertEquals(10, narrow.nodes().stream().filter(n -> n.kind() == MapNode.Kind.PARTICIPANT).count());
            new MapLayout().layout(narrow);
        }
    }
}
