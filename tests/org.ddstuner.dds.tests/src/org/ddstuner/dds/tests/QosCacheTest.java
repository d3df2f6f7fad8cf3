package org.ddstuner.dds.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.reflect.RecordComponent;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.ddstuner.dds.BuiltinReader;
import org.ddstuner.dds.CycloneConfig;
import org.ddstuner.dds.Domain;
import org.ddstuner.dds.EndpointData;
import org.ddstuner.dds.Guid;
import org.ddstuner.dds.Participant;
import org.ddstuner.dds.Qos;
import org.ddstuner.dds.Sample;
import org.ddstuner.dds.Writer;
import org.ddstuner.dds.internal.DdsC;
import org.ddstuner.dds.internal.QosCache;
import org.ddstuner.dds.internal.QosNative;
import org.ddstuner.dds.internal.QosReader;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The built-in readers decode each distinct endpoint QoS once ({@link QosCache}): a remembered QoS
 * must only be returned for a native QoS that is equal in every policy, so each variant below differs
 * from the base in one policy only, and the cache must give exactly what decoding gives.
 */
class QosCacheTest {

    private static final int DOMAIN = 141;

    private static final Qos BASE = Qos.EMPTY.withReliable().withKeepLast(1).withPartitions("a");

    /** The base, and one variant per policy that differs from it in that policy alone. */
    private static List<Qos> variants() {
        return List.of(BASE,
                BASE.withPartitions("b"),
                BASE.withPartitions("a", "b"),
                BASE.with(new Qos.Deadline(Duration.ofMillis(250))),
                BASE.with(new Qos.Reliability(Qos.ReliabilityKind.RELIABLE, Duration.ofMillis(101))),
                BASE.withKeepLast(2),
                BASE.with(new Qos.UserData(new byte[] { 1, 2, 3 })),
                BASE.with(new Qos.UserData(new byte[] { 1, 2, 4 })),
                BASE.with(new Qos.TopicData(new byte[] { 9 })),
                BASE.with(new Qos.GroupData(new byte[] { 8 })),
                BASE.withEntityName("writer one"),
                BASE.withEntityName("writer two"),
                BASE.with(new Qos.Properties(Map.of("k", "v1"))),
                BASE.with(new Qos.Properties(Map.of("k", "v2"))),
                BASE.with(new Qos.OwnershipStrength(7)),
                BASE.with(new Qos.Lifespan(Duration.ofSeconds(3))),
                BASE.with(new Qos.LatencyBudget(Duration.ofMillis(5))),
                BASE.with(new Qos.TransportPriority(3)),
                BASE.with(new Qos.DataRepresentation(List.of((short) 2))),
                BASE.with(new Qos.TypeConsistency(Qos.TypeConsistencyKind.ALLOW_TYPE_COERCION, true, false, true,
                        false, true)),
                BASE.with(new Qos.Liveliness(Qos.LivelinessKind.MANUAL_BY_TOPIC, Duration.ofSeconds(2))));
    }

    @Test
    void everyPolicyDifferenceIsADifferentEntryAndRepeatsAreHits() {
        List<Qos> variants = variants();
        try (Arena arena = Arena.ofConfined()) {
            QosCache cache = new QosCache(arena);
            QosReader plain = new QosReader(arena);
            List<MemorySegment> natives = new ArrayList<>();
            for (Qos q : variants) {
                natives.add(QosNative.toNative(q));
            }
            try {
                // three rounds in alternating orders: more variants than the cache holds, so entries are
                // evicted and their native blocks reused
                for (int round = 0; round < 3; round++) {
                    for (int k = 0; k < natives.size(); k++) {
                        int i = round == 1 ? natives.size() - 1 - k : k;
                        Qos got = cache.read(natives.get(i));
                        assertEquals(describe(plain.read(natives.get(i))), describe(got),
                                "round " + round + ", variant " + i + ": the cache returned another QoS");
                    }
                }
                long before = cache.hits();
                Qos first = cache.read(natives.get(3));
                Qos again = cache.read(natives.get(3));
                assertSame(first, again, "an equal QoS read twice in a row is decoded once");
                assertTrue(cache.hits() >= before + 1, "hits counted: " + cache.hits());
            } finally {
                natives.forEach(DdsC::dds_delete_qos);
            }
        }
    }

    @Test
    void discoveredWritersEachGetTheirOwnQos() {
        Assumptions.assumeTrue("1".equals(System.getenv("DDSTUNER_IN_NETNS")),
                "creates DDS participants: run inside releng/scripts/netns-run.sh");
        List<Qos> variants = variants();
        try (Domain domain = Domain.create(DOMAIN, CycloneConfig.loopbackOnly());
                Participant observer = domain.createParticipant();
                Participant peer = domain.createParticipant()) {
            BuiltinReader<EndpointData> pubs = BuiltinReader.publications(observer);
            var topic = peer.createTopic("CachedQos", RoundTripTest.ALL_KINDS, null);
            Map<Guid, Qos> expected = new HashMap<>();
            // every variant twice, interleaved, so equal QoS arrive apart and different ones back to back
            for (int rep = 0; rep < 2; rep++) {
                for (Qos q : variants) {
                    Qos writerQos = Qos.EMPTY.with(q.reliability()).with(q.history());
                    writerQos = copyEndpointPolicies(q, writerQos);
                    Writer w = peer.createPublisher(q.partition() == null ? null : Qos.EMPTY.with(q.partition()))
                            .createWriter(topic, writerQos);
                    expected.put(w.guid(), q);
                }
            }
            Map<Guid, Qos> seen = new LinkedHashMap<>();
            assertTrue(Poll.until(() -> {
                for (Sample<EndpointData> s : pubs.take(256)) {
                    if (s.info().validData() && expected.containsKey(s.data().key())) {
                        seen.put(s.data().key(), s.data().qos());
                    }
                }
                return seen.size() == expected.size();
            }), "all " + expected.size() + " writers discovered, saw " + seen.size());
            for (var e : expected.entrySet()) {
                Qos want = e.getValue();
                Qos got = seen.get(e.getKey());
                assertNotNull(got);
                String who = " of " + e.getKey();
                assertEquals(want.partition(), got.partition(), "partition" + who);
                assertEquals(want.reliability(), got.reliability(), "reliability" + who);
                assertEquals(want.history(), got.history(), "history" + who);
                // policies the variant leaves unset come back as Cyclone's defaults: compare the set ones
                if (want.deadline() != null) {
                    assertEquals(want.deadline(), got.deadline(), "deadline" + who);
                }
                if (want.userData() != null) {
                    assertEquals(bytes(want.userData()), bytes(got.userData()), "user data" + who);
                }
                if (want.entityName() != null) {
                    assertEquals(want.entityName(), got.entityName(), "entity name" + who);
                }
                if (want.ownershipStrength() != null) {
                    assertEquals(want.ownershipStrength(), got.ownershipStrength(), "ownership strength" + who);
                }
                if (want.properties() != null) {
                    assertNotNull(got.properties(), "properties" + who);
                    assertEquals(want.properties().values(), got.properties().values(), "properties" + who);
                }
            }
        }
    }

    /** The writer-side policies of {@code q} (the partition goes on the publisher). */
    private static Qos copyEndpointPolicies(Qos q, Qos into) {
        Qos r = into;
        if (q.deadline() != null) {
            r = r.with(q.deadline());
        }
        if (q.userData() != null) {
            r = r.with(q.userData());
        }
        if (q.entityName() != null) {
            r = r.with(q.entityName());
        }
        if (q.ownershipStrength() != null) {
            r = r.with(q.ownershipStrength());
        }
        if (q.properties() != null) {
            r = r.with(q.properties());
        }
        return r;
    }

    private static String bytes(Qos.UserData u) {
        return u == null ? "none" : Arrays.toString(u.value());
    }

    /** Every policy as text, byte arrays by content (records compare arrays by identity). */
    static String describe(Qos q) {
        StringBuilder b = new StringBuilder();
        for (RecordComponent c : Qos.class.getRecordComponents()) {
            Object v;
            try {
                v = c.getAccessor().invoke(q);
            } catch (ReflectiveOperationException e) {
                throw new AssertionError(e);
            }
            String text = switch (v) {
                case Qos.UserData u -> "UserData" + Arrays.toString(u.value());
                case Qos.TopicData t -> "TopicData" + Arrays.toString(t.value());
                case Qos.GroupData g -> "GroupData" + Arrays.toString(g.value());
                case Qos.BinaryProperties p -> {
                    StringBuilder m = new StringBuilder("BinaryProperties{");
                    p.values().forEach((k, x) -> m.append(k).append('=').append(Arrays.toString(x)).append(','));
                    yield m.append('}').toString();
                }
                case null -> "null";
                default -> v.toString();
            };
            b.append(c.getName()).append('=').append(text).append("; ");
        }
        return b.toString();
    }
}
