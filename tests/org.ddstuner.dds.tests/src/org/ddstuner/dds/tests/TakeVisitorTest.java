package org.ddstuner.dds.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import org.ddstuner.dds.DdsTime;
import org.ddstuner.dds.MemberKind;
import org.ddstuner.dds.Participant;
import org.ddstuner.dds.Qos;
import org.ddstuner.dds.Reader;
import org.ddstuner.dds.SampleView;
import org.ddstuner.dds.StructType;
import org.ddstuner.dds.Topic;
import org.ddstuner.dds.Writer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The allocation-free take path ({@link Reader#take(int, SampleView.Visitor)}: one reused adapter and
 * view per reader) and the listener upcall that drives it, on real samples; and the clock the
 * benchmark engine stamps samples with.
 */
class TakeVisitorTest {

    private static final int DOMAIN = 92;

    @RegisterExtension
    static final LoopbackDomain domain = new LoopbackDomain(DOMAIN);

    private static StructType type() {
        return StructType.builder("test::Visit").member("seq", MemberKind.INT32).key("id", MemberKind.INT32).build();
    }

    @Test
    void smallRepeatedTakesSeeEverySampleOnceInOrder() {
        Qos qos = Qos.EMPTY.withReliable().withKeepAll();
        try (Participant p = domain.createParticipant()) {
            StructType type = type();
            Topic t = p.createTopic("TakeVisitor", type, qos);
            Reader r = p.createReader(t, qos);
            Writer w = p.createWriter(t, qos);
            for (int i = 0; i < 50; i++) {
                w.write(Map.of("seq", i, "id", 1));
            }
            List<Integer> seen = new ArrayList<>();
            assertTrue(Poll.until(() -> {
                while (r.take(16, v -> seen.add(v.getInt32(0))) > 0) {
                    // small takes, repeated
                }
                return seen.size() >= 50;
            }));
            List<Integer> expected = new ArrayList<>();
            for (int i = 0; i < 50; i++) {
                expected.add(i);
            }
            assertEquals(expected, seen);
            assertEquals(0, r.take(16, v -> seen.add(-1)), "nothing left");
        }
    }

    @Test
    void theReusedViewIsDeadOutsideItsTake() {
        Qos qos = Qos.EMPTY.withReliable().withKeepAll();
        try (Participant p = domain.createParticipant()) {
            StructType type = type();
            Topic t = p.createTopic("TakeVisitorDead", type, qos);
            Reader r = p.createReader(t, qos);
            Writer w = p.createWriter(t, qos);
            w.write(Map.of("seq", 7, "id", 2));
            w.write(Map.of("seq", 8, "id", 2));
            assertTrue(Poll.until(() -> r.read(10).size() == 2));
            SampleView[] kept = new SampleView[2];
            int[] values = new int[2];
            assertEquals(1, r.take(1, v -> {
                kept[0] = v;
                values[0] = v.getInt32(0);
            }));
            assertThrows(IllegalStateException.class, () -> kept[0].getInt32(0), "a view is dead after its take");
            assertEquals(1, r.take(1, v -> {
                kept[1] = v;
                values[1] = v.getInt32(0);
            }));
            assertEquals(7, values[0]);
            assertEquals(8, values[1]);
            assertTrue(kept[0] == kept[1], "one view object per reader, reused (no allocation per take)");
        }
    }

    @Test
    void listenerTakesEveryArrivingSample() throws Exception {
        Qos qos = Qos.EMPTY.withReliable().withKeepAll();
        try (Participant a = domain.createParticipant(); Participant b = domain.createParticipant()) {
            StructType ta = type();
            StructType tb = type();
            Topic topicA = a.createTopic("TakeVisitorListener", ta, qos);
            Topic topicB = b.createTopic("TakeVisitorListener", tb, qos);
            Reader r = b.createReader(topicB, qos);
            List<Integer> seen = new CopyOnWriteArrayList<>();
            long[] stamps = new long[2];
            r.setListener(() -> {
                while (r.take(4, v -> seen.add(v.getInt32(0))) == 4) {
                    // more may be waiting
                }
            });
            Writer w = a.createWriter(topicA, qos);
            assertTrue(Poll.until(() -> w.publicationMatched().currentCount() == 1));
            stamps[0] = DdsTime.now();
            for (int i = 0; i < 200; i++) {
                w.write(Map.of("seq", i, "id", 3));
            }
            assertTrue(Poll.until(() -> seen.size() >= 200));
            stamps[1] = DdsTime.now();
            assertEquals(200, seen.size());
            for (int i = 0; i < 200; i++) {
                assertEquals(i, seen.get(i));
            }
            long wall = System.currentTimeMillis() * 1_000_000L;
            assertTrue(Math.abs(stamps[1] - wall) < 5_000_000_000L, "dds_time is wall-clock ns: " + stamps[1] + " vs " + wall);
            assertTrue(stamps[1] >= stamps[0], "the clock does not go back");
        }
    }
}
