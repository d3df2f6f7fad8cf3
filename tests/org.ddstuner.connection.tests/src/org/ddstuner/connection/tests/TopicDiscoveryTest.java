package org.ddstuner.connection.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import org.ddstuner.connection.Connection;
import org.ddstuner.connection.ConnectionManager;
import org.ddstuner.connection.ConnectionProfile;
import org.ddstuner.dds.DdsLibrary;
import org.ddstuner.dds.Participant;
import org.ddstuner.dds.Qos;
import org.ddstuner.demo.DemoSystem;
import org.ddstuner.demo.DemoTypes;
import org.ddstuner.system.SnapshotJson;
import org.ddstuner.system.SystemSnapshot;
import org.ddstuner.system.Topic;
import org.ddstuner.testsupport.ChildClassPath;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * DCPSTopic feeds the model (domains 116 and 119): topics with their type name and topic QoS, including
 * topics no reader or writer uses, from this process and — topic discovery on at both ends — from another.
 */
class TopicDiscoveryTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(20);
    private final ConnectionManager manager = ConnectionManager.get();

    @BeforeEach
    void needsTopicDiscovery() {
        Assumptions.assumeTrue(DdsLibrary.get().features().topicDiscovery(), "this libddsc has no DCPSTopic");
    }

    @AfterEach
    void closeAll() {
        manager.closeAll();
    }

    @Test
    void aTopicWithoutEndpointsIsKnownFromDcpsTopicWithItsQos() {
        Connection c = manager.open(ConnectionProfile.loopback("topics", 116));
        assertTrue(c.domain().config().contains("<EnableTopicDiscoveryEndpoints>true"), "the connection turns it on");
        try (Participant p = c.domain().createParticipant()) {
            var topic = p.createTopic("DefinedOnly", DemoTypes.sensorReading(),
                    Qos.EMPTY.withReliable().withDurability(Qos.DurabilityKind.TRANSIENT_LOCAL));
            ConnectionManagerTest.waitFor("DefinedOnly in the model", TIMEOUT,
                    () -> c.model().snapshot(false).topic("DefinedOnly").isPresent());
            Topic t = c.model().snapshot(false).topic("DefinedOnly").orElseThrow();
            assertTrue(t.definedOnly(), "no endpoint: " + t);
            assertEquals(List.of(DemoTypes.SENSOR_READING), t.typeNames());
            assertEquals(1, t.definitions().size());
            Qos q = t.announcedQos();
            assertEquals(Qos.ReliabilityKind.RELIABLE, q.reliability().kind());
            assertEquals(Qos.DurabilityKind.TRANSIENT_LOCAL, q.durability().kind());
            assertTrue(SnapshotJson.toJson(c.model().snapshot(false)).contains("\"definitions\":[{\"type\":\""
                    + DemoTypes.SENSOR_READING + "\""), "definitions in the JSON");

            topic.close();
            ConnectionManagerTest.waitFor("DefinedOnly gone with its last definition", TIMEOUT,
                    () -> c.model().snapshot(false).topic("DefinedOnly").isEmpty());
        }
    }

    @Test
    void theDemoTopicsCarryTheirAnnouncedQosNextToTheirEndpoints() {
        Connection c = manager.open(new ConnectionProfile("demo", 116, ConnectionProfile.ConfigKind.LOOPBACK_ONLY, "",
                List.of(), true));
        ConnectionManagerTest.waitFor("every demo topic with its definition", TIMEOUT, () -> DemoSystem.TOPICS.stream()
                .allMatch(n -> c.model().snapshot(false).topic(n).map(t -> !t.definitions().isEmpty()).orElse(false)));
        SystemSnapshot s = c.model().snapshot(false);
        Topic sensors = s.topic(DemoSystem.SENSORS).orElseThrow();
        assertFalse(sensors.definedOnly(), "the demo's sensor topic has writers and readers");
        assertEquals(List.of(DemoTypes.SENSOR_READING), sensors.typeNames(), "the same type as its endpoints'");
        assertEquals(DemoTypes.SENSOR_READING, sensors.definitions().get(0).typeName());
        assertEquals(Qos.ReliabilityKind.RELIABLE, sensors.announcedQos().reliability().kind());
    }

    @Test
    void topicsOfAnotherProcessArriveOverTheWire() throws Exception {
        Connection c = manager.open(ConnectionProfile.loopback("remote topics", 119));
        Process peer = startPeer(119, true);
        try {
            OtherToolInstanceTest.awaitReady(peer);
            ConnectionManagerTest.waitFor(TopicOnlyPeer.TOPIC + " from the other process", TIMEOUT,
                    () -> c.model().snapshot(false).topic(TopicOnlyPeer.TOPIC).isPresent());
            Topic t = c.model().snapshot(false).topic(TopicOnlyPeer.TOPIC).orElseThrow();
            assertTrue(t.definedOnly(), t.toString());
            assertEquals(List.of(DemoTypes.SENSOR_READING), t.typeNames());
            assertEquals(Qos.DurabilityKind.TRANSIENT_LOCAL, t.announcedQos().durability().kind());
            assertTrue(c.model().snapshot(false).participants().stream()
                    .anyMatch(p -> "TopicOnlyPeer".equals(p.name()) && p.process().pid() == peer.pid()));
        } finally {
            OtherToolInstanceTest.stop(peer);
        }
        ConnectionManagerTest.waitFor(TopicOnlyPeer.TOPIC + " gone with the process", TIMEOUT,
                () -> c.model().snapshot(false).topic(TopicOnlyPeer.TOPIC).isEmpty());
    }

    /** libddsc sends DCPSTopic only with topic discovery on: a process that leaves it off shows no definition. */
    @Test
    void aProcessWithoutTopicDiscoveryAnnouncesNoTopic() throws Exception {
        Connection c = manager.open(ConnectionProfile.loopback("no remote topics", 137));
        Process peer = startPeer(137, false);
        try {
            OtherToolInstanceTest.awaitReady(peer);
            ConnectionManagerTest.waitFor("the peer's participant", TIMEOUT, () -> c.model().snapshot(false)
                    .participants().stream().anyMatch(p -> "TopicOnlyPeer".equals(p.name())));
            Thread.sleep(2000); // DCPSTopic arrived within ~50 ms of the participant when it was on
            assertTrue(c.model().snapshot(true).topic(TopicOnlyPeer.TOPIC).isEmpty(),
                    "no DCPSTopic from a participant without topic discovery");
        } finally {
            OtherToolInstanceTest.stop(peer);
        }
    }

    private static Process startPeer(int domain, boolean topicDiscovery) throws Exception {
        String cp = ChildClassPath.of(TopicOnlyPeer.class, org.ddstuner.dds.Domain.class, DemoTypes.class,
                org.ddstuner.types.TypeLibrary.class);
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(java, "--enable-native-access=ALL-UNNAMED", "-cp", cp, TopicOnlyPeer.class.getName(),
                String.valueOf(domain), String.valueOf(topicDiscovery)).redirectErrorStream(true).start();
        assertNotNull(p);
        return p;
    }
}
