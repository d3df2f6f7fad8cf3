package org.ddstuner.dds.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.ddstuner.dds.AlreadyDeletedException;
import org.ddstuner.dds.MemberKind;
import org.ddstuner.dds.Participant;
import org.ddstuner.dds.Qos;
import org.ddstuner.dds.Reader;
import org.ddstuner.dds.Sample;
import org.ddstuner.dds.SampleBuffer;
import org.ddstuner.dds.SampleView;
import org.ddstuner.dds.SampleInfo.InstanceState;
import org.ddstuner.dds.StructType;
import org.ddstuner.dds.Topic;
import org.ddstuner.dds.Writer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

class RoundTripTest {

    private static final int DOMAIN = 62;

    @RegisterExtension
    static final LoopbackDomain domain = new LoopbackDomain(DOMAIN);

    static final StructType ALL_KINDS = StructType.builder("demo::AllKinds")
            .key("id", MemberKind.INT32)
            .member("i8", MemberKind.INT8).member("u8", MemberKind.UINT8)
            .member("i16", MemberKind.INT16).member("u16", MemberKind.UINT16)
            .member("u32", MemberKind.UINT32)
            .member("i64", MemberKind.INT64).member("u64", MemberKind.UINT64)
            .member("f32", MemberKind.FLOAT32).member("f64", MemberKind.FLOAT64)
            .member("b", MemberKind.BOOLEAN).member("c", MemberKind.CHAR)
            .member("s", MemberKind.STRING)
            .key("name", MemberKind.STRING)
            .build();

    /** Octet sequences, unbounded and bounded, between primitives (idlc pads the 8-aligned dds_sequence_octet). */
    static final StructType WITH_OCTETS = StructType.builder("demo::WithOctets")
            .member("seq", MemberKind.UINT32)
            .key("id", MemberKind.UINT32)
            .member("t", MemberKind.INT64)
            .octetSequence("payload")
            .member("flag", MemberKind.BOOLEAN)
            .octetSequence("small", 100)
            .build();

    static Map<String, Object> sample(int id, String name) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("id", id);
        m.put("i8", (byte) -128);
        m.put("u8", (short) 255);
        m.put("i16", (short) -32768);
        m.put("u16", 65535);
        m.put("u32", 4294967295L);
        m.put("i64", Long.MIN_VALUE);
        m.put("u64", -1L); // 2^64-1 as an unsigned bit pattern
        m.put("f32", 1.5f);
        m.put("f64", -2.25e300);
        m.put("b", true);
        m.put("c", 'Z');
        m.put("s", "grüße ✓");
        m.put("name", name);
        return m;
    }

    @Test
    void layoutMatchesTheCStruct() {
        // as idlc 0.10.2 lays out demo_AllKinds: offsets 0,4,5,6,8,12,16,24,32,40,48,49,56,64; sizeof 72
        List<Integer> offsets = ALL_KINDS.members().stream().map(StructType.Member::offset).toList();
        assertEquals(List.of(0, 4, 5, 6, 8, 12, 16, 24, 32, 40, 48, 49, 56, 64), offsets);
        assertEquals(72, ALL_KINDS.size());
        assertEquals(8, ALL_KINDS.alignment());
    }

    @Test
    void everyMemberKindSurvivesAWriteAndATake() {
        try (Participant pub = domain.createParticipant(); Participant sub = domain.createParticipant()) {
            Topic t1 = pub.createTopic("AllKinds", ALL_KINDS, null);
            Topic t2 = sub.createTopic("AllKinds", ALL_KINDS, null);
            Writer w = pub.createWriter(t1, Qos.EMPTY.withReliable());
            Reader r = sub.createReader(t2, Qos.EMPTY.withReliable());
            assertTrue(Poll.until(() -> w.publicationMatched().currentCount() == 1), "writer matched reader");

            Instant ts = Instant.parse("2026-01-02T03:04:05.123456789Z");
            w.write(sample(1, "one"), ts);
            assertTrue(r.waitForData(Poll.TIMEOUT));
            List<Sample<Map<String, Object>>> got = r.take(10);
            assertEquals(1, got.size());
            Sample<Map<String, Object>> s = got.get(0);
            assertTrue(s.info().validData());
            assertEquals(ts, s.info().sourceTimestamp());
            assertEquals(w.instanceHandle(), s.info().publicationHandle());
            Map<String, Object> expected = sample(1, "one");
            assertEquals(expected, s.data());
        }
    }

    @Test
    void octetSequencesLayoutAndRoundTrip() {
        // as idlc 0.10.2 lays out demo_WithOctets: seq 0, id 4, t 8, payload 16, flag 40, small 48; sizeof 72
        assertEquals(List.of(0, 4, 8, 16, 40, 48), WITH_OCTETS.members().stream().map(StructType.Member::offset).toList());
        assertEquals(72, WITH_OCTETS.size());
        assertEquals("module demo { @final struct WithOctets { uint32 seq; @key uint32 id; int64 t; sequence<octet> payload;"
                + " boolean flag; sequence<octet, 100> small; }; };", WITH_OCTETS.toIdl());
        assertThrows(IllegalArgumentException.class, () -> StructType.builder("K").key("b", MemberKind.OCTET_SEQUENCE));
        assertThrows(IllegalArgumentException.class, () -> StructType.builder("K").octetSequence("b", -1));
        try (Participant pub = domain.createParticipant(); Participant sub = domain.createParticipant()) {
            Writer w = pub.createWriter(pub.createTopic("Octets", WITH_OCTETS, null), Qos.EMPTY.withReliable());
            Reader r = sub.createReader(sub.createTopic("Octets", WITH_OCTETS, null), Qos.EMPTY.withReliable().withKeepAll());
            assertTrue(Poll.until(() -> w.publicationMatched().currentCount() == 1));
            byte[] big = new byte[5000];
            for (int i = 0; i < big.length; i++) {
                big[i] = (byte) (i * 31);
            }
            Map<String, Object> v = new LinkedHashMap<>();
            v.put("seq", 7L);
            v.put("id", 1L);
            v.put("t", -5L);
            v.put("payload", big);
            v.put("flag", true);
            v.put("small", new byte[] { 1, 2, 3 });
            w.write(v);
            Map<String, Object> empty = new LinkedHashMap<>(v);
            empty.put("id", 2L);
            empty.put("payload", new byte[0]);
            empty.put("small", null);
            w.write(empty);
            assertThrows(IllegalArgumentException.class, () -> w.write(Map.of("small", new byte[101])), "over the bound");
            assertThrows(IllegalArgumentException.class, () -> w.write(Map.of("payload", "text")), "not bytes");

            List<Map<String, Object>> got = new ArrayList<>();
            assertTrue(Poll.until(() -> { r.take(10).forEach(s -> got.add(s.data())); return got.size() == 2; }));
            assertArrayEquals(big, (byte[]) got.get(0).get("payload"));
            assertArrayEquals(new byte[] { 1, 2, 3 }, (byte[]) got.get(0).get("small"));
            assertEquals(7L, got.get(0).get("seq"));
            assertEquals(true, got.get(0).get("flag"));
            assertArrayEquals(new byte[0], (byte[]) got.get(1).get("payload"));
            assertArrayEquals(new byte[0], (byte[]) got.get(1).get("small"));
        }
    }

    @Test
    void preparedSampleBufferAndInPlaceTake() {
        try (Participant pub = domain.createParticipant(); Participant sub = domain.createParticipant();
                SampleBuffer buf = new SampleBuffer(WITH_OCTETS)) {
            Topic t1 = pub.createTopic("Prepared", WITH_OCTETS, null);
            Writer w = pub.createWriter(t1, Qos.EMPTY.withReliable().withKeepAll());
            Reader r = sub.createReader(sub.createTopic("Prepared", WITH_OCTETS, null), Qos.EMPTY.withReliable().withKeepAll());
            assertTrue(Poll.until(() -> w.publicationMatched().currentCount() == 1));
            int seq = WITH_OCTETS.indexOf("seq");
            int payload = WITH_OCTETS.indexOf("payload");
            buf.setInt32(WITH_OCTETS.indexOf("id"), 3).setOctets(payload, 1000, (byte) 0xee);
            for (int i = 0; i < 3; i++) {
                buf.setInt32(seq, i);
                w.write(buf, 1_000_000_000L * (i + 1));
            }
            Writer.setWriteBatching(true);
            try {
                buf.setInt32(seq, 3);
                w.write(buf);
                w.flush(); // batched: only sent now
            } finally {
                Writer.setWriteBatching(false);
            }
            assertThrows(IllegalArgumentException.class, () -> buf.setInt64(seq, 1), "seq is 32-bit");
            assertThrows(IllegalArgumentException.class, () -> buf.setOctets(WITH_OCTETS.indexOf("small"), 101, (byte) 0));
            StructType other = StructType.builder("demo::WithOctets").member("seq", MemberKind.UINT32).build();
            try (SampleBuffer wrong = new SampleBuffer(other)) {
                assertThrows(IllegalArgumentException.class, () -> w.write(wrong));
            }

            List<String> seen = new ArrayList<>();
            assertTrue(Poll.until(() -> {
                r.take(100, v -> seen.add(v.getInt32(seq) + "/" + v.octetsLength(payload) + "/"
                        + (v.getInt32(seq) < 3 ? v.sourceTimestampNanos() : "now")
                        + (v.publicationHandle() == w.instanceHandle() ? "" : "/other writer")));
                return seen.size() == 4;
            }), "got " + seen);
            assertEquals(List.of("0/1000/1000000000", "1/1000/2000000000", "2/1000/3000000000", "3/1000/now"), seen);
            SampleView[] escaped = new SampleView[1];
            w.write(buf);
            assertTrue(Poll.until(() -> r.take(1, v -> escaped[0] = v) == 1));
            assertThrows(IllegalStateException.class, () -> escaped[0].getInt32(seq), "a view is dead after its visit");
        }
    }

    @Test
    void disposeAndUnregisterChangeTheInstanceState() {
        try (Participant pub = domain.createParticipant(); Participant sub = domain.createParticipant()) {
            Writer w = pub.createWriter(pub.createTopic("States", ALL_KINDS, null), Qos.EMPTY.withReliable());
            Reader r = sub.createReader(sub.createTopic("States", ALL_KINDS, null), Qos.EMPTY.withReliable().withKeepLast(5));
            assertTrue(Poll.until(() -> r.subscriptionMatched().currentCount() == 1));

            w.write(sample(7, "seven"));
            w.write(sample(8, "eight"));
            assertNotNull(Poll.takeUntil(r, s -> s.data().get("id").equals(8)));
            w.dispose(Map.of("id", 7, "name", "seven"));
            Sample<Map<String, Object>> d = Poll.takeUntil(r, s -> !s.info().validData());
            assertNotNull(d, "disposal seen");
            assertEquals(InstanceState.NOT_ALIVE_DISPOSED, d.info().instanceState());
            assertEquals(Map.of("id", 7, "name", "seven"), d.data(), "an invalid sample still names its key");

            w.unregister(Map.of("id", 8, "name", "eight"));
            Sample<Map<String, Object>> u = Poll.takeUntil(r, s -> !s.info().validData());
            assertNotNull(u, "unregister seen");
            assertEquals(8, u.data().get("id"));
            assertFalse(u.info().isAlive());
        }
    }

    @Test
    void readLeavesSamplesTakeRemovesThem() {
        try (Participant p = domain.createParticipant()) {
            Topic t = p.createTopic("ReadTake", ALL_KINDS, null);
            Writer w = p.createWriter(t, Qos.EMPTY.withReliable());
            Reader r = p.createReader(t, Qos.EMPTY.withReliable());
            assertTrue(Poll.until(() -> w.publicationMatched().currentCount() == 1));
            w.write(sample(1, "x"));
            assertTrue(r.waitForData(Poll.TIMEOUT));
            assertEquals(1, r.read(10).size());
            assertEquals(1, r.read(10).size(), "read does not remove");
            assertEquals(1, r.take(10).size());
            assertEquals(0, r.take(10).size());
            assertFalse(r.waitForData(Duration.ofMillis(20)), "nothing unread");
        }
    }

    @Test
    void badValuesAreRejectedBeforeReachingC() {
        try (Participant p = domain.createParticipant()) {
            Writer w = p.createWriter(p.createTopic("Bad", ALL_KINDS, null), null);
            Map<String, Object> m = sample(1, "x");
            m.put("u8", 256);
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> w.write(m));
            assertTrue(e.getMessage().contains("u8"), e.getMessage());
            assertThrows(IllegalArgumentException.class, () -> w.write(Map.of("nope", 1)));
            assertThrows(IllegalArgumentException.class, () -> w.write(Map.of("s", "a\0b")));
            assertThrows(IllegalArgumentException.class, () -> w.write(Map.of("c", "€")));
            assertThrows(IllegalArgumentException.class, () -> w.write(Map.of("b", 1)));
        }
    }

    @Test
    void closingTheParticipantClosesItsChildren() {
        Participant p = domain.createParticipant();
        Topic t = p.createTopic("Owned", ALL_KINDS, null);
        Writer w = p.createWriter(t, null);
        Reader r = p.createReader(t, null);
        p.close();
        assertTrue(w.isClosed() && r.isClosed() && t.isClosed());
        assertThrows(AlreadyDeletedException.class, () -> w.write(sample(1, "x")));
        assertThrows(AlreadyDeletedException.class, () -> r.take(1));
        w.close(); // harmless
        assertFalse(domain.get().participants().contains(p));
    }

    @Test
    void publisherAndSubscriberWithPartitions() {
        try (Participant p = domain.createParticipant()) {
            Topic t = p.createTopic("Parted", ALL_KINDS, null);
            Writer w = p.createPublisher(Qos.EMPTY.withPartitions("A")).createWriter(t, Qos.EMPTY.withReliable());
            Reader inA = p.createSubscriber(Qos.EMPTY.withPartitions("A")).createReader(t, Qos.EMPTY.withReliable());
            Reader inB = p.createSubscriber(Qos.EMPTY.withPartitions("B")).createReader(t, Qos.EMPTY.withReliable());
            assertTrue(Poll.until(() -> inA.subscriptionMatched().currentCount() == 1));
            w.write(sample(3, "p"));
            assertTrue(inA.waitForData(Poll.TIMEOUT));
            assertEquals(0, inB.subscriptionMatched().currentCount(), "partition B does not match A");
            assertEquals(0, inB.take(10).size());
        }
    }
}
