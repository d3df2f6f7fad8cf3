package org.ddstuner.config.edit;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;

import org.ddstuner.config.check.ConfigOutline;
import org.ddstuner.config.schema.ConfigSchema;
import org.ddstuner.config.schema.OptionInfo;

/**
 * An existing Cyclone configuration file, edited in place: {@link #set} replaces exactly one element's text or
 * one attribute's value (or inserts the missing element under its nearest existing parent), so comments, unknown
 * elements, spacing and quoting everywhere else stay byte for byte. Each edit is checked first — the path must be
 * an element or attribute of the chosen Cyclone version, the value within its type and range — and a refused
 * edit leaves the text as it was. {@link #writeTo} writes only well-formed text (atomically).
 */
public final class ConfigDocument {

    private final String fileName;
    private final ConfigSchema schema;
    private final List<String> history = new ArrayList<>();
    private String text;

    private ConfigDocument(String fileName, String text, ConfigSchema schema) {
        this.fileName = fileName;
        this.text = text;
        this.schema = schema;
    }

    /** @throws ConfigEditException when the text is not well-formed XML (at its line) */
    public static ConfigDocument of(String text, String fileName, ConfigSchema schema) throws ConfigEditException {
        wellFormed(text, fileName);
        return new ConfigDocument(fileName, text, schema);
    }

    public static ConfigDocument read(Path file, ConfigSchema schema) throws IOException, ConfigEditException {
        return of(Files.readString(file, StandardCharsets.UTF_8), file.toString(), schema);
    }

    public String text() {
        return text;
    }

    public ConfigSchema schema() {
        return schema;
    }

    /** Undoes the last successful edit; false when there is none. */
    public boolean undo() {
        if (history.isEmpty()) {
            return false;
        }
        text = history.remove(history.size() - 1);
        return true;
    }

    /**
     * Sets {@code path} ("Domain/General/MaxMessageSize", "Domain/Discovery/Peers/Peer[@address]", "//CycloneDDS/…")
     * to {@code value}.
     *
     * @throws ConfigEditException naming file, line and element: an unknown or moved path, a group (it has no
     *                             value), a value the catalogue refuses
     */
    public void set(String path, String value) throws ConfigEditException {
        String norm = ConfigSchema.normalise(path);
        XmlScan.Elem root = XmlScan.scan(text);
        OptionInfo o = schema.find(norm).orElse(null);
        if (o == null && schema.migrate(norm).isPresent()) {
            throw refuse(root, norm, "moved in Cyclone " + schema.version() + ": use //" + schema.migrate(norm).get());
        }
        if (o == null) {
            throw refuse(root, norm, "unknown to Cyclone " + schema.version() + " (see `ddstuner config explain`)");
        }
        if (o.isMoved()) {
            throw refuse(root, norm, "moved in Cyclone " + schema.version() + ": use //" + o.movedTo());
        }
        if (o.isGroup()) {
            throw refuse(root, norm, "is a group of elements and has no value of its own");
        }
        String problem = ValueCheck.problem(o, value);
        if (problem != null) {
            throw refuse(root, norm, problem);
        }
        String attribute = null;
        String elementPath = o.path();
        if (o.isAttribute()) {
            attribute = o.name().substring(1);
            elementPath = o.parentPath();
        }
        String[] steps = elementPath.split("/");
        if (root == null || !root.localName().equalsIgnoreCase(steps[0])) {
            throw new ConfigEditException(fileName, 1, root == null ? "(XML)" : root.name, "the root element must be <CycloneDDS>");
        }
        XmlScan.Elem cur = root;
        int depth = 1;
        for (; depth < steps.length; depth++) {
            XmlScan.Elem next = child(cur, steps[depth]);
            if (next == null) {
                break;
            }
            cur = next;
        }
        String updated;
        if (depth < steps.length) {
            updated = insert(cur, steps, depth, attribute, value);
        } else if (attribute != null) {
            updated = setAttribute(cur, attribute, value);
        } else {
            if (!cur.children.isEmpty()) {
                throw new ConfigEditException(fileName, cur.line, "//" + elementPath, "has child elements; not replaced");
            }
            updated = cur.selfClosing
                    ? text.substring(0, cur.startTagClose) + ">" + escape(value) + "</" + cur.name + ">" + text.substring(cur.end)
                    : text.substring(0, cur.contentStart()) + escape(value) + text.substring(cur.endTagStart);
        }
        wellFormed(updated, fileName);
        history.add(text);
        text = updated;
    }

    /**
     * Moves the element at {@code path} (on {@code line}, or the first such when {@code line} &lt; 1) that Cyclone moved
     * to where {@link ConfigSchema#migrate} says it lives now: one undoable edit.
     *
     * @return "old → new", or null when no such moved element is in the file
     */
    public String migrate(String path, int line) throws ConfigEditException {
        Migration.Move m = Migration.moveOne(text, schema, path, line, fileName);
        if (m == null) {
            return null;
        }
        wellFormed(m.text(), fileName);
        history.add(text);
        text = m.text();
        return "//" + m.from() + " → //" + m.to();
    }

    /**
     * Moves every moved name in the file to its current place (outermost first, so "CycloneDDS/General" takes its
     * children along): one undoable edit. Comments and everything not moved stay byte for byte.
     *
     * @return one "old → new" per move, empty when nothing was moved
     */
    public List<String> migrateAll() throws ConfigEditException {
        String t = text;
        List<String> done = new ArrayList<>();
        for (int guard = 0; guard < 200; guard++) { // each move removes one moved name: bounded by the file
            Migration.Move m = Migration.moveOne(t, schema, null, -1, fileName);
            if (m == null) {
                break;
            }
            wellFormed(m.text(), fileName);
            t = m.text();
            done.add("//" + m.from() + " → //" + m.to());
        }
        if (!done.isEmpty()) {
            history.add(text);
            text = t;
        }
        return done;
    }

    /** Writes the text to {@code file} (temp file + move); refuses malformed text, leaving the file as it was. */
    public void writeTo(Path file) throws IOException, ConfigEditException {
        wellFormed(text, file.toString());
        Path tmp = Files.createTempFile(file.toAbsolutePath().getParent(), ".ddstuner-", ".xml");
        Files.writeString(tmp, text, StandardCharsets.UTF_8);
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    private String setAttribute(XmlScan.Elem e, String attribute, String value) {
        for (XmlScan.Attr a : e.attributes) {
            String local = a.name.contains(":") ? a.name.substring(a.name.indexOf(':') + 1) : a.name;
            if (local.equalsIgnoreCase(attribute)) {
                return text.substring(0, a.valueStart) + escape(value) + text.substring(a.valueEnd);
            }
        }
        int at = e.startTagClose; // before ">" or "/>"
        return text.substring(0, at) + " " + attribute + "=\"" + escape(value) + "\"" + text.substring(at);
    }

    /** Inserts the missing steps {@code steps[from..]} as the last child of {@code parent}. */
    private String insert(XmlScan.Elem parent, String[] steps, int from, String attribute, String value) {
        String indent = XmlScan.indentOf(text, parent.start);
        String unit = parent.children.isEmpty() ? "  "
                : XmlScan.indentOf(text, parent.children.get(0).start).substring(Math.min(indent.length(),
                        XmlScan.indentOf(text, parent.children.get(0).start).length()));
        if (unit.isEmpty()) {
            unit = "  ";
        }
        StringBuilder sb = new StringBuilder();
        for (int k = from; k < steps.length; k++) {
            String ind = indent + unit.repeat(k - from + 1);
            sb.append('\n').append(ind).append('<').append(steps[k]);
            if (k < steps.length - 1) {
                sb.append('>');
            } else if (attribute != null) {
                sb.append(' ').append(attribute).append("=\"").append(escape(value)).append("\"/>");
            } else {
                sb.append('>').append(escape(value)).append("</").append(steps[k]).append('>');
            }
        }
        for (int k = steps.length - 2; k >= from; k--) {
            sb.append('\n').append(indent).append(unit.repeat(k - from + 1)).append("</").append(steps[k]).append('>');
        }
        if (parent.selfClosing) {
            return text.substring(0, parent.startTagClose) + ">" + sb + "\n" + indent + "</" + parent.name + ">"
                    + text.substring(parent.end);
        }
        // before the parent's end tag, after the last child's line
        int at = parent.endTagStart;
        String before = text.substring(0, at);
        int lineStart = before.lastIndexOf('\n');
        boolean endTagOnOwnLine = lineStart >= 0 && before.substring(lineStart + 1).isBlank();
        if (endTagOnOwnLine) {
            return text.substring(0, lineStart) + sb + text.substring(lineStart);
        }
        return before + sb + "\n" + indent + text.substring(at);
    }

    private static XmlScan.Elem child(XmlScan.Elem e, String name) {
        for (XmlScan.Elem c : e.children) {
            if (c.localName().equalsIgnoreCase(name)) {
                return c;
            }
        }
        return null;
    }

    private ConfigEditException refuse(XmlScan.Elem root, String path, String message) {
        // the line of the element if it is in the file, else of its nearest existing parent
        String p = path.replaceAll("\\[@[^]]*\\]$", "");
        int line = -1;
        XmlScan.Elem cur = root;
        String[] steps = p.split("/");
        if (cur != null && cur.localName().equalsIgnoreCase(steps[0])) {
            line = cur.line;
            for (int k = 1; k < steps.length && cur != null; k++) {
                cur = child(cur, steps[k]);
                if (cur != null) {
                    line = cur.line;
                }
            }
        }
        return new ConfigEditException(fileName, line, "//" + path, message);
    }

    private static void wellFormed(String text, String fileName) throws ConfigEditException {
        try {
            ConfigOutline.parse(text);
        } catch (ConfigOutline.MalformedException e) {
            throw new ConfigEditException(fileName, e.line(), "(XML)", e.getMessage());
        }
    }

    private static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
