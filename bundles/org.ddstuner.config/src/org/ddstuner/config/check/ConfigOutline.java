package org.ddstuner.config.check;

import java.io.IOException;
import java.io.StringReader;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import javax.xml.XMLConstants;
import javax.xml.parsers.ParserConfigurationException;
import javax.xml.parsers.SAXParserFactory;

import org.xml.sax.Attributes;
import org.xml.sax.InputSource;
import org.xml.sax.Locator;
import org.xml.sax.SAXException;
import org.xml.sax.SAXParseException;
import org.xml.sax.helpers.DefaultHandler;

/**
 * The elements of a configuration file with their paths, lines, attributes and text: what the checker needs to
 * put a message at its line and to find the interfaces a file names.
 */
public final class ConfigOutline {

    /** One element: path as "CycloneDDS/Domain/General" (names as written), line of its start tag. */
    public record Node(String path, String name, int line, Map<String, String> attributes, String text) {
    }

    /** Not well-formed: line and column of the first problem. */
    public static final class MalformedException extends Exception {
        private static final long serialVersionUID = 1L;
        private final int line;
        private final int column;

        MalformedException(String message, int line, int column) {
            super(message);
            this.line = line;
            this.column = column;
        }

        public int line() {
            return line;
        }

        public int column() {
            return column;
        }
    }

    private final List<Node> nodes;

    private ConfigOutline(List<Node> nodes) {
        this.nodes = List.copyOf(nodes);
    }

    public List<Node> nodes() {
        return nodes;
    }

    /** Reads {@code xml}; no DTDs, no external entities. */
    public static ConfigOutline parse(String xml) throws MalformedException {
        List<Node> out = new ArrayList<>();
        try {
            SAXParserFactory f = SAXParserFactory.newInstance();
            f.setNamespaceAware(true);
            f.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            f.newSAXParser().parse(new InputSource(new StringReader(xml)), new DefaultHandler() {
                private Locator locator;
                private final Deque<String> path = new ArrayDeque<>();
                private final Deque<Object[]> open = new ArrayDeque<>();

                @Override
                public void setDocumentLocator(Locator l) {
                    locator = l;
                }

                @Override
                public void startElement(String uri, String local, String qName, Attributes atts) {
                    path.addLast(local);
                    Map<String, String> a = new LinkedHashMap<>();
                    for (int i = 0; i < atts.getLength(); i++) {
                        a.put(atts.getLocalName(i), atts.getValue(i));
                    }
                    open.addLast(new Object[] { String.join("/", path), local, locator.getLineNumber(), a,
                        new StringBuilder() });
                }

                @Override
                public void characters(char[] ch, int start, int length) {
                    if (!open.isEmpty()) {
                        ((StringBuilder) open.peekLast()[4]).append(ch, start, length);
                    }
                }

                @SuppressWarnings("unchecked")
                @Override
                public void endElement(String uri, String local, String qName) {
                    Object[] o = open.removeLast();
                    out.add(new Node((String) o[0], (String) o[1], (Integer) o[2], (Map<String, String>) o[3],
                            o[4].toString().strip()));
                    path.removeLast();
                }
            });
        } catch (SAXParseException e) {
            throw new MalformedException("not well-formed XML: " + e.getMessage(), e.getLineNumber(), e.getColumnNumber());
        } catch (SAXException | IOException | ParserConfigurationException e) {
            throw new MalformedException("cannot be read as XML: " + e.getMessage(), -1, -1);
        }
        // document order: by line, and on one line a parent before its children (SAX ends the children first)
        out.sort(java.util.Comparator.comparingInt(Node::line).thenComparingLong(n -> n.path().chars().filter(c -> c == '/').count()));
        return new ConfigOutline(out);
    }

    /** The line of the first element whose path ends like {@code cyclonePath} (case-insensitive), or -1. */
    public int lineOf(String cyclonePath) {
        String p = cyclonePath.replaceAll("^/+", "").replaceAll("\\[@[^]]*\\]$", "").replaceAll("/#text$", "");
        for (Node n : nodes) {
            if (n.path().equalsIgnoreCase(p)) {
                return n.line();
            }
        }
        return -1;
    }

    /** The domain id Cyclone would use the file for: the first numeric {@code Domain[@Id]}, else 0. */
    public int domainId() {
        for (Node n : nodes) {
            if (n.name().equalsIgnoreCase("Domain")) {
                for (var e : n.attributes().entrySet()) {
                    if (e.getKey().equalsIgnoreCase("id")) {
                        try {
                            return Integer.parseInt(e.getValue().strip());
                        } catch (NumberFormatException ex) {
                            return 0;
                        }
                    }
                }
            }
        }
        return 0;
    }

    /** Attribute {@code name} of {@code n}, matched case-insensitively, or {@code null}. */
    public static String attribute(Node n, String name) {
        for (var e : n.attributes().entrySet()) {
            if (e.getKey().equalsIgnoreCase(name)) {
                return e.getValue();
            }
        }
        return null;
    }
}
