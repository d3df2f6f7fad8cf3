package org.ddstuner.config.scenario;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A small element tree written as indented Cyclone XML; children keep the order they were added in. */
final class XmlOut {

    private final String name;
    private final Map<String, String> attributes = new LinkedHashMap<>();
    private final List<XmlOut> children = new ArrayList<>();
    private String text;
    private String comment;

    XmlOut(String name) {
        this.name = name;
    }

    /** The child {@code path} ("General/Interfaces"), made when missing (the first of that name otherwise). */
    XmlOut at(String path) {
        XmlOut cur = this;
        for (String step : path.split("/")) {
            XmlOut found = null;
            for (XmlOut c : cur.children) {
                if (c.name.equals(step)) {
                    found = c;
                }
            }
            if (found == null) {
                found = new XmlOut(step);
                cur.children.add(found);
            }
            cur = found;
        }
        return cur;
    }

    /** A new child {@code name} (for repeated elements such as Peer). */
    XmlOut add(String name) {
        XmlOut c = new XmlOut(name);
        children.add(c);
        return c;
    }

    XmlOut text(String t) {
        this.text = t;
        return this;
    }

    XmlOut attr(String key, String value) {
        attributes.put(key, value);
        return this;
    }

    /** A comment written just before this element: why it is there. */
    XmlOut why(String c) {
        this.comment = c;
        return this;
    }

    String write() {
        StringBuilder sb = new StringBuilder();
        write(sb, "");
        return sb.toString();
    }

    private void write(StringBuilder sb, String indent) {
        if (comment != null) {
            sb.append(indent).append("<!-- ").append(comment.replace("--", "- -")).append(" -->\n");
        }
        sb.append(indent).append('<').append(name);
        attributes.forEach((k, v) -> sb.append(' ').append(k).append("=\"").append(escape(v)).append('"'));
        if (children.isEmpty() && text == null) {
            sb.append("/>\n");
            return;
        }
        sb.append('>');
        if (text != null) {
            sb.append(escape(text)).append("</").append(name).append(">\n");
            return;
        }
        sb.append('\n');
        for (XmlOut c : children) {
            c.write(sb, indent + "  ");
        }
        sb.append(indent).append("</").append(name).append(">\n");
    }

    static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
