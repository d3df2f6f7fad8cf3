package org.ddstuner.samples.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.ddstuner.connection.Connection;
import org.ddstuner.dds.MemberKind;
import org.ddstuner.dds.Participant;
import org.ddstuner.dds.Qos;
import org.ddstuner.dds.Qos.DurabilityKind;
import org.ddstuner.dds.Qos.ReliabilityKind;
import org.ddstuner.dds.Reader;
import org.ddstuner.dds.StructType;
import org.ddstuner.dds.Topic;
import org.ddstuner.dds.Writer;
import org.ddstuner.samples.DerivedQos;
import org.ddstuner.samples.QosDeriver;
import org.ddstuner.system.SystemSnapshot;
import org.junit.jupiter.api.Test;

/**
 * The derived QoS really matches: writers/readers of a Java participant with partitions, transient-local,
 * deadlines; our entity made with the derived QoS matches all of them (matched counts from Cyclone), one
 * with default QoS does not. Domain 206.
 */
class QosDerivationTest extends Live {

    private static final int DOMAIN = 206;
    private static final StructType TYPE = StructType.builder("tuner::Probe").key("id", MemberKind.INT32)
            .member("value", MemberKind.FLOAT64).build();

    private static Qos writerQos(DurabilityKind d, Duration deadline) {
        return Qos.EMPTY.withReliable().withDurability(d).withKeepLast(5).with(new Qos.Deadline(deadline));
    }

    @Test
    void derivedReaderMatchesWritersInTwoPartitionsAndGetsTheirHistory() {
        Connection c = connect(DOMAIN);
        Participant peer = c.domain().createParticipant();
        Topic pt = peer.createTopic("Derive", TYPE, null);
        Writer a = peer.createPublisher(Qos.EMPTY.withPartitions("a")).createWriter(pt,
                writerQos(DurabilityKind.TRANSIENT_LOCAL, Duration.ofSeconds(1)));
        Writer b = peer.createPublisher(Qos.EMPTY.withPartitions("b")).createWriter(pt,
                writerQos(DurabilityKind.TRANSIENT_LOCAL, Duration.ofMillis(500)));
        for (int i = 0; i < 3; i++) {
            a.write(Map.of("id", i, "value", i * 1.5));
        }
        b.write(Map.of("id", 9, "value", 9.0));
        SystemSnapshot s = awaitModel(c, "two writers on Derive", x -> count(x, "Derive", false) == 2);

        DerivedQos d = QosDeriver.forReader(s, "Derive");
        assertEquals(List.of("a", "b"), d.partitions());
        assertEquals(ReliabilityKind.RELIABLE, d.qos().reliability().kind());
        assertEquals(DurabilityKind.TRANSIENT_LOCAL, d.qos().durability().kind());
        assertEquals(Duration.ofSeconds(1), d.qos().deadline().period(), "the longest period any writer promises");
        assertFalse(d.conflicts(), d.notes().toString());
        assertEquals(2, d.peers().size());
        assertEquals(new Qos.History(Qos.HistoryKind.KEEP_LAST, QosDeriver.READER_DEPTH), d.qos().history(),
                "deep keep-last: bursts are absorbed, and the monitored writers are never held up by the tool");
        Qos readMode = QosDeriver.forReadMode(d.qos());
        assertEquals(d.qos().history(), readMode.history(), "keep-last is kept in READ mode");
        Qos readAll = QosDeriver.forReadMode(d.qos().withKeepAll());
        assertEquals(new Qos.History(Qos.HistoryKind.KEEP_LAST, QosDeriver.READ_DEPTH), readAll.history(),
                "what READ leaves in the cache must not fill it and hold up writers");
        assertEquals(null, readAll.resourceLimits());
        assertEquals(d.qos().reliability(), readMode.reliability());

        Participant own = c.ownParticipant();
        Topic ot = own.createTopic("Derive", TYPE, null);
        Reader derived = own.createSubscriber(d.groupQos()).createReader(ot, d.endpointQos());
        Reader plain = own.createReader(ot, null);
        Reader tooStrict = own.createSubscriber(d.groupQos()).createReader(ot,
                d.endpointQos().with(new Qos.Deadline(Duration.ofMillis(100))));
        await("derived reader matched with both writers", () -> derived.subscriptionMatched().currentCount() == 2,
                () -> "matched " + derived.subscriptionMatched());
        // transient-local was derived, so the history written before the reader existed arrives
        List<Integer> ids = new java.util.ArrayList<>();
        await("4 historical samples", () -> {
            derived.take(10).stream().filter(x -> x.info().validData()).forEach(x -> ids.add((Integer) x.data().get("id")));
            return ids.size() >= 4;
        }, () -> "got " + ids);
        assertEquals(List.of(0, 1, 2, 9), ids.stream().sorted().toList());
        sleep(500);
        assertEquals(0, plain.subscriptionMatched().currentCount(), "default partition: no writer there");
        assertEquals(0, tooStrict.subscriptionMatched().currentCount(), "a 100 ms deadline is more than they offer");
    }

    @Test
    void derivedWriterMatchesReliableTransientLocalReadersInTwoPartitions() {
        Connection c = connect(DOMAIN + 1);
        Participant peer = c.domain().createParticipant();
        Topic pt = peer.createTopic("Inject", TYPE, null);
        Reader x = peer.createSubscriber(Qos.EMPTY.withPartitions("x")).createReader(pt, Qos.EMPTY.withReliable()
                .withDurability(DurabilityKind.TRANSIENT_LOCAL).with(new Qos.Deadline(Duration.ofSeconds(2))));
        Reader y = peer.createSubscriber(Qos.EMPTY.withPartitions("y", "x")).createReader(pt, Qos.EMPTY.withBestEffort());
        SystemSnapshot s = awaitModel(c, "two readers on Inject", z -> count(z, "Inject", true) == 2);

        DerivedQos d = QosDeriver.forWriter(s, "Inject", null);
        assertEquals(List.of("x", "y"), d.partitions());
        assertEquals(ReliabilityKind.RELIABLE, d.qos().reliability().kind());
        assertEquals(DurabilityKind.TRANSIENT_LOCAL, d.qos().durability().kind());
        assertEquals(Duration.ofSeconds(2), d.qos().deadline().period());
        assertEquals(List.of(Qos.XCDR1), d.qos().dataRepresentation().ids(), "a @final type is written in XCDR1");
        assertFalse(d.conflicts(), d.notes().toString());

        Participant own = c.ownParticipant();
        Topic ot = own.createTopic("Inject", TYPE, null);
        Writer derived = own.createPublisher(d.groupQos()).createWriter(ot, d.endpointQos());
        Writer plain = own.createWriter(ot, null);
        await("derived writer matched with both readers", () -> derived.publicationMatched().currentCount() == 2,
                () -> "matched " + derived.publicationMatched());
        derived.write(Map.of("id", 42, "value", 4.2));
        boolean[] got = new boolean[2];
        await("both readers got the sample", () -> {
            got[0] |= x.take(10).stream().anyMatch(z -> z.info().validData() && z.data().get("id").equals(42));
            got[1] |= y.take(10).stream().anyMatch(z -> z.info().validData() && z.data().get("id").equals(42));
            return got[0] && got[1];
        }, () -> java.util.Arrays.toString(got));
        assertEquals(0, plain.publicationMatched().currentCount(), "default partition: no reader there");
    }

    @Test
    void conflictsAreNoted() {
        Connection c = connect(DOMAIN + 2);
        Participant peer = c.domain().createParticipant();
        Topic pt = peer.createTopic("Conflict", TYPE, null);
        peer.createPublisher(Qos.EMPTY.withPartitions("p1")).createWriter(pt, Qos.EMPTY.withReliable()
                .with(new Qos.Ownership(Qos.OwnershipKind.EXCLUSIVE)));
        peer.createPublisher(Qos.EMPTY.withPartitions("p2")).createWriter(pt, Qos.EMPTY.withBestEffort());
        peer.createPublisher(Qos.EMPTY.withPartitions("z*")).createWriter(pt, Qos.EMPTY.withReliable());
        SystemSnapshot s = awaitModel(c, "three writers on Conflict", z -> count(z, "Conflict", false) == 3);

        DerivedQos d = QosDeriver.forReader(s, "Conflict");
        assertEquals(ReliabilityKind.BEST_EFFORT, d.qos().reliability().kind(), "one writer is best-effort");
        assertEquals(List.of("p1", "p2"), d.partitions());
        assertTrue(d.conflicts());
        String notes = String.join("\n", d.notes());
        assertTrue(notes.contains("disagree on ownership"), notes);
        assertTrue(notes.contains("partition pattern 'z*'"), notes);
        assertTrue(notes.contains("Will not match writer"), notes);
        assertTrue(notes.contains("offer only best-effort"), notes);
    }
}
