package org.ddstuner.dds;

import java.io.IOException;
import java.io.StringReader;

import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;

import org.w3c.dom.Document;
import org.xml.sax.InputSource;
import org.xml.sax.SAXException;
import org.xml.sax.SAXParseException;
import org.xml.sax.helpers.DefaultHandler;

/**
 * Cyclone DDS configuration XML: the loopback-only configuration every default in DDS Tuner uses, and
 * a well-formedness check that reports line and column before the text reaches Cyclone (whose own
 * errors go to its log only).
 */
public final class CycloneConfig {

    /** Cyclone's default is 9, too few for the local demo plus tests running side by side. */
    public static final int MAX_AUTO_PARTICIPANT_INDEX = 120;

    /** Cyclone's Internal/DeliveryQueueMaxSamples in the loopback config (Cyclone's default: 256). */
    public static final int DELIVERY_QUEUE_MAX_SAMPLES = 4096;

    private CycloneConfig() {
    }

    /**
     * Sends nothing off the loopback interface: NetworkInterface 127.0.0.1, no multicast, unicast
     * discovery to 127.0.0.1 with automatic participant indices (up to {@value #MAX_AUTO_PARTICIPANT_INDEX}),
     * so participants in several processes on this host find each other. Participants re-announce
     * themselves every 5 s instead of Cyclone's 30 s: without multicast, a first announcement that is
     * lost (a busy receiver's socket buffer) would otherwise hide a process for half a minute.
     *
     * <p>Receive side only, so it changes nothing for the participants being monitored: the delivery
     * queues hold up to {@value #DELIVERY_QUEUE_MAX_SAMPLES} samples instead of Cyclone's 256. Cyclone
     * <em>drops</em> a sample that finds its delivery queue full; when thousands of endpoints appear
     * at once, the discovery (SEDP) samples overflowed the 256 and every dropped one had to be
     * recovered through heartbeat/NACK rounds (bench/results/2026-11-23-sedp-at-scale.md).
     */
    public static String loopbackOnly() {
        return loopbackOnly(false);
    }

    /** The line {@link #loopbackOnly(boolean)} (and the tool's other generated configurations) add for topic discovery. */
    public static final String TOPIC_DISCOVERY_LINE =
            "\n      <EnableTopicDiscoveryEndpoints>true</EnableTopicDiscoveryEndpoints>";

    /**
     * {@code xml} without the {@link #TOPIC_DISCOVERY_LINE}: a domain a DDS Tuner connection opened with
     * {@code loopbackOnly(true)} gives {@code loopbackOnly()}, so code that wants the plain configuration can
     * tell that sharing the connection's domain changes nothing for it but the topic announcements.
     */
    public static String withoutTopicDiscovery(String xml) {
        return xml == null ? null : xml.replace(TOPIC_DISCOVERY_LINE, "");
    }

    /**
     * As {@link #loopbackOnly()}; with {@code topicDiscovery} Cyclone also sends and receives DCPSTopic
     * (off by default in Cyclone, needed for the DCPSTopic built-in reader and dds_find_topic).
     */
    public static String loopbackOnly(boolean topicDiscovery) {
        return """
                <CycloneDDS xmlns="https://cdds.io/config">
                  <Domain id="any">
                    <General>
                      <Interfaces>
                        <NetworkInterface address="127.0.0.1"/>
                      </Interfaces>
                      <AllowMulticast>false</AllowMulticast>
                    </General>
                    <Discovery>
                      <ParticipantIndex>auto</ParticipantIndex>
                      <SPDPInterval>5 s</SPDPInterval>
                      <MaxAutoParticipantIndex>%d</MaxAutoParticipantIndex>
                      <Peers>
                        <Peer address="127.0.0.1"/>
                      </Peers>%s
                    </Discovery>
                    <Internal>
                      <DeliveryQueueMaxSamples>%d</DeliveryQueueMaxSamples>
                    </Internal>
                  </Domain>
                </CycloneDDS>
                """.formatted(MAX_AUTO_PARTICIPANT_INDEX,
                topicDiscovery ? TOPIC_DISCOVERY_LINE : "",
                DELIVERY_QUEUE_MAX_SAMPLES);
    }

    /**
     * Checks that {@code xml} is well-formed XML whose root element is {@code CycloneDDS}.
     *
     * @throws InvalidConfigException with line and column of the first problem
     */
    public static void validate(String xml) {
        if (xml == null || xml.isBlank()) {
            throw new InvalidConfigException("The Cyclone DDS configuration is empty.", -1, -1, null);
        }
        Document doc;
        try {
            DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
            f.setNamespaceAware(true);
            f.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            var builder = f.newDocumentBuilder();
            builder.setErrorHandler(new DefaultHandler()); // no stderr noise; errors come back as exceptions
            doc = builder.parse(new InputSource(new StringReader(xml)));
        } catch (SAXParseException e) {
            throw new InvalidConfigException("Cyclone DDS configuration is not well-formed XML at line "
                    + e.getLineNumber() + ", column " + e.getColumnNumber() + ": " + e.getMessage(),
                    e.getLineNumber(), e.getColumnNumber(), e);
        } catch (SAXException | IOException | ParserConfigurationException e) {
            throw new InvalidConfigException("Cyclone DDS configuration could not be read: " + e.getMessage(), -1, -1, e);
        }
        String root = doc.getDocumentElement().getLocalName();
        if (!"CycloneDDS".equals(root)) {
            throw new InvalidConfigException("Cyclone DDS configuration must have the root element <CycloneDDS>, not <"
                    + root + "> (line 1).", 1, -1, null);
        }
    }
}
