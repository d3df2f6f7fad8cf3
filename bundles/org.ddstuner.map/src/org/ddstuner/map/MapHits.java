package org.ddstuner.map;

import org.ddstuner.map.LaidOutMap.Box;

/** What is under a point of the map: the innermost box, else the nearest edge within a tolerance. */
public final class MapHits {

    private MapHits() {
    }

    /** The id of the leaf node, edge (within {@code tolerance}) or container at x, y (map coordinates), or null. */
    public static String at(LaidOutMap m, double x, double y, double tolerance) {
        String leaf = null;
        String container = null;
        double containerArea = Double.MAX_VALUE;
        for (var en : m.boxes().entrySet()) {
            Box b = en.getValue();
            if (b.contains(x, y)) {
                if (!m.graph().isContainer(en.getKey())) {
                    leaf = en.getKey();
                } else if (b.w() * b.h() < containerArea) {
                    container = en.getKey();
                    containerArea = b.w() * b.h();
                }
            }
        }
        if (leaf != null) {
            return leaf;
        }
        String edge = null;
        double best = tolerance;
        for (var en : m.routes().entrySet()) {
            double d = distance(en.getValue(), x, y);
            if (d <= best) {
                best = d;
                edge = en.getKey();
            }
        }
        return edge != null ? edge : container;
    }

    static double distance(double[] r, double x, double y) {
        double best = Double.MAX_VALUE;
        for (int i = 0; i + 3 < r.length; i += 2) {
            best = Math.min(best, segment(r[i], r[i + 1], r[i + 2], r[i + 3], x, y));
        }
        return best;
    }

    private static double segment(double x0, double y0, double x1, double y1, double x, double y) {
        double dx = x1 - x0;
        double dy = y1 - y0;
        double l2 = dx * dx + dy * dy;
        double t = l2 == 0 ? 0 : Math.max(0, Math.min(1, ((x - x0) * dx + (y - y0) * dy) / l2));
        return Math.hypot(x - (x0 + t * dx), y - (y0 + t * dy));
    }
}
