package org.ddstuner.map;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.ddstuner.map.LaidOutMap.Box;
import org.eclipse.elk.alg.layered.options.LayeredMetaDataProvider;
import org.eclipse.elk.alg.layered.options.LayeredOptions;
import org.eclipse.elk.core.RecursiveGraphLayoutEngine;
import org.eclipse.elk.core.data.LayoutMetaDataService;
import org.eclipse.elk.core.math.ElkPadding;
import org.eclipse.elk.core.options.CoreOptions;
import org.eclipse.elk.core.options.Direction;
import org.eclipse.elk.core.options.EdgeRouting;
import org.eclipse.elk.core.options.HierarchyHandling;
import org.eclipse.elk.core.util.BasicProgressMonitor;
import org.eclipse.elk.graph.ElkBendPoint;
import org.eclipse.elk.graph.ElkEdge;
import org.eclipse.elk.graph.ElkEdgeSection;
import org.eclipse.elk.graph.ElkNode;
import org.eclipse.elk.graph.util.ElkGraphUtil;

/**
 * Places a {@link MapGraph} with Eclipse ELK's layered algorithm (Sugiyama style, left to right: writers, topics,
 * readers), hosts and processes as nested boxes laid out together with their contents so edges cross the box
 * borders cleanly. A graph with the structure of the previous one keeps its places: a state change (an edge turns
 * red) costs no layout and nothing on screen jumps. Text sizes are estimated (no font here); the painters fit the
 * text into the boxes.
 */
public final class MapLayout {

    /** Width of one character of the label font at zoom 1 (estimate, the painters fit text into the boxes). */
    public static final double CHAR_W = 7.6;
    public static final double LINE_H = 15.0;
    static final double CONTAINER_TOP = 22.0;
    /** Beyond this many boxes the layout spends less on crossing minimisation. */
    static final int BIG = 120;

    private static volatile boolean registered;

    private String lastKey;
    private LaidOutMap last;

    /** Lays out {@code g}, or reuses the places of the previous graph when the structure is the same. */
    public synchronized LaidOutMap layout(MapGraph g) {
        String key = g.structureKey();
        if (last != null && key.equals(lastKey)) {
            return last = last.with(g);
        }
        last = place(g);
        lastKey = key;
        return last;
    }

    private static void register() {
        if (!registered) {
            synchronized (MapLayout.class) {
                if (!registered) {
                    // explicit: OSGi hides ELK's META-INF/services from ServiceLoader
                    LayoutMetaDataService.getInstance().registerLayoutMetaDataProviders(new LayeredMetaDataProvider());
                    registered = true;
                }
            }
        }
    }

    /** A new layout, without the cache. */
    public static LaidOutMap place(MapGraph g) {
        if (g.nodes().isEmpty()) {
            return new LaidOutMap(g, Map.of(), Map.of(), 0, 0);
        }
        register();
        ElkNode root = ElkGraphUtil.createGraph();
        root.setProperty(CoreOptions.ALGORITHM, LayeredOptions.ALGORITHM_ID);
        root.setProperty(CoreOptions.DIRECTION, Direction.RIGHT);
        root.setProperty(CoreOptions.HIERARCHY_HANDLING, HierarchyHandling.INCLUDE_CHILDREN);
        root.setProperty(CoreOptions.EDGE_ROUTING, EdgeRouting.POLYLINE);
        root.setProperty(CoreOptions.PADDING, new ElkPadding(12));
        root.setProperty(LayeredOptions.SPACING_NODE_NODE, 14.0);
        root.setProperty(LayeredOptions.SPACING_NODE_NODE_BETWEEN_LAYERS, 60.0);
        root.setProperty(LayeredOptions.SPACING_EDGE_NODE_BETWEEN_LAYERS, 12.0);
        // crossing minimisation is most of ELK's time on big graphs: fewer sweeps there keep the map responsive
        // (bench/system-map.sh, detail_ms: 413 boxes took 3-5 s at the default 7 on the shared 2-core box)
        root.setProperty(LayeredOptions.THOROUGHNESS, g.nodes().size() > BIG ? 1 : 7);
        Map<String, ElkNode> elk = new HashMap<>();
        // parents first: the builder adds hosts, then processes, then what they hold
        for (MapNode n : ordered(g)) {
            ElkNode parent = n.parent() == null ? root : elk.get(n.parent());
            ElkNode e = ElkGraphUtil.createNode(parent == null ? root : parent);
            e.setIdentifier(n.id());
            if (g.isContainer(n.id())) {
                e.setProperty(CoreOptions.PADDING, new ElkPadding(CONTAINER_TOP + 4, 10, 10, 10));
                e.setDimensions(textWidth(n) + 20, CONTAINER_TOP + 20);
            } else {
                e.setDimensions(textWidth(n) + 24, n.detail().isEmpty() ? 24 : 24 + LINE_H);
            }
            elk.put(n.id(), e);
        }
        Map<String, ElkEdge> elkEdges = new LinkedHashMap<>();
        for (MapEdge e : g.edges()) {
            ElkNode s = elk.get(e.source());
            ElkNode t = elk.get(e.target());
            if (s != null && t != null) {
                ElkEdge ee = ElkGraphUtil.createSimpleEdge(s, t);
                ElkGraphUtil.updateContainment(ee);
                elkEdges.put(e.id(), ee);
            }
        }
        new RecursiveGraphLayoutEngine().layout(root, new BasicProgressMonitor());

        Map<String, Box> boxes = new LinkedHashMap<>();
        for (MapNode n : ordered(g)) {
            ElkNode e = elk.get(n.id());
            double[] o = absolute(e.getParent());
            boxes.put(n.id(), new Box(o[0] + e.getX(), o[1] + e.getY(), e.getWidth(), e.getHeight()));
        }
        Map<String, double[]> routes = new LinkedHashMap<>();
        elkEdges.forEach((id, ee) -> {
            if (ee.getSections().isEmpty()) {
                return;
            }
            double[] o = absolute(ee.getContainingNode());
            ElkEdgeSection sec = ee.getSections().get(0);
            List<ElkBendPoint> bends = sec.getBendPoints();
            double[] pts = new double[4 + 2 * bends.size()];
            int i = 0;
            pts[i++] = o[0] + sec.getStartX();
            pts[i++] = o[1] + sec.getStartY();
            for (ElkBendPoint b : bends) {
                pts[i++] = o[0] + b.getX();
                pts[i++] = o[1] + b.getY();
            }
            pts[i++] = o[0] + sec.getEndX();
            pts[i] = o[1] + sec.getEndY();
            routes.put(id, pts);
        });
        return new LaidOutMap(g, boxes, routes, root.getWidth(), root.getHeight());
    }

    private static List<MapNode> ordered(MapGraph g) {
        List<MapNode> out = new java.util.ArrayList<>(g.nodes().size());
        addChildren(g, null, out);
        return out;
    }

    private static void addChildren(MapGraph g, String parent, List<MapNode> out) {
        for (MapNode n : g.children(parent)) {
            out.add(n);
            addChildren(g, n.id(), out);
        }
    }

    private static double[] absolute(ElkNode n) {
        double x = 0;
        double y = 0;
        for (ElkNode p = n; p != null && p.getParent() != null; p = p.getParent()) {
            x += p.getX();
            y += p.getY();
        }
        return new double[] { x, y };
    }

    static double textWidth(MapNode n) {
        return Math.max(n.label().length(), n.detail().length()) * CHAR_W;
    }
}
