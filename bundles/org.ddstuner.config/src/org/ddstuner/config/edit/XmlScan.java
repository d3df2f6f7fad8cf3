package org.ddstuner.config.edit;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * Where each element and attribute of an XML text starts and ends, by character offset: what lets an edit replace
 * exactly one element's text or one attribute's value and leave every other byte — comments, unknown elements,
 * spacing, quoting — as it was. Only well-formed input reaches it (checked before by a real parser).
 */
final class XmlScan {

    static final class Attr {
        final String name;
        final int valueStart;
        final int valueEnd;

        Attr(String name, int valueStart, int valueEnd) {
            this.name = name;
            this.valueStart = valueStart;
            this.valueEnd = valueEnd;
        }
    }

    static final class Elem {
        final String name;
        final int start;
        /** Index of the '>' ending the start tag ('/' of "/>" for an empty element). */
        int startTagClose;
        final boolean selfClosing;
        int endTagStart = -1;
        int end;
        final int line;
        final List<Attr> attributes = new ArrayList<>();
        final List<Elem> children = new ArrayList<>();

        Elem(String name, int start, boolean selfClosing, int line) {
            this.name = name;
            this.start = start;
            this.selfClosing = selfClosing;
            this.line = line;
        }

        String localName() {
            int colon = name.indexOf(':');
            return colon < 0 ? name : name.substring(colon + 1);
        }

        /** Offset just after the start tag. */
        int contentStart() {
            return startTagClose + 1;
        }
    }

    private XmlScan() {
    }

    /** The root element. */
    static Elem scan(String t) {
        Deque<Elem> open = new ArrayDeque<>();
        Elem root = null;
        int i = 0;
        int n = t.length();
        while (i < n) {
            int lt = t.indexOf('<', i);
            if (lt < 0) {
                break;
            }
            if (t.startsWith("<!--", lt)) {
                i = t.indexOf("-->", lt + 4) + 3;
            } else if (t.startsWith("<![CDATA[", lt)) {
                i = t.indexOf("]]>", lt + 9) + 3;
            } else if (t.startsWith("<?", lt)) {
                i = t.indexOf("?>", lt + 2) + 2;
            } else if (t.startsWith("<!", lt)) {
                i = t.indexOf('>', lt) + 1;
            } else if (t.startsWith("</", lt)) {
                Elem e = open.pop();
                e.endTagStart = lt;
                e.end = t.indexOf('>', lt) + 1;
                i = e.end;
            } else {
                int j = lt + 1;
                while (j < n && !Character.isWhitespace(t.charAt(j)) && t.charAt(j) != '>' && t.charAt(j) != '/') {
                    j++;
                }
                String name = t.substring(lt + 1, j);
                List<Attr> attrs = new ArrayList<>();
                while (true) {
                    while (Character.isWhitespace(t.charAt(j))) {
                        j++;
                    }
                    char c = t.charAt(j);
                    if (c == '>' || c == '/') {
                        break;
                    }
                    int ns = j;
                    while (t.charAt(j) != '=' && !Character.isWhitespace(t.charAt(j))) {
                        j++;
                    }
                    String an = t.substring(ns, j);
                    j = t.indexOf('=', j) + 1;
                    while (Character.isWhitespace(t.charAt(j))) {
                        j++;
                    }
                    char q = t.charAt(j);
                    int vs = j + 1;
                    int ve = t.indexOf(q, vs);
                    attrs.add(new Attr(an, vs, ve));
                    j = ve + 1;
                }
                boolean empty = t.charAt(j) == '/';
                Elem e = new Elem(name, lt, empty, lineOf(t, lt));
                e.attributes.addAll(attrs);
                e.startTagClose = empty ? j : j;
                if (!open.isEmpty()) {
                    open.peek().children.add(e);
                } else if (root == null) {
                    root = e;
                }
                if (empty) {
                    e.end = t.indexOf('>', j) + 1;
                    i = e.end;
                } else {
                    open.push(e);
                    i = j + 1;
                }
            }
        }
        return root;
    }

    static int lineOf(String t, int offset) {
        int line = 1;
        for (int k = 0; k < offset; k++) {
            if (t.charAt(k) == '\n') {
                line++;
            }
        }
        return line;
    }

    /** The white space before the tag starting at {@code offset} on its line. */
    static String indentOf(String t, int offset) {
        int k = offset;
        while (k > 0 && (t.charAt(k - 1) == ' ' || t.charAt(k - 1) == '\t')) {
            k--;
        }
        return t.substring(k, offset);
    }
}
