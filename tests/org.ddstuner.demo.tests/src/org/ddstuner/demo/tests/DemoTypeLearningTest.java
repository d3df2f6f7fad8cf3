package org.ddstuner.demo.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import org.ddstuner.dds.BuiltinReader;
import org.ddstuner.dds.CycloneConfig;
import org.ddstuner.dds.Domain;
import org.ddstuner.dds.EndpointData;
import org.ddstuner.dds.Participant;
import org.ddstuner.dds.Qos;
import org.ddstuner.dds.RawReader;
import org.ddstuner.dds.RawSample;
import org.ddstuner.dds.RawTopic;
import org.ddstuner.dds.Sample;
import org.ddstuner.dds.TopicDescriptor;
import org.ddstuner.dds.TypeLearner;
import org.ddstuner.demo.DemoSystem;
import org.ddstuner.types.Enumerator;
import org.ddstuner.types.NamedType;
import org.ddstuner.types.TypeRef;
import org.ddstuner.types.cdr.CdrCodec;
import org.ddstuner.types.xtypes.GeneratedTypeInfo;
import org.ddstuner.types.xtypes.LearnedType;
import org.ddstuner.types.xtypes.TypeInformation;
import org.ddstuner.types.xtypes.TypeObjectConverter;
import org.ddstuner.types.xtypes.TypeObjectReader;
import org.ddstuner.types.xtypes.TypeObjectWriter;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The demo in another process (real libddsc, loopback-only domain 182) announces XTypes type information
 * on every topic: this process discovers its endpoints, learns each type with {@link TypeLearner} (XTypes
 * TypeLookup to the demo process), and gets back exactly the types of the demo's IDL.
 */
class DemoTypeLearningTest {

    private static final int DOMAIN = 182;
    private static final Duration DISCOVERY = Duration.ofSeconds(20);
    private static final Duration LOOKUP = Duration.ofSeconds(10);

    private static DemoProcess demo;
    private static Domain domain;
    private static Participant participant;
    /** One discovered endpoint with type information per demo topic. */
    private static Map<String, EndpointData> endpoints;

    @BeforeAll
    static void startDemoInAnotherProcess() throws Exception {
        demo = DemoProcess.start(DOMAIN);
        domain = Domain.create(DOMAIN, CycloneConfig.loopbackOnly());
        participant = domain.createParticipant(Qos.EMPTY.withEntityName("DemoTypeLearningTest"));
        endpoints = awaitEndpointsOfEveryTopic();
    }

    @AfterAll
    static void stop() {
        if (domain != null) {
            domain.close();
        }
        if (demo != null) {
            String out = demo.output();
            demo.close();
            // DemoPeer prints what the demo reports to its error handler (a write that failed, …)
            assertTrue(out.lines().noneMatch(l -> l.startsWith("ERROR")), "the demo process reported errors:\n" + out);
        }
    }

    /** Writers and readers both announce the type; the Heartbeat writer comes and goes, its reader stays. */
    private static Map<String, EndpointData> awaitEndpointsOfEveryTopic() throws InterruptedException {
        Map<String, EndpointData> found = new HashMap<>();
        List<String> seen = new ArrayList<>();
        BuiltinReader<EndpointData> pubs = BuiltinReader.publications(participant);
        BuiltinReader<EndpointData> subs = BuiltinReader.subscriptions(participant);
        long deadline = System.nanoTime() + DISCOVERY.toNanos();
        while (found.size() < DemoSystem.TOPICS.size() && System.nanoTime() < deadline) {
            for (BuiltinReader<EndpointData> r : List.of(pubs, subs)) {
                for (Sample<EndpointData> s : r.take(200)) {
                    EndpointData e = s.data();
                    if (!s.info().validData() || !DemoSystem.TOPICS.contains(e.topicName())) {
                        continue;
                    }
                    seen.add(e.topicName() + " " + e.typeName() + " typeinfo=" + (e.typeInformation() != null));
                    if (e.typeInformation() != null) {
                        found.putIfAbsent(e.topicName(), e);
                    }
                }
            }
            Thread.sleep(50);
        }
        assertEquals(DemoSystem.TOPIC_TYPES.keySet(), found.keySet(), "endpoints with type information of every "
                + "demo topic within " + DISCOVERY + "; seen: " + seen + "\ndemo process:\n" + demo.output());
        return found;
    }

    @Test
    void everyEndpointAnnouncesTheTypeInformationGeneratedFromTheIdl() {
        for (var e : endpoints.entrySet()) {
            String typeName = DemoSystem.TOPIC_TYPES.get(e.getKey());
            assertEquals(typeName, e.getValue().typeName(), e.getKey());
            GeneratedTypeInfo generated = TypeObjectWriter.generate(DemoSystem.types(), typeName);
            // libddsc 0.10.2 re-serializes the type information for discovery with typeobject_serialized_size
            // 0, so the bytes differ from idlc's; the type identifiers (hashes of the type objects) must not
            TypeInformation announced = TypeObjectReader.readTypeInformation(e.getValue().typeInformation());
            String both = e.getKey() + ": generated " + HexFormat.of().formatHex(generated.typeInformation())
                    + ", announced " + HexFormat.of().formatHex(e.getValue().typeInformation());
            assertEquals(generated.minimal(), announced.minimalTypeId(), both);
            assertEquals(generated.complete(), announced.completeTypeId(), both);
        }
    }

    @Test
    void everyTopicsTypeIsLearnedOverTheWireAsDeclaredInTheIdl() {
        for (var e : endpoints.entrySet()) {
            String typeName = DemoSystem.TOPIC_TYPES.get(e.getKey());
            try (TopicDescriptor d = TypeLearner.learn(participant, e.getValue(), LOOKUP)) {
                assertEquals(typeName, d.typeName(), e.getKey());
                assertEquals(1, d.keyCount(), e.getKey() + ": every demo type has one key");
                LearnedType learned = TypeObjectConverter.learn(d.typeInformation(), d.typeMapping());
                assertEquals(typeName, learned.typeName());
                assertEquals(List.of(), learned.library().validate());
                for (NamedType t : learned.library().types()) {
                    assertEquals(DemoSystem.types().get(t.name()), t, e.getKey());
                }
                assertEquals(DemoSystem.types().get(typeName), learned.type(), e.getKey());
            }
        }
    }

    /** At least {@code count} valid samples of a demo topic, read raw with its learned type, decoded. */
    private static List<Map<String, Object>> receiveDecoded(String topicName, String partition, int count) {
        TopicDescriptor d = TypeLearner.learn(participant, endpoints.get(topicName), LOOKUP);
        LearnedType learned = TypeObjectConverter.learn(d.typeInformation(), d.typeMapping());
        List<RawSample> samples = new ArrayList<>();
        try (RawTopic topic = RawTopic.create(participant, topicName, d, null);
                RawReader reader = RawReader.create(participant.createSubscriber(partition == null ? Qos.EMPTY
                        : Qos.EMPTY.withPartitions(partition)), topic, Qos.EMPTY.withReliable().withKeepLast(8))) {
            long deadline = System.nanoTime() + DISCOVERY.toNanos();
            while (samples.size() < count && System.nanoTime() < deadline) {
                reader.waitForData(Duration.ofMillis(500));
                samples.addAll(reader.take(50).stream().filter(s -> s.info().validData()).toList());
            }
        } finally {
            d.close();
        }
        assertTrue(samples.size() >= count, "received " + samples.size() + " samples of " + topicName);
        CdrCodec codec = new CdrCodec(learned.library());
        List<Map<String, Object>> values = new ArrayList<>();
        for (RawSample s : samples) {
            @SuppressWarnings("unchecked")
            Map<String, Object> v = (Map<String, Object>) codec.decode(new TypeRef(learned.typeName()), s.data()).value();
            values.add(v);
        }
        return values;
    }

    @Test
    void sensorReadingsDecodeWithTheLearnedType() {
        for (Map<String, Object> v : receiveDecoded(DemoSystem.SENSORS, "sensors", 8)) {
            int sensor = (Integer) v.get("sensor_id");
            double value = (Double) v.get("value");
            // DemoSystem.tick(): 20 + sensor ± 2, in degC, seq counting up from 1
            assertTrue(sensor >= 1 && sensor <= 4, v.toString());
            assertTrue(value >= 18.0 + sensor && value <= 22.0 + sensor, v.toString());
            assertEquals("degC", v.get("unit"), v.toString());
            assertTrue((Long) v.get("seq") >= 1, v.toString());
        }
    }

    @Test
    void tracksDecodeWithTheLearnedTypeAndMove() {
        // 3 tracks at 5 Hz: 15 samples take about 1 s
        List<Map<String, Object>> tracks = receiveDecoded(DemoSystem.TRACKS, null, 15);
        Map<Integer, List<Map<String, Object>>> byId = new TreeMap<>();
        for (Map<String, Object> v : tracks) {
            byId.computeIfAbsent((Integer) v.get("track_id"), x -> new ArrayList<>()).add(v);
        }
        assertEquals(Set.of(1, 2, 3), byId.keySet(), tracks.toString());
        Map<Integer, String> kinds = Map.of(1, "AIRCRAFT", 2, "VESSEL", 3, "VEHICLE");
        Map<Integer, String> labels = Map.of(1, "AIR-1", 2, "SHIP-2", 3, "CAR-3");
        for (var e : byId.entrySet()) {
            int id = e.getKey();
            List<Map<String, Object>> l = e.getValue();
            for (Map<String, Object> v : l) {
                assertEquals(kinds.get(id), ((Enumerator) v.get("kind")).name(), v.toString());
                assertEquals(labels.get(id), v.get("label"), v.toString());
                @SuppressWarnings("unchecked")
                Map<String, Object> pos = (Map<String, Object>) v.get("position");
                double r = Math.hypot((Double) pos.get("x"), (Double) pos.get("y"));
                assertEquals(1000.0 * id, r, 1e-6, "track " + id + " moves on a circle of radius " + 1000 * id);
                List<?> history = (List<?>) v.get("history");
                assertTrue(history.size() <= 16, v.toString());
                Object speed = v.get("speed");
                assertTrue(speed == null ? id == 2 : Math.abs((Double) speed - 2 * Math.PI * 1000 * id / 30) < 1e-6,
                        "only the vessel's speed is sometimes unknown: " + v);
            }
            Map<String, Object> first = l.get(0);
            Map<String, Object> last = l.get(l.size() - 1);
            assertTrue(!first.get("position").equals(last.get("position")), "track " + id + " moved: " + l);
            assertTrue(((List<?>) last.get("history")).size() > 0, "track " + id + " has a history: " + last);
            assertEquals(((List<?>) last.get("history")).getLast(), l.get(l.size() - 2).get("position"),
                    "the newest history entry is the previous position");
        }
    }
}
