package org.ddstuner.config.edit;

import org.ddstuner.config.schema.ConfigSchema;
import org.ddstuner.config.schema.OptionInfo;

/**
 * Moves one element whose name Cyclone moved ("CycloneDDS/General" → "CycloneDDS/Domain/General", "Domain/Id" →
 * "Domain[@Id]", "Internal/MinimumSocketReceiveBufferSize" → "Internal/SocketReceiveBufferSize[@min]") to where the
 * catalogue says it lives now. The element's own text — its comments, children and attributes — moves whole (only its
 * indentation follows the new depth); every byte outside it stays, except that missing parents are added and an
 * element moved into one that already exists merges its children there.
 */
final class Migration {

    /** What one move did. */
    record Move(String text, String from, String to, int line) {
    }

    private Migration() {
    }

    /**
     * The outermost moved element whose path is {@code path} (at {@code line}, or the first when {@code line} &lt; 1),
     * or is a parent of {@code path}, or any when {@code path} is null, moved; null when there is none.
     */
    static Move moveOne(String text, ConfigSchema schema, String path, int line, String fileName) throws ConfigEditException {
        XmlScan.Elem root = XmlScan.scan(text);
        if (root == null) {
            return null;
        }
        Object[] hit = find(root, root.localName(), schema, path == null ? null : ConfigSchema.normalise(path), line);
        if (hit == null) {
            return null;
        }
        XmlScan.Elem e = (XmlScan.Elem) hit[0];
        String from = (String) hit[1];
        String to = ((OptionInfo) hit[2]).movedTo();
        String removed = remove(text, e);
        String moved;
        int at = to.indexOf("[@");
        if (at >= 0) { // an element's text becomes an attribute's value: the edit ConfigDocument.set does
            String value = e.selfClosing ? "" : text.substring(e.contentStart(), e.endTagStart).strip();
            ConfigDocument d = ConfigDocument.of(removed, fileName, schema);
            d.set(to, value);
            moved = d.text();
        } else {
            moved = place(removed, text, e, to);
        }
        return new Move(moved, from, to, e.line);
    }

    /** Pre-order: a moved parent is found (and moved with its children) before any child. */
    private static Object[] find(XmlScan.Elem e, String p, ConfigSchema schema, String path, int line) {
        OptionInfo o = schema.find(p).orElse(null);
        boolean wanted = path == null || path.equalsIgnoreCase(p) && (line < 1 || line == e.line)
                || path.toLowerCase(java.util.Locale.ROOT).startsWith(p.toLowerCase(java.util.Locale.ROOT) + "/");
        if (o != null && o.isMoved() && wanted) { // a problem at a child of a moved element moves that element
            return new Object[] { e, p, o };
        }
        for (XmlScan.Elem c : e.children) {
            Object[] f = find(c, p + "/" + c.localName(), schema, path, line);
            if (f != null) {
                return f;
            }
        }
        return null;
    }

    /** The text without {@code e}; its whole line goes when nothing else is on it. */
    private static String remove(String t, XmlScan.Elem e) {
        int lineStart = t.lastIndexOf('\n', e.start - 1) + 1;
        int lineEnd = t.indexOf('\n', e.end);
        if (lineEnd < 0) {
            lineEnd = t.length();
        }
        if (t.substring(lineStart, e.start).isBlank() && t.substring(e.end, lineEnd).isBlank()) {
            return t.substring(0, lineStart) + t.substring(Math.min(t.length(), lineEnd + 1));
        }
        return t.substring(0, e.start) + t.substring(e.end);
    }

    /** Puts the element {@code e} of {@code original} at element path {@code to} in {@code t} (which lacks it). */
    private static String place(String t, String original, XmlScan.Elem e, String to) {
        String[] steps = to.split("/");
        XmlScan.Elem root = XmlScan.scan(t);
        XmlScan.Elem cur = root;
        int depth = 1;
        for (; depth < steps.length; depth++) {
            XmlScan.Elem next = child(cur, steps[depth]);
            if (next == null) {
                break;
            }
            cur = next;
        }
        String oldIndent = XmlScan.indentOf(original, e.start);
        String indent = XmlScan.indentOf(t, cur.start);
        String unit = unit(t, cur, indent);
        if (depth == steps.length) { // it exists already: its children join the existing ones
            if (e.selfClosing || original.substring(e.contentStart(), e.endTagStart).isBlank()) {
                return t;
            }
            String inner = original.substring(e.contentStart(), e.endTagStart).stripTrailing();
            return insertInto(t, cur, reindent(inner, oldIndent, indent), indent);
        }
        String own = original.substring(e.start, e.end);
        String last = steps[steps.length - 1];
        if (!e.localName().equals(last)) { // DDSI2E → Domain, DDSSecurity → Security: same element, new name
            String prefix = e.name.contains(":") ? e.name.substring(0, e.name.indexOf(':') + 1) : "";
            own = "<" + prefix + last + own.substring(1 + e.name.length());
            if (!e.selfClosing) {
                own = own.substring(0, own.lastIndexOf("</")) + "</" + prefix + last + ">";
            }
        }
        StringBuilder sb = new StringBuilder();
        for (int k = depth; k < steps.length - 1; k++) {
            sb.append('\n').append(indent).append(unit.repeat(k - depth + 1)).append('<').append(steps[k]).append('>');
        }
        String elIndent = indent + unit.repeat(steps.length - depth);
        sb.append('\n').append(elIndent).append(reindent(own, oldIndent, elIndent));
        for (int k = steps.length - 2; k >= depth; k--) {
            sb.append('\n').append(indent).append(unit.repeat(k - depth + 1)).append("</").append(steps[k]).append('>');
        }
        return insertInto(t, cur, sb.toString(), indent);
    }

    /** {@code block} (starting with a line break) as the last content of {@code parent}. */
    private static String insertInto(String t, XmlScan.Elem parent, String block, String indent) {
        if (parent.selfClosing) {
            return t.substring(0, parent.startTagClose) + ">" + block + "\n" + indent + "</" + parent.name + ">"
                    + t.substring(parent.end);
        }
        int at = parent.endTagStart;
        String before = t.substring(0, at);
        int lineStart = before.lastIndexOf('\n');
        if (lineStart >= 0 && before.substring(lineStart + 1).isBlank()) {
            return t.substring(0, lineStart) + block + t.substring(lineStart);
        }
        return before + block + "\n" + indent + t.substring(at);
    }

    /** Lines after the first follow the element to its new depth (only leading white space changes). */
    private static String reindent(String s, String oldIndent, String newIndent) {
        if (oldIndent.equals(newIndent)) {
            return s;
        }
        StringBuilder out = new StringBuilder();
        String[] lines = s.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String l = lines[i];
            if (i > 0) {
                out.append('\n');
                if (l.startsWith(oldIndent)) {
                    l = newIndent + l.substring(oldIndent.length());
                }
            }
            out.append(l);
        }
        return out.toString();
    }

    private static String unit(String t, XmlScan.Elem parent, String indent) {
        if (parent.children.isEmpty()) {
            return "  ";
        }
        String ci = XmlScan.indentOf(t, parent.children.get(0).start);
        String u = ci.length() > indent.length() && ci.startsWith(indent) ? ci.substring(indent.length()) : "";
        return u.isEmpty() ? "  " : u;
    }

    private static XmlScan.Elem child(XmlScan.Elem e, String name) {
        for (XmlScan.Elem c : e.children) {
            if (c.localName().equalsIgnoreCase(name)) {
                return c;
            }
        }
        return null;
    }
}
