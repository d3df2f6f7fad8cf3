package org.ddstuner.dds.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.ddstuner.dds.AlreadyDeletedException;
import org.ddstuner.dds.BuiltinReader;
import org.ddstuner.dds.CycloneConfig;
import org.ddstuner.dds.Domain;
import org.ddstuner.dds.MemberKind;
import org.ddstuner.dds.Participant;
import org.ddstuner.dds.Qos;
import org.ddstuner.dds.Reader;
import org.ddstuner.dds.StructType;
import org.ddstuner.dds.Topic;
import org.ddstuner.dds.WaitSet;
import org.ddstuner.dds.WaitSet.Condition;
import org.ddstuner.dds.WaitSet.Status;
import org.ddstuner.dds.Writer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The public {@link WaitSet} on real libddsc readers and writers (domain 118). */
class WaitSetTest {

    private static final int DOMAIN = 118;
    private static final StructType TYPE = StructType.builder("waitset::Counter").key("id", MemberKind.INT32)
            .member("n", MemberKind.INT64).build();
    /** Long enough that a test failing to wake up shows as a freeze, not as flakiness. */
    private static final Duration LONG = Duration.ofSeconds(20);
    private static Domain domain;

    @BeforeAll
    static void open() {
        domain = Domain.create(DOMAIN, CycloneConfig.loopbackOnly());
    }

    @AfterAll
    static void close() {
        domain.close();
    }

    private static Map<String, Object> sample(int id, long n) {
        return Map.of("id", id, "n", n);
    }

    @Test
    void readConditionTriggersOnDataAndStopsOnceTaken() {
        try (Participant p = domain.createParticipant(); WaitSet ws = WaitSet.create(p)) {
            Topic t = p.createTopic("WsData", TYPE, null);
            Writer w = p.createWriter(t, Qos.EMPTY.withReliable());
            Reader r = p.createReader(t, Qos.EMPTY.withReliable().withKeepAll());
            Reader idle = p.createReader(p.createTopic("WsIdle", TYPE, null), Qos.EMPTY.withReliable());
            Condition data = ws.attachReadCondition(r);
            Condition other = ws.attachReadCondition(idle);
            assertEquals(WaitSet.Kind.READ, data.kind());
            assertSame(r, data.entity());
            assertEquals(List.of(), ws.waitFor(Duration.ofMillis(50)), "nothing written yet: a timeout");

            w.write(sample(1, 42));
            List<Condition> hit = ws.waitFor(LONG);
            assertEquals(List.of(data), hit, "only the reader with data triggered, not " + other);
            assertEquals(42L, ((Number) r.take(10).get(0).data().get("n")).longValue());
            assertEquals(List.of(), ws.waitFor(Duration.ofMillis(50)), "taken: the condition no longer triggers");

            ws.detach(data);
            assertFalse(data.isAttached());
            ws.detach(data); // twice: harmless
            w.write(sample(2, 43));
            assertEquals(List.of(), ws.waitFor(Duration.ofMillis(100)), "a detached condition never triggers");
            assertEquals(List.of(other), ws.conditions());
        }
    }

    @Test
    void readConditionMaskSelectsSampleStates() {
        int notRead = 2; // DDS_NOT_READ_SAMPLE_STATE
        try (Participant p = domain.createParticipant(); WaitSet ws = WaitSet.create(p)) {
            Topic t = p.createTopic("WsMask", TYPE, null);
            Writer w = p.createWriter(t, Qos.EMPTY.withReliable());
            Reader r = p.createReader(t, Qos.EMPTY.withReliable().withKeepAll());
            Condition unread = ws.attachReadCondition(r, notRead);
            assertEquals(notRead, unread.sampleStateMask());
            w.write(sample(1, 1));
            assertEquals(List.of(unread), ws.waitFor(LONG));
            assertEquals(1, r.read(10).size()); // read, not taken: the sample stays, now in state READ
            assertEquals(List.of(), ws.waitFor(Duration.ofMillis(50)), "no not-read sample left");
        }
    }

    @Test
    void statusConditionSaysWhichStatusChanged() {
        try (Participant p = domain.createParticipant(); Participant peer = domain.createParticipant();
                WaitSet ws = WaitSet.create(p)) {
            Topic t = p.createTopic("WsMatch", TYPE, null);
            Writer w = p.createWriter(t, Qos.EMPTY.withReliable());
            Condition matched = ws.attachStatusCondition(w, Set.of(Status.PUBLICATION_MATCHED));
            assertEquals(Set.of(Status.PUBLICATION_MATCHED), matched.statuses());
            assertEquals(List.of(), ws.waitFor(Duration.ofMillis(50)), "no reader yet");

            Reader r = peer.createReader(peer.createTopic("WsMatch", TYPE, null), Qos.EMPTY.withReliable());
            assertEquals(List.of(matched), ws.waitFor(LONG), "a reader matched the writer");
            assertEquals(Set.of(Status.PUBLICATION_MATCHED), matched.takeStatuses());
            assertEquals(1, w.publicationMatched().currentCount());
            assertEquals(List.of(), ws.waitFor(Duration.ofMillis(50)), "taken: quiet until it changes again");

            r.close();
            assertEquals(List.of(matched), ws.waitFor(LONG), "the reader went away");
            assertEquals(Set.of(Status.PUBLICATION_MATCHED), matched.takeStatuses());
            assertEquals(0, w.publicationMatched().currentCount());
        }
    }

    @Test
    void dataAvailableStatusOnABuiltinReader() {
        try (Participant p = domain.createParticipant(); WaitSet ws = WaitSet.create(p)) {
            BuiltinReader<org.ddstuner.dds.ParticipantData> participants = BuiltinReader.participants(p);
            participants.take(100); // ourselves
            Condition c = ws.attachStatusCondition(participants, Set.of(Status.DATA_AVAILABLE));
            try (Participant newcomer = domain.createParticipant()) {
                assertEquals(List.of(c), ws.waitFor(LONG), "a new participant on DCPSParticipant");
                assertTrue(participants.take(100).stream().anyMatch(s -> s.data().key().equals(newcomer.guid())));
            }
        }
    }

    @Test
    void wakeUpAndCloseReleaseAWaitingThread() throws Exception {
        try (Participant p = domain.createParticipant()) {
            Reader r = p.createReader(p.createTopic("WsWake", TYPE, null), Qos.EMPTY);
            WaitSet ws = WaitSet.create(p);
            ws.attachReadCondition(r);
            CompletableFuture<List<Condition>> woken = CompletableFuture.supplyAsync(() -> ws.waitFor(LONG));
            Thread.sleep(100);
            ws.wakeUp();
            assertEquals(List.of(), woken.get(5, TimeUnit.SECONDS), "woken up, nothing triggered");
            assertEquals(List.of(), ws.waitFor(Duration.ofMillis(50)), "one wake-up per wakeUp()");

            CompletableFuture<List<Condition>> closedWhileWaiting = CompletableFuture.supplyAsync(() -> ws.waitFor(LONG));
            Thread.sleep(100);
            ws.close();
            assertEquals(List.of(), closedWhileWaiting.get(5, TimeUnit.SECONDS), "close releases the waiter");
            assertTrue(ws.isClosed());
            ws.close(); // twice: harmless
            assertEquals(List.of(), ws.waitFor(Duration.ofMillis(10)), "waiting on a closed waitset returns at once");
            assertThrows(AlreadyDeletedException.class, () -> ws.attachReadCondition(r));
        }
    }

    @Test
    void closedReaderOrParticipantLeavesTheWaitSetUsable() {
        try (Participant p = domain.createParticipant()) {
            Topic t = p.createTopic("WsClosed", TYPE, null);
            Writer w = p.createWriter(t, Qos.EMPTY.withReliable());
            Reader gone = p.createReader(t, Qos.EMPTY.withReliable());
            Reader kept = p.createReader(t, Qos.EMPTY.withReliable());
            WaitSet ws = WaitSet.create(p);
            Condition goneCond = ws.attachReadCondition(gone);
            Condition keptCond = ws.attachReadCondition(kept);
            gone.close(); // takes its read condition with it
            w.write(sample(7, 7));
            assertEquals(List.of(keptCond), ws.waitFor(LONG));
            ws.detach(goneCond); // its reader is gone: no error
            assertThrows(IllegalArgumentException.class, () -> ws.attachStatusCondition(kept, Set.of()));
            p.close(); // takes the waitset with it
            assertEquals(List.of(), ws.waitFor(Duration.ofMillis(10)));
            ws.close(); // nothing left to delete: no error
        }
    }
}
