package org.ddstuner.dds.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.ddstuner.dds.BuiltinReader;
import org.ddstuner.dds.EndpointData;
import org.ddstuner.dds.Participant;
import org.ddstuner.dds.Publisher;
import org.ddstuner.dds.Qos;
import org.ddstuner.dds.Qos.*;
import org.ddstuner.dds.Reader;
import org.ddstuner.dds.Sample;
import org.ddstuner.dds.Subscriber;
import org.ddstuner.dds.Topic;
import org.ddstuner.dds.Writer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Every policy of {@link Qos} set on an entity comes back from dds_get_qos and from discovery. */
class QosRoundTripTest {

    private static final int DOMAIN = 63;

    @RegisterExtension
    static final LoopbackDomain domain = new LoopbackDomain(DOMAIN);

    /** Non-default values for every policy a writer carries (the topic-level ones included). */
    static Qos writerQos() {
        return Qos.EMPTY
                .with(new Durability(DurabilityKind.TRANSIENT_LOCAL))
                .with(new DurabilityService(Duration.ofMillis(1500), HistoryKind.KEEP_LAST, 3, 100, 10, 10))
                .with(new Deadline(Duration.ofSeconds(7)))
                .with(new LatencyBudget(Duration.ofMillis(3)))
                .with(new Liveliness(LivelinessKind.MANUAL_BY_TOPIC, Duration.ofSeconds(9)))
                .with(new Reliability(ReliabilityKind.RELIABLE, Duration.ofMillis(250)))
                .with(new DestinationOrder(DestinationOrderKind.BY_SOURCE_TIMESTAMP))
                .with(new History(HistoryKind.KEEP_LAST, 4))
                .with(new ResourceLimits(200, 20, 10))
                .with(new Lifespan(Duration.ofSeconds(30)))
                .with(new Ownership(OwnershipKind.EXCLUSIVE))
                .with(new OwnershipStrength(42))
                .with(new TransportPriority(5))
                .with(new WriterDataLifecycle(false))
                .with(new UserData(new byte[] { 1, 2, 3 }))
                .with(new DataRepresentation(List.of(Qos.XCDR2)))
                .with(new EntityName("the writer"))
                .with(new IgnoreLocal(IgnoreLocalKind.NONE))
                .with(new Properties(Map.of("app.role", "writer")));
    }

    static Qos readerQos() {
        return Qos.EMPTY
                .with(new Durability(DurabilityKind.TRANSIENT_LOCAL))
                .with(new Deadline(Duration.ofSeconds(8)))
                .with(new LatencyBudget(Duration.ofMillis(4)))
                .with(new Liveliness(LivelinessKind.AUTOMATIC, Duration.ofSeconds(10)))
                .with(new Reliability(ReliabilityKind.RELIABLE, Duration.ofMillis(100)))
                .with(new DestinationOrder(DestinationOrderKind.BY_SOURCE_TIMESTAMP))
                .with(new History(HistoryKind.KEEP_ALL, -1))
                .with(new ResourceLimits(300, 30, 10))
                .with(new Ownership(OwnershipKind.EXCLUSIVE))
                .with(new TimeBasedFilter(Duration.ofMillis(1)))
                .with(new ReaderDataLifecycle(Duration.ofSeconds(2), Qos.INFINITE))
                .with(new UserData(new byte[] { 9 }))
                .with(new DataRepresentation(List.of(Qos.XCDR2, Qos.XCDR1)))
                .with(new TypeConsistency(TypeConsistencyKind.ALLOW_TYPE_COERCION, true, true, false, false, true))
                .with(new EntityName("the reader"))
                .with(new IgnoreLocal(IgnoreLocalKind.PARTICIPANT));
    }

    static final Qos PUBLISHER_QOS = Qos.EMPTY.withPartitions("p1", "p2")
            .with(new Presentation(AccessScope.TOPIC, true, true))
            .with(new GroupData(new byte[] { 7, 7 }))
            .with(new EntityName("the publisher"));
    static final Qos SUBSCRIBER_QOS = Qos.EMPTY.withPartitions("p2")
            .with(new Presentation(AccessScope.TOPIC, true, true))
            .with(new GroupData(new byte[] { 8 }))
            .with(new EntityName("the subscriber"));
    static final Qos TOPIC_QOS = Qos.EMPTY.with(new TopicData(new byte[] { 4, 5 }))
            .with(new Durability(DurabilityKind.TRANSIENT_LOCAL))
            .with(new Reliability(ReliabilityKind.RELIABLE, Duration.ofMillis(100)));

    /** Asserts that every policy set in {@code expected} has the same value in {@code actual}. */
    static void assertContains(Qos expected, Qos actual, String where) {
        Map<String, Object> a = actual.setPolicies();
        expected.setPolicies().forEach((name, value) -> {
            Object got = a.get(name);
            assertNotNull(got, where + ": policy " + name + " missing in " + a.keySet());
            assertEquals(normalize(value), normalize(got), where + ": policy " + name);
        });
    }

    /** byte[] policies compare by content; properties may carry extra entries (Cyclone adds some). */
    private static Object normalize(Object v) {
        return switch (v) {
            case UserData u -> List.of(u.value().length, java.util.Arrays.toString(u.value()));
            case TopicData t -> java.util.Arrays.toString(t.value());
            case GroupData g -> java.util.Arrays.toString(g.value());
            default -> v;
        };
    }

    @Test
    void everyPolicyComesBackFromTheEntity() {
        Qos participantQos = Qos.EMPTY.with(new UserData(new byte[] { 42 })).with(new EntityName("qos participant"))
                .with(new Properties(new LinkedHashMap<>(Map.of("app.name", "tests", "app.x", "y"))))
                .with(new BinaryProperties(Map.of("app.blob", new byte[] { 1, 0, 2 })));
        try (Participant p = domain.createParticipant(participantQos)) {
            Qos got = p.qos();
            assertContains(Qos.EMPTY.with(participantQos.userData()).with(participantQos.entityName()), got, "participant");
            assertEquals("tests", got.properties().values().get("app.name"));
            assertArrayEquals(new byte[] { 1, 0, 2 }, got.binaryProperties().values().get("app.blob"));

            Topic t = p.createTopic("QosTopic", RoundTripTest.ALL_KINDS, TOPIC_QOS);
            assertContains(TOPIC_QOS, t.qos(), "topic");
            Publisher pub = p.createPublisher(PUBLISHER_QOS);
            assertContains(PUBLISHER_QOS, pub.qos(), "publisher");
            Subscriber sub = p.createSubscriber(SUBSCRIBER_QOS);
            assertContains(SUBSCRIBER_QOS, sub.qos(), "subscriber");
            Writer w = pub.createWriter(t, writerQos());
            assertContains(writerQos(), w.qos(), "writer");
            Reader r = sub.createReader(t, readerQos());
            assertContains(readerQos(), r.qos(), "reader");
        }
    }

    @Test
    void mutablePoliciesCanBeChanged() {
        try (Participant p = domain.createParticipant()) {
            Topic t = p.createTopic("Mutable", RoundTripTest.ALL_KINDS, null);
            Writer w = p.createWriter(t, null);
            w.setQos(Qos.EMPTY.with(new OwnershipStrength(77)).with(new UserData(new byte[] { 5 })));
            assertEquals(77, w.qos().ownershipStrength().value());
            assertArrayEquals(new byte[] { 5 }, w.qos().userData().value());
        }
    }

    @Test
    void everyPolicyIsSeenInDiscoveryFromAnotherParticipant() {
        try (Participant observer = domain.createParticipant(); Participant p = domain.createParticipant()) {
            BuiltinReader<EndpointData> pubs = BuiltinReader.publications(observer);
            BuiltinReader<EndpointData> subs = BuiltinReader.subscriptions(observer);
            Topic t = p.createTopic("SeenQos", RoundTripTest.ALL_KINDS, TOPIC_QOS);
            Writer w = p.createPublisher(PUBLISHER_QOS).createWriter(t, writerQos());
            Reader r = p.createSubscriber(SUBSCRIBER_QOS).createReader(t, readerQos());

            Sample<EndpointData> wd = Poll.takeUntil(pubs, s -> s.data().key().equals(w.guid()));
            assertNotNull(wd, "writer discovered");
            assertEquals("SeenQos", wd.data().topicName());
            assertEquals("demo::AllKinds", wd.data().typeName());
            assertEquals(p.guid(), wd.data().participantKey());
            Qos seenW = wd.data().qos();
            // what discovery carries for a writer: its own policies plus publisher partition/presentation/group data
            // and topic data; properties are not propagated (Cyclone keeps them local unless marked for propagation)
            assertContains(writerQos().with((Properties) null), seenW, "DCPSPublication");
            assertEquals(PUBLISHER_QOS.partition(), seenW.partition());
            assertEquals(PUBLISHER_QOS.presentation(), seenW.presentation());
            assertContains(Qos.EMPTY.with(PUBLISHER_QOS.groupData()).with(TOPIC_QOS.topicData()), seenW, "group/topic data");

            Sample<EndpointData> rd = Poll.takeUntil(subs, s -> s.data().key().equals(r.guid()));
            assertNotNull(rd, "reader discovered");
            Qos seenR = rd.data().qos();
            // time-based filter and reader data lifecycle are local to the reader: DDSI does not send them
            assertContains(readerQos().with((TimeBasedFilter) null).with((ReaderDataLifecycle) null), seenR, "DCPSSubscription");
            assertEquals(SUBSCRIBER_QOS.partition(), seenR.partition());
            assertContains(Qos.EMPTY.with(SUBSCRIBER_QOS.groupData()).with(TOPIC_QOS.topicData()), seenR, "group/topic data");
        }
    }
}
