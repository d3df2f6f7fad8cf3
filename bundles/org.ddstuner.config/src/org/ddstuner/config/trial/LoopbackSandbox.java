package org.ddstuner.config.trial;

import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import javax.xml.transform.OutputKeys;
import javax.xml.transform.TransformerException;
import javax.xml.transform.TransformerFactory;
import javax.xml.transform.dom.DOMSource;
import javax.xml.transform.stream.StreamResult;

import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.xml.sax.InputSource;
import org.xml.sax.SAXException;

/**
 * A configuration made safe to benchmark on this machine: whatever the file says about <em>where</em> to talk (its
 * interfaces, multicast, peers, network partitions, the monitor port, the trace file), the copy talks only on
 * 127.0.0.1 with unicast discovery to 127.0.0.1 and automatic participant indices; everything about <em>how</em>
 * (message and fragment sizes, socket buffers, watermarks, delivery, SPDP interval, lease, security, …) stays as
 * written. So a try compares the tuning of two files, never sends off the loopback interface, and a node's file
 * naming an interface this host lacks can still be tried. {@link Result#changes()} says what was replaced.
 */
public final class LoopbackSandbox {

    /** The copy and what was replaced, in words for the person. */
    public record Result(String xml, List<String> changes) {
        public Result {
            changes = List.copyOf(changes);
        }
    }

    /** Participant indices the agents and the controller need at least (3 processes, room for a restart). */
    static final int MIN_AUTO_INDEX = 9;

    private LoopbackSandbox() {
    }

    /**
     * @throws IllegalArgumentException the XML is not well formed, not a {@code CycloneDDS} file, or uses a
     *                                  transport a loopback try cannot run (TCP needs a port per process, IPv6
     *                                  another loopback address): the reason names it
     */
    public static Result of(String xml) {
        Document doc = parse(xml);
        Element root = doc.getDocumentElement();
        if (!root.getLocalName().equals("CycloneDDS")) {
            throw new IllegalArgumentException("the root element is <" + root.getLocalName() + ">, not <CycloneDDS>");
        }
        List<String> changes = new ArrayList<>();
        List<Element> domains = children(root, "Domain");
        if (domains.isEmpty()) {
            domains = List.of(append(root, "Domain"));
        }
        for (Element d : domains) {
            String id = d.getAttribute("Id").isEmpty() ? d.getAttribute("id") : d.getAttribute("Id");
            if (!id.isEmpty() && !id.equalsIgnoreCase("any")) {
                changes.add("Domain Id " + id + " → any (the try picks its own domains)");
            }
            d.removeAttribute("id");
            d.setAttribute("Id", "any");
            Element general = child(d, "General");
            String transport = text(child(general, "Transport")).toLowerCase(Locale.ROOT);
            if (!transport.isEmpty() && !transport.equals("default") && !transport.equals("udp")) {
                throw new IllegalArgumentException("General/Transport " + transport + ": a try runs UDP over loopback "
                        + "only (TCP needs a listening port per process, IPv6 another loopback); compare TCP with the "
                        + "Benchmarks' transport comparison");
            }
            // said either way: a file that names no interface would otherwise get Cyclone's pick
            changes.add(removeAll(general, "Interfaces", "NetworkInterfaceAddress", "ExternalNetworkAddress",
                    "ExternalNetworkMask", "MulticastRecvNetworkInterfaceAddresses", "MulticastTimeToLive",
                    "AllowMulticast", "DontRoute", "EnableMulticastLoopback")
                            ? "General: interfaces and multicast → 127.0.0.1 only, AllowMulticast false"
                            : "General: 127.0.0.1 only, AllowMulticast false (added)");
            Element ni = append(append(general, "Interfaces"), "NetworkInterface");
            ni.setAttribute("address", "127.0.0.1");
            setText(append(general, "AllowMulticast"), "false");

            Element disc = child(d, "Discovery");
            changes.add(removeAll(disc, "Peers", "DefaultMulticastAddress", "SPDPMulticastAddress", "ParticipantIndex")
                    ? "Discovery: peers → 127.0.0.1, participant index auto"
                    : "Discovery: peer 127.0.0.1, participant index auto (added)");
            setText(append(disc, "ParticipantIndex"), "auto");
            Element max = first(disc, "MaxAutoParticipantIndex");
            if (max == null || parseInt(text(max)) < MIN_AUTO_INDEX) {
                if (max != null) {
                    changes.add("Discovery/MaxAutoParticipantIndex " + text(max) + " → " + MIN_AUTO_INDEX
                            + " (agents and this process on one host)");
                    disc.removeChild(max);
                }
                setText(append(disc, "MaxAutoParticipantIndex"), Integer.toString(MIN_AUTO_INDEX));
            }
            append(append(disc, "Peers"), "Peer").setAttribute("address", "127.0.0.1");

            if (removeAll(d, "Partitioning")) {
                changes.add("Partitioning (network partitions with their addresses) left out");
            }
            Element internal = first(d, "Internal");
            if (internal != null && removeAll(internal, "MonitorPort")) {
                changes.add("Internal/MonitorPort left out (it serves unauthenticated)");
            }
            if (removeAll(d, "Tracing")) {
                changes.add("Tracing left out (the trace would slow one side and fill a file)");
            }
        }
        return new Result(write(doc), changes);
    }

    private static Document parse(String xml) {
        try {
            DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
            f.setNamespaceAware(true);
            f.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            var b = f.newDocumentBuilder();
            b.setErrorHandler(null);
            return b.parse(new InputSource(new StringReader(xml)));
        } catch (ParserConfigurationException e) {
            throw new IllegalStateException(e);
        } catch (SAXException | IOException e) {
            throw new IllegalArgumentException("not well-formed XML: " + e.getMessage(), e);
        }
    }

    private static String write(Document doc) {
        try {
            var t = TransformerFactory.newInstance().newTransformer();
            t.setOutputProperty(OutputKeys.OMIT_XML_DECLARATION, "yes");
            StringWriter w = new StringWriter();
            t.transform(new DOMSource(doc), new StreamResult(w));
            return w.toString();
        } catch (TransformerException e) {
            throw new IllegalStateException(e);
        }
    }

    private static List<Element> children(Element parent, String name) {
        List<Element> out = new ArrayList<>();
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && e.getLocalName().equalsIgnoreCase(name)) {
                out.add(e);
            }
        }
        return out;
    }

    private static Element first(Element parent, String name) {
        List<Element> c = children(parent, name);
        return c.isEmpty() ? null : c.get(0);
    }

    /** The first child of that name, made when there is none. */
    private static Element child(Element parent, String name) {
        Element e = first(parent, name);
        return e != null ? e : append(parent, name);
    }

    private static Element append(Element parent, String name) {
        // the parent's namespace (none for a file without xmlns): Cyclone reads an xmlns only on the root
        Element e = parent.getOwnerDocument().createElementNS(parent.getNamespaceURI(), name);
        parent.appendChild(e);
        return e;
    }

    /** Removes every child with one of {@code names}; true if there was one. */
    private static boolean removeAll(Element parent, String... names) {
        boolean any = false;
        for (String name : names) {
            for (Element e : children(parent, name)) {
                parent.removeChild(e);
                any = true;
            }
        }
        return any;
    }

    private static String text(Element e) {
        return e == null ? "" : e.getTextContent().strip();
    }

    private static void setText(Element e, String text) {
        e.setTextContent(text);
    }

    private static int parseInt(String s) {
        try {
            return Integer.parseInt(s);
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
