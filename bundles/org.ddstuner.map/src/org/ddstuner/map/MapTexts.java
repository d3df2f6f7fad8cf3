package org.ddstuner.map;

import org.ddstuner.system.match.MismatchReason;

/** The tooltip texts of the map's items (plain text, several lines). */
public final class MapTexts {

    private MapTexts() {
    }

    public static String tooltip(MapGraph g, String id) {
        MapEdge e = g.edge(id);
        if (e != null) {
            return edge(g, e);
        }
        MapNode n = g.node(id);
        if (n == null) {
            return null;
        }
        StringBuilder sb = new StringBuilder(n.label());
        if (!n.detail().isEmpty()) {
            sb.append('\n').append(n.detail());
        }
        if (n.kind() == MapNode.Kind.TOPIC_GROUP) {
            sb.append("\n(topics collapsed to keep the map readable; filter to see them one by one)");
        } else if (n.count() > 1) {
            sb.append("\n(collapsed to keep the map readable; filter to see the participants)");
        }
        if (n.gone()) {
            sb.append("\ngone");
        }
        return sb.toString();
    }

    private static String edge(MapGraph g, MapEdge e) {
        MapNode side = g.node(e.writes() ? e.source() : e.target());
        MapNode topic = g.node(e.writes() ? e.target() : e.source());
        String who = side == null ? "?" : side.label();
        String what = topic == null ? "?" : topic.label();
        StringBuilder sb = new StringBuilder();
        sb.append(who).append(e.writes() ? " writes " : " reads ").append(what).append(": ").append(e.state().text());
        if (e.endpoints() > 1) {
            sb.append("\n").append(e.endpoints()).append(e.writes() ? " writers" : " readers");
            for (EdgeState s : EdgeState.values()) {
                if (e.count(s) > 0 && e.count(s) < e.endpoints()) {
                    sb.append(", ").append(e.count(s)).append(' ').append(s.text());
                }
            }
        }
        for (MismatchReason r : e.reasons()) {
            sb.append("\n• ").append(r.fullText());
        }
        if (e.note() != null) {
            sb.append('\n').append(e.note());
        }
        return sb.toString();
    }
}
