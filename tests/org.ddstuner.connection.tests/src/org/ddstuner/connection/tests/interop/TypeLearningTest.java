package org.ddstuner.connection.tests.interop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteOrder;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.ddstuner.dds.BuiltinReader;
import org.ddstuner.dds.CycloneConfig;
import org.ddstuner.dds.Domain;
import org.ddstuner.dds.EndpointData;
import org.ddstuner.dds.Guid;
import org.ddstuner.dds.Participant;
import org.ddstuner.dds.Qos;
import org.ddstuner.dds.RawReader;
import org.ddstuner.dds.RawSample;
import org.ddstuner.dds.RawTopic;
import org.ddstuner.dds.Sample;
import org.ddstuner.dds.Subscriber;
import org.ddstuner.dds.TopicDescriptor;
import org.ddstuner.dds.TypeLearner;
import org.ddstuner.dds.TypeLookupTimeoutException;
import org.ddstuner.testsupport.PeerProcess;
import org.ddstuner.testsupport.Peers;
import org.ddstuner.types.EnumType;
import org.ddstuner.types.Enumerator;
import org.ddstuner.types.Member;
import org.ddstuner.types.PrimitiveType;
import org.ddstuner.types.SequenceType;
import org.ddstuner.types.StringType;
import org.ddstuner.types.StructType;
import org.ddstuner.types.TypeRef;
import org.ddstuner.types.cdr.CdrCodec;
import org.ddstuner.types.cdr.DecodeResult;
import org.ddstuner.types.xtypes.LearnedType;
import org.ddstuner.types.xtypes.TypeObjectConverter;
import org.junit.jupiter.api.Test;

/**
 * Learning a foreign application's types over the wire (XTypes TypeLookup, libddsc 0.10.2 asking the
 * Cyclone DDS 11.0.1 Python peer, tests/peers/cyclone_peer.py), converting them to the type model, and
 * reading its samples raw; against Fast DDS (ROS 2 talker) the TypeLookup timeout message. Domains 176–178.
 */
class TypeLearningTest extends ForeignPeerTestBase {

    private static final Duration DISCOVERY = Duration.ofSeconds(15);
    private static final Duration LOOKUP = Duration.ofSeconds(10);

    /** Waits until the peer's writer on {@code topic} is discovered (with type information). */
    private static EndpointData awaitWriter(BuiltinReader<EndpointData> pubs, Guid peerParticipant, String topic)
            throws InterruptedException {
        long deadline = System.nanoTime() + DISCOVERY.toNanos();
        while (System.nanoTime() < deadline) {
            for (Sample<EndpointData> s : pubs.take(100)) {
                EndpointData e = s.data();
                if (s.info().validData() && e.topicName().equals(topic) && e.participantKey().equals(peerParticipant)) {
                    return e;
                }
            }
            Thread.sleep(20);
        }
        throw new AssertionError("writer on " + topic + " of " + peerParticipant + " not discovered within " + DISCOVERY);
    }

    private static Guid peerGuid(PeerProcess peer) {
        return Guid.parse(peer.info("guid").orElseThrow(() -> new AssertionError("peer printed no guid")));
    }

    @Test
    void learnsSensorReadingAndReadsItsSamplesRaw() throws Exception {
        Peers.requireAvailable();
        int domainId = 176;
        PeerProcess peer = closeAfterTest(Peers.startCyclonePeer(domainId, "--period-ms", "50"));
        Domain domain = closeAfterTest(Domain.create(domainId, CycloneConfig.loopbackOnly()));
        Participant p = domain.createParticipant();
        EndpointData writer = awaitWriter(BuiltinReader.publications(p), peerGuid(peer), "SensorData");
        assertEquals("tuner::SensorReading", writer.typeName());
        assertNotNull(writer.typeInformation(), "Cyclone 11 sends type information");

        TopicDescriptor descriptor = closeAfterTest(TypeLearner.learn(p, writer, LOOKUP));
        assertEquals("tuner::SensorReading", descriptor.typeName());
        assertEquals(1, descriptor.keyCount());
        LearnedType learned = TypeObjectConverter.learn(descriptor.typeInformation(), descriptor.typeMapping());
        assertEquals("tuner::SensorReading", learned.typeName());
        assertEquals(List.of(), learned.library().validate());

        StructType reading = learned.library().struct("tuner::SensorReading");
        assertEquals(List.of("sensor_id", "kind", "value", "position", "history", "unit"),
                reading.members().stream().map(Member::name).toList());
        Member id = reading.members().get(0);
        assertTrue(id.key(), "sensor_id is the key");
        assertEquals(PrimitiveType.INT32, id.type());
        assertEquals(new TypeRef("tuner::SensorKind"), reading.members().get(1).type());
        assertEquals(PrimitiveType.FLOAT64, reading.members().get(2).type());
        assertEquals(new TypeRef("tuner::Vector3"), reading.members().get(3).type());
        assertEquals(new SequenceType(PrimitiveType.FLOAT32, 0), reading.members().get(4).type());
        assertEquals(StringType.STRING, reading.members().get(5).type());
        EnumType kind = (EnumType) learned.library().get("tuner::SensorKind");
        assertEquals(List.of(new Enumerator("TEMPERATURE", 0), new Enumerator("PRESSURE", 1),
                new Enumerator("HUMIDITY", 2)), kind.enumerators());
        assertEquals(List.of("x", "y", "z"),
                learned.library().struct("tuner::Vector3").members().stream().map(Member::name).toList());

        // a raw reader with QoS compatible with the writer's: partition on the subscriber, reliable, transient-local
        Qos wq = writer.qos();
        Subscriber sub = p.createSubscriber(Qos.EMPTY.with(wq.partition()));
        RawTopic topic = RawTopic.create(p, "SensorData", descriptor, null);
        RawReader reader = RawReader.create(sub, topic,
                Qos.EMPTY.with(wq.reliability()).with(wq.durability()).withKeepLast(10));
        List<RawSample> samples = new ArrayList<>();
        long deadline = System.nanoTime() + DISCOVERY.toNanos();
        while (samples.size() < 6 && System.nanoTime() < deadline) {
            reader.waitForData(Duration.ofMillis(500));
            samples.addAll(reader.take(50).stream().filter(s -> s.info().validData()).toList());
        }
        assertTrue(samples.size() >= 6, "received " + samples.size() + " samples from the peer");

        int expectedXcdr = wq.dataRepresentation() == null || wq.dataRepresentation().ids().isEmpty() ? 1
                : wq.dataRepresentation().ids().get(0) == 2 ? 2 : 1;
        CdrCodec codec = new CdrCodec(learned.library());
        for (RawSample s : samples) {
            assertEquals(expectedXcdr, s.xcdrVersion(), String.format("encapsulation 0x%04x vs writer's %s",
                    s.encapsulation(), wq.dataRepresentation()));
            assertTrue(s.littleEndian());
            DecodeResult r = codec.decode(new TypeRef("tuner::SensorReading"), s.data());
            @SuppressWarnings("unchecked")
            Map<String, Object> v = (Map<String, Object>) r.value();
            int sensor = (Integer) v.get("sensor_id");
            // what cyclone_peer.py publish_once() writes for each sensor
            String[] units = {null, "degC", "hPa", "%"};
            String[] kinds = {null, "TEMPERATURE", "PRESSURE", "HUMIDITY"};
            assertTrue(sensor >= 1 && sensor <= 3, v.toString());
            assertEquals(units[sensor], v.get("unit"), v.toString());
            assertEquals(kinds[sensor], ((Enumerator) v.get("kind")).name(), v.toString());
            @SuppressWarnings("unchecked")
            Map<String, Object> pos = (Map<String, Object>) v.get("position");
            assertEquals(Map.of("x", (double) sensor, "y", 0.5, "z", -1.0), Map.copyOf(pos));
            double value = (Double) v.get("value");
            assertTrue(value >= 20.0 + sensor && value < 21.0 + sensor, v.toString());
            assertEquals(2, ((List<?>) v.get("history")).size(), v.toString());
        }
        assertEquals(ByteOrder.LITTLE_ENDIAN, ByteOrder.nativeOrder()); // the encapsulation said so above
    }

    @Test
    void learnsTheOtherTypesToo() throws Exception {
        Peers.requireAvailable();
        int domainId = 177;
        PeerProcess peer = closeAfterTest(Peers.startCyclonePeer(domainId));
        Domain domain = closeAfterTest(Domain.create(domainId, CycloneConfig.loopbackOnly()));
        Participant p = domain.createParticipant();
        BuiltinReader<EndpointData> pubs = BuiltinReader.publications(p);
        EndpointData commands = awaitWriter(pubs, peerGuid(peer), "Commands");
        try (TopicDescriptor d = TypeLearner.learn(p, commands, LOOKUP)) {
            LearnedType t = TypeObjectConverter.learn(d.typeInformation(), d.typeMapping());
            StructType c = t.library().struct("tuner::Command");
            assertEquals(List.of("target", "seq", "args"), c.members().stream().map(Member::name).toList());
            assertTrue(c.members().get(0).key());
            assertEquals(new SequenceType(StringType.STRING, 0), c.members().get(2).type());
            assertEquals(PrimitiveType.UINT32, c.members().get(1).type());
        }
        // an endpoint the participant never saw: a clear error, no hang
        Guid unknown = Guid.parse("01100000:00000000:00000000:00000102");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> TypeLearner.learn(p, unknown, LOOKUP));
        assertTrue(e.getMessage().contains("not (or no longer) known"), e.getMessage());
        assertFalse(peer.stderr().contains("Traceback"), peer.stderr());
    }

    /**
     * Fast DDS answers only TypeLookup requests addressed to it: learning times out with a message naming
     * the peer and the cure (import the IDL or the ROS 2 message; making libddsc 0.10 address a request, with a
     * typed reader of another type, aborts every process that knows the writer on nested types: FastDdsTypes).
     */
    @Test
    void fastDdsTimeoutNamesThePeerAndTheCure() throws Exception {
        Peers.requireAvailable();
        int domainId = 178;
        PeerProcess peer = closeAfterTest(Peers.startRos2Talker(domainId));
        Domain domain = closeAfterTest(Domain.create(domainId, CycloneConfig.loopbackOnly()));
        Participant p = domain.createParticipant();
        BuiltinReader<EndpointData> pubs = BuiltinReader.publications(p);
        EndpointData chatter = null;
        long deadline = System.nanoTime() + DISCOVERY.toNanos();
        while (chatter == null && System.nanoTime() < deadline) {
            for (Sample<EndpointData> s : pubs.take(100)) {
                if (s.info().validData() && s.data().topicName().equals("rt/chatter")) {
                    chatter = s.data();
                }
            }
            Thread.sleep(20);
        }
        assertNotNull(chatter, "ROS 2 talker's rt/chatter writer discovered (" + peer + ")");
        EndpointData writer = chatter;
        TypeLookupTimeoutException e = assertThrows(TypeLookupTimeoutException.class,
                () -> TypeLearner.learn(p, writer, Duration.ofSeconds(2)));
        assertEquals(writer.key().participantGuid(), e.participant());
        assertTrue(e.getMessage().contains("eProsima Fast DDS") && e.getMessage().contains(writer.key().participantGuid()
                .toString()) && e.getMessage().contains("Import the type's IDL or its ROS 2 message definition"), e.getMessage());
    }
}
