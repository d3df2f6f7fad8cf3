package org.ddstuner.demo.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

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
            demo.close();
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
                assertEquals(DemoSystem.types().get(typeName), learned.type(), e.getKey());
            }
        }
    }

    @Test
    void sensorReadingsDecodeWithTheLearnedType() throws Exception {
        EndpointData writer = endpoints.get(DemoSystem.SENSORS);
        TopicDescriptor d = TypeLearner.learn(participant, writer, LOOKUP);
        LearnedType learned = TypeObjectConverter.learn(d.typeInformation(), d.typeMapping());
        List<RawSample> samples = new ArrayList<>();
        try (RawTopic topic = RawTopic.create(participant, DemoSystem.SENSORS, d, null);
                RawReader reader = RawReader.create(participant.createSubscriber(Qos.EMPTY.withPartitions("sensors")),
                        topic, Qos.EMPTY.withReliable().withKeepLast(8))) {
            long deadline = System.nanoTime() + DISCOVERY.toNanos();
            while (samples.size() < 8 && System.nanoTime() < deadline) {
                reader.waitForData(Duration.ofMillis(500));
                samples.addAll(reader.take(50).stream().filter(s -> s.info().validData()).toList());
            }
        } finally {
            d.close();
        }
        assertTrue(samples.size() >= 8, "received " + samples.size() + " SensorReadings from the demo process");
        CdrCodec codec = new CdrCodec(learned.library());
        for (RawSample s : samples) {
            @SuppressWarnings("unchecked")
            Map<String, Object> v = (Map<String, Object>) codec.decode(new TypeRef(learned.typeName()), s.data()).value();
            int sensor = (Integer) v.get("sensor_id");
            double value = (Double) v.get("value");
            // DemoSystem.tick(): 20 + sensor ± 2, in degC, seq counting up from 1
            assertTrue(sensor >= 1 && sensor <= 4, v.toString());
            assertTrue(value >= 18.0 + sensor && value <= 22.0 + sensor, v.toString());
            assertEquals("degC", v.get("unit"), v.toString());
            assertTrue((Long) v.get("seq") >= 1, v.toString());
        }
    }
}
