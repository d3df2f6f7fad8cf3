package org.ddstuner.map;

import java.util.Map;

/**
 * A {@link MapGraph} with places: every node's box and every edge's route in absolute map coordinates (pixels at
 * zoom 1), and the size of the whole picture. Immutable.
 *
 * @param boxes  by node id, containers before what they contain
 * @param routes by edge id: x0, y0, x1, y1, … from source to target
 */
public record LaidOutMap(MapGraph graph, Map<String, Box> boxes, Map<String, double[]> routes, double width,
        double height) {

    public record Box(double x, double y, double w, double h) {

        public boolean contains(double px, double py) {
            return px >= x && py >= y && px <= x + w && py <= y + h;
        }

        public double centerX() {
            return x + w / 2;
        }

        public double centerY() {
            return y + h / 2;
        }
    }

    public static final LaidOutMap EMPTY = new LaidOutMap(MapGraph.EMPTY, Map.of(), Map.of(), 0, 0);

    /** The same places with the states and texts of {@code g}, whose structure is this one's. */
    public LaidOutMap with(MapGraph g) {
        return new LaidOutMap(g, boxes, routes, width, height);
    }
}
