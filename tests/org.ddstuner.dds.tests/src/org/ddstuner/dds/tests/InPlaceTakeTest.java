package org.ddstuner.dds.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import org.ddstuner.dds.MemberKind;
import org.ddstuner.dds.Participant;
import org.ddstuner.dds.Qos;
import org.ddstuner.dds.Reader;
import org.ddstuner.dds.Sample;
import org.ddstuner.dds.StructType;
import org.ddstuner.dds.Topic;
import org.ddstuner.dds.Writer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@link Reader#take(int, org.ddstuner.dds.SampleView.Visitor)} deserializes into the reader's own sample
 * slots, reused from take to take (no loan): a string or sequence that grows, shrinks or empties in a slot
 * must come out exactly as written, copying takes in between and a larger take (new slots) must not
 * disturb it, an invalid sample shows its key, and closing the reader frees what Cyclone allocated.
 */
class InPlaceTakeTest {

    private static final int DOMAIN = 25;

    @RegisterExtension
    static final LoopbackDomain domain = new LoopbackDomain(DOMAIN);

    private static StructType type() {
        return StructType.builder("test::InPlace").member("seq", MemberKind.INT32).key("id", MemberKind.INT32)
                .member("name", MemberKind.STRING).octetSequence("payload").member("t", MemberKind.INT64).build();
    }

    private static Map<String, Object> sample(int seq, int id, int nameLength, int payloadLength) {
        byte[] payload = new byte[payloadLength];
        for (int i = 0; i < payloadLength; i++) {
            payload[i] = (byte) (seq * 31 + i);
        }
        return Map.of("seq", seq, "id", id, "name", "n".repeat(nameLength) + seq, "payload", payload, "t", seq * 1_000_000_007L);
    }

    private static void assertSame(Map<String, Object> expected, Map<String, Object> got) {
        assertEquals(expected.get("seq"), got.get("seq"));
        assertEquals(expected.get("id"), got.get("id"));
        assertEquals(expected.get("name"), got.get("name"), "string member of sample " + expected.get("seq"));
        assertArrayEquals((byte[]) expected.get("payload"), (byte[]) got.get("payload"), "payload of sample " + expected.get("seq"));
        assertEquals(expected.get("t"), got.get("t"));
    }

    @Test
    void slotsReusedAcrossGrowingShrinkingAndEmptyMembers() {
        Qos qos = Qos.EMPTY.withReliable().withKeepAll();
        int[][] sizes = { { 3, 100 }, { 40, 3 }, { 0, 5000 }, { 200, 0 }, { 1, 64 }, { 7, 5000 }, { 0, 1 }, { 90, 2 }, { 2, 4000 } };
        try (Participant p = domain.createParticipant()) {
            Topic t = p.createTopic("InPlaceSizes", type(), qos);
            Writer w = p.createWriter(t, qos);
            try (Reader r = p.createReader(t, qos)) {
                List<Map<String, Object>> written = new ArrayList<>();
                for (int round = 0; round < 3; round++) {
                    for (int[] s : sizes) {
                        Map<String, Object> m = sample(written.size(), 1, s[0], s[1]); // one instance: taken in write order
                        written.add(m);
                        w.write(m);
                    }
                }
                List<Map<String, Object>> seen = new ArrayList<>();
                // first one at a time (one slot, every size in turn), then batches of 4, then a copying take,
                // then batches of 32 (new, larger slots)
                assertTrue(Poll.until(() -> r.read(100).size() == written.size()));
                for (int i = 0; i < sizes.length; i++) {
                    assertEquals(1, r.take(1, v -> seen.add(v.toMap())));
                }
                for (int i = 0; i < 2; i++) {
                    assertEquals(4, r.take(4, v -> seen.add(v.toMap())));
                }
                List<Sample<Map<String, Object>>> copied = r.take(2);
                assertEquals(2, copied.size());
                copied.forEach(s -> seen.add(s.data()));
                while (r.take(32, v -> seen.add(v.toMap())) > 0) {
                    // the rest
                }
                assertEquals(written.size(), seen.size());
                for (int i = 0; i < written.size(); i++) {
                    assertSame(written.get(i), seen.get(i));
                }
                assertEquals(0, r.take(32, v -> seen.add(Map.of())), "nothing left");
            }
        }
    }

    @Test
    void invalidSampleShowsItsKeyInAReusedSlot() {
        Qos qos = Qos.EMPTY.withReliable().withKeepAll();
        try (Participant p = domain.createParticipant()) {
            Topic t = p.createTopic("InPlaceDispose", type(), qos);
            Writer w = p.createWriter(t, qos);
            Reader r = p.createReader(t, qos);
            Map<String, Object> big = sample(1, 9, 300, 3000);
            w.write(big);
            List<Map<String, Object>> seen = new ArrayList<>();
            assertTrue(Poll.until(() -> r.take(1, v -> seen.add(v.toMap())) == 1));
            assertSame(big, seen.get(0));
            w.dispose(Map.of("id", 9));
            boolean[] valid = { true };
            int[] key = { 0 };
            assertTrue(Poll.until(() -> r.take(1, v -> {
                valid[0] = v.validData();
                key[0] = v.getInt32(1);
            }) == 1));
            assertFalse(valid[0], "a dispose is an invalid sample");
            assertEquals(9, key[0]);
            Map<String, Object> small = sample(2, 9, 0, 1);
            w.write(small);
            seen.clear();
            assertTrue(Poll.until(() -> r.take(1, v -> seen.add(v.toMap())) == 1));
            assertSame(small, seen.get(0));
            assertTrue(Arrays.equals((byte[]) small.get("payload"), (byte[]) seen.get(0).get("payload")));
        } // the participant's close deletes the reader and frees its slots (strings and sequences Cyclone allocated)
    }
}
