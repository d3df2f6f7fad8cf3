package org.ddstuner.map;

import org.ddstuner.map.LaidOutMap.Box;
import org.ddstuner.map.MapNode.Kind;

/**
 * Draws a {@link LaidOutMap}: host and process boxes, participant and topic boxes, edges coloured by their
 * {@link EdgeState} (dashed when gone) with an arrow head, the endpoint count on aggregated edges; the selected
 * and the hovered item drawn thicker. Everything not matching the emphasis is left as it is: the filter already
 * removed what does not belong.
 */
public final class MapPainter {

    static final int HOST_FILL = 0xf3f5f8;
    static final int HOST_LINE = 0xb8c2cc;
    static final int PROCESS_FILL = 0xe8eef5;
    static final int PROCESS_LINE = 0x9fb0c2;
    static final int PARTICIPANT_FILL = 0xffffff;
    static final int PARTICIPANT_LINE = 0x4a6785;
    static final int TOPIC_FILL = 0xfff7e0;
    static final int TOPIC_LINE = 0xb08800;
    static final int TEXT = 0x1f2933;
    static final int TEXT_DIM = 0x6b7785;
    static final int GONE = 0xb0b0b0;

    private MapPainter() {
    }

    /**
     * @param selected id of the selected node or edge, or {@code null}
     * @param hovered  id of the node or edge under the mouse, or {@code null}
     */
    public static void paint(LaidOutMap m, MapCanvas c, String selected, String hovered) {
        MapGraph g = m.graph();
        for (MapNode n : g.nodes()) {
            Box b = m.boxes().get(n.id());
            if (b != null && g.isContainer(n.id())) {
                boolean host = n.kind() == Kind.HOST;
                c.fillRoundRect(b.x(), b.y(), b.w(), b.h(), 8, host ? HOST_FILL : PROCESS_FILL);
                c.strokeRoundRect(b.x(), b.y(), b.w(), b.h(), 8, host ? HOST_LINE : PROCESS_LINE,
                        n.id().equals(selected) ? 2.5 : 1);
                c.text(n.label(), b.x() + 6, b.y() + 4, TEXT_DIM, true, b.w() - 12);
            }
        }
        for (MapEdge e : g.edges()) {
            double[] r = m.routes().get(e.id());
            if (r != null && !e.id().equals(selected) && !e.id().equals(hovered)) {
                edge(c, e, r, 1.4);
            }
        }
        for (MapNode n : g.nodes()) {
            Box b = m.boxes().get(n.id());
            if (b != null && !g.isContainer(n.id())) {
                node(c, n, b, n.id().equals(selected) ? 3 : n.id().equals(hovered) ? 2 : 1);
            }
        }
        // emphasised edges last, over the boxes
        for (String id : new String[] { hovered, selected }) {
            MapEdge e = id == null ? null : g.edge(id);
            double[] r = e == null ? null : m.routes().get(id);
            if (r != null) {
                edge(c, e, r, id.equals(selected) ? 3.5 : 2.6);
            }
        }
        // endpoint counts of aggregated edges over everything, so no box hides them
        for (MapEdge e : g.edges()) {
            double[] r = m.routes().get(e.id());
            if (r != null && e.endpoints() > 1) {
                count(c, e, r);
            }
        }
    }

    /** The count on the middle of the route's longest segment (away from the boxes at its ends). */
    private static void count(MapCanvas c, MapEdge e, double[] r) {
        int best = 0;
        double len = -1;
        for (int i = 0; i + 3 < r.length; i += 2) {
            double l = Math.hypot(r[i + 2] - r[i], r[i + 3] - r[i + 1]);
            if (l > len) {
                len = l;
                best = i;
            }
        }
        double mx = (r[best] + r[best + 2]) / 2;
        double my = (r[best + 1] + r[best + 3]) / 2;
        String t = Integer.toString(e.endpoints());
        double w = t.length() * MapLayout.CHAR_W + 8;
        c.fillRoundRect(mx - w / 2, my - 8, w, 16, 6, 0xffffff);
        c.text(t, mx - w / 2 + 4, my - 8, e.state().rgb(), false, 0);
    }

    private static void node(MapCanvas c, MapNode n, Box b, double line) {
        boolean topic = n.kind().isTopic();
        int fill = topic ? TOPIC_FILL : n.kind() == Kind.PARTICIPANT ? PARTICIPANT_FILL : PROCESS_FILL;
        int stroke = n.gone() ? GONE : topic ? TOPIC_LINE : PARTICIPANT_LINE;
        double arc = topic ? b.h() : 6;
        c.fillRoundRect(b.x(), b.y(), b.w(), b.h(), arc, fill);
        c.strokeRoundRect(b.x(), b.y(), b.w(), b.h(), arc, stroke, line);
        int text = n.gone() ? GONE : TEXT;
        c.text(n.label(), b.x() + 9, b.y() + 4, text, n.kind() != Kind.TOPIC_GROUP && !topic, b.w() - 14);
        if (!n.detail().isEmpty()) {
            c.text(n.detail(), b.x() + 9, b.y() + 4 + MapLayout.LINE_H, n.gone() ? GONE : TEXT_DIM, false, b.w() - 14);
        }
    }

    private static void edge(MapCanvas c, MapEdge e, double[] r, double width) {
        int rgb = e.state().rgb();
        c.polyline(r, rgb, width, e.state().dashed());
        int n = r.length;
        double x1 = r[n - 2];
        double y1 = r[n - 1];
        double dx = x1 - r[n - 4];
        double dy = y1 - r[n - 3];
        double len = Math.hypot(dx, dy);
        if (len > 0) {
            double ux = dx / len;
            double uy = dy / len;
            double s = 6 + width;
            c.fillPolygon(new double[] { x1, y1, x1 - ux * s * 1.6 - uy * s * 0.7, y1 - uy * s * 1.6 + ux * s * 0.7,
                    x1 - ux * s * 1.6 + uy * s * 0.7, y1 - uy * s * 1.6 - ux * s * 0.7 }, rgb);
        }
    }
}
