package org.ddstuner.system.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.ddstuner.dds.Guid;
import org.ddstuner.dds.Qos;
import org.ddstuner.system.DiscoveryEvent;
import org.ddstuner.system.EndpointKind;
import org.ddstuner.system.Participant;
import org.ddstuner.system.PartitionInfo;
import org.ddstuner.system.Problem;
import org.ddstuner.system.SystemModel;
import org.ddstuner.system.SystemSnapshot;
import org.ddstuner.system.Topic;
import org.ddstuner.system.tests.Fixtures.ManualClock;
import org.junit.jupiter.api.Test;

class SystemModelTest {

    private final ManualClock clock = new ManualClock();
    private final SystemModel model = new SystemModel(Fixtures.options(clock));
    private final Guid pa = Fixtures.participant(1);
    private final Guid pb = Fixtures.participant(2);

    @Test
    void endpointOfUnknownParticipantIsKeptUnderAPlaceholder() {
        Guid w = Fixtures.endpoint(pa, 1, EndpointKind.WRITER);
        model.apply(Fixtures.writer(w, pa, "T", "M", Qos.EMPTY));
        SystemSnapshot s = model.snapshot();
        Participant placeholder = s.participant(pa).orElseThrow();
        assertFalse(placeholder.known());
        assertEquals("unknown participant", placeholder.displayName());
        assertEquals("unknown host", placeholder.process().hostText());
        assertEquals(List.of(w), s.endpointsOf(pa).stream().map(e -> e.guid()).toList());

        model.apply(Fixtures.participantSeen(pa, "late", Map.of("__Hostname", "h")));
        Participant real = model.snapshot().participant(pa).orElseThrow();
        assertTrue(real.known());
        assertEquals("late", real.displayName());
        assertEquals(placeholder.firstSeen(), real.firstSeen());
    }

    @Test
    void topicsPartitionsAndMatches() {
        Guid w1 = Fixtures.endpoint(pa, 1, EndpointKind.WRITER);
        Guid w2 = Fixtures.endpoint(pa, 2, EndpointKind.WRITER);
        Guid r1 = Fixtures.endpoint(pb, 1, EndpointKind.READER);
        Guid r2 = Fixtures.endpoint(pb, 2, EndpointKind.READER);
        model.apply(Fixtures.writer(w1, pa, "Chatter", "std::String", Qos.EMPTY.withPartitions("robot1")));
        model.apply(Fixtures.writer(w2, pa, "Chatter", "other::String", Qos.EMPTY.withPartitions("robot2")));
        model.apply(Fixtures.reader(r1, pb, "Chatter", "std::String", Qos.EMPTY.withPartitions("robot*")));
        model.apply(Fixtures.reader(r2, pb, "OnlyReaders", "X", Qos.EMPTY));

        SystemSnapshot s = model.snapshot();
        Topic chatter = s.topic("Chatter").orElseThrow();
        assertEquals(List.of("other::String", "std::String"), chatter.typeNames());
        assertTrue(chatter.hasConflictingTypeNames());
        assertEquals(2, chatter.writers().size());
        assertEquals(List.of(r1), chatter.readers());
        assertEquals(List.of(r2), s.topic("OnlyReaders").orElseThrow().readers());

        assertEquals(List.of(s.endpoint(w1).orElseThrow()), s.matchedPeersOf(r1));
        var toW2 = s.matchesOf(w2).get(0);
        assertFalse(toW2.matched());
        assertTrue(toW2.needsTypeInformation());

        PartitionInfo robot1 = s.partitions().stream().filter(p -> p.name().equals("robot1")).findFirst().orElseThrow();
        assertEquals(List.of(w1), robot1.declaredBy());
        assertEquals(List.of(w1, r1), robot1.reachedBy(), "the robot* reader reaches robot1");
        PartitionInfo pattern = s.partitions().stream().filter(PartitionInfo::isPattern).findFirst().orElseThrow();
        assertEquals("robot*", pattern.name());
        assertEquals(3, pattern.reachedBy().size());
        assertTrue(s.partitions().stream().anyMatch(p -> p.isDefault() && p.declaredBy().equals(List.of(r2))));
    }

    @Test
    void unmatchedEndpointsNameTheNearestCandidate() {
        Guid w = Fixtures.endpoint(pa, 1, EndpointKind.WRITER);
        Guid r = Fixtures.endpoint(pb, 1, EndpointKind.READER);
        Guid lonely = Fixtures.endpoint(pb, 2, EndpointKind.READER);
        model.apply(Fixtures.writer(w, pa, "T", "M", Qos.EMPTY.withBestEffort()));
        model.apply(Fixtures.reader(r, pb, "T", "M", Qos.EMPTY.withReliable()));
        model.apply(Fixtures.reader(lonely, pb, "Nobody", "M", Qos.EMPTY));
        List<Problem> problems = model.snapshot().problems();

        Problem readerProblem = find(problems, r);
        assertEquals(Problem.Kind.ENDPOINT_UNMATCHED, readerProblem.kind());
        assertEquals(Problem.Severity.WARNING, readerProblem.severity());
        assertEquals("reader of " + pb + " on topic \"T\" matches none of its 1 writer(s); nearest writer (of " + pa
                + "): reader requests RELIABLE reliability, writer offers BEST_EFFORT: give the writer RELIABLE "
                + "reliability, or the reader BEST_EFFORT", readerProblem.message());
        assertTrue(find(problems, w).message().contains("nearest reader (of " + pb + ")"));
        Problem lonelyProblem = find(problems, lonely);
        assertEquals(Problem.Severity.INFO, lonelyProblem.severity());
        assertEquals("reader of " + pb + " on topic \"Nobody\" has no writer on its topic", lonelyProblem.message());
        assertEquals(pb + " reader on \"T\": no match — reliability: reader RELIABLE > writer BEST_EFFORT (" + pa
                + ")", readerProblem.summary(), "unnamed participants: their GUIDs");
        assertEquals(pb + " reader on \"Nobody\": no writer", lonelyProblem.summary());

        // fixing the writer's QoS (re-announced) clears both
        model.apply(Fixtures.writer(w, pa, "T", "M", Qos.EMPTY.withReliable()));
        problems = model.snapshot().problems();
        assertTrue(problems.stream().noneMatch(p -> r.toString().equals(p.subject())), problems.toString());
        assertTrue(problems.stream().noneMatch(p -> w.toString().equals(p.subject())));
    }

    @Test
    void ownEntitiesAreHiddenUnlessAsked() {
        Guid own = Fixtures.participant(9);
        Guid ownReader = Fixtures.endpoint(own, 1, EndpointKind.READER);
        Guid w = Fixtures.endpoint(pa, 1, EndpointKind.WRITER);
        model.addOwnParticipant(own);
        model.apply(Fixtures.participantSeen(own, "ddstuner", Map.of()));
        model.apply(Fixtures.reader(ownReader, own, "T", "M", Qos.EMPTY));
        model.apply(Fixtures.writer(w, pa, "T", "M", Qos.EMPTY));

        SystemSnapshot hidden = model.snapshot();
        assertTrue(hidden.participant(own).isEmpty());
        assertTrue(hidden.endpoint(ownReader).isEmpty());
        assertTrue(hidden.topic("T").orElseThrow().readers().isEmpty());
        assertTrue(hidden.matches().isEmpty());

        SystemSnapshot all = model.snapshot(true);
        assertTrue(all.participant(own).orElseThrow().own());
        assertTrue(all.endpoint(ownReader).orElseThrow().own());
        assertTrue(all.matchesOf(w).get(0).matched());
    }

    @Test
    void markingOwnLaterAlsoHidesExistingEntities() {
        Guid own = Fixtures.participant(9);
        Guid ownWriter = Fixtures.endpoint(own, 1, EndpointKind.WRITER);
        model.apply(Fixtures.writer(ownWriter, own, "T", "M", Qos.EMPTY));
        model.addOwnParticipant(own);
        assertTrue(model.snapshot().endpoints().isEmpty());
        assertTrue(model.snapshot().participants().isEmpty());
    }

    @Test
    void unreadableDataBecomesAProblemNotACrash() {
        model.apply(new DiscoveryEvent.Unreadable(pa, "DCPSPublication sample could not be decoded"));
        model.apply(new DiscoveryEvent.EndpointSeen(Fixtures.endpoint(pa, 1, EndpointKind.WRITER),
                EndpointKind.WRITER, pa, null, "M", Qos.EMPTY, false));
        model.apply(new DiscoveryEvent.ParticipantSeen(null, Qos.EMPTY));
        List<Problem> problems = model.snapshot().problems();
        assertEquals(3, problems.size(), problems.toString());
        assertTrue(problems.stream().allMatch(p -> p.kind() == Problem.Kind.DISCOVERY_UNREADABLE));
        assertTrue(problems.stream().anyMatch(p -> p.message().equals("endpoint sample without a topic name")));
        assertTrue(model.snapshot().endpoints().isEmpty());
    }

    @Test
    void participantWithoutEndpointsIsSuspectedAfterTheGrace() {
        model.apply(Fixtures.participantSeen(Fixtures.participant(0x010f, 3), "fastdds29", Map.of()));
        assertTrue(model.snapshot().problems().isEmpty());
        clock.advance(Duration.ofSeconds(11));
        Problem p = model.snapshot().problems().get(0);
        assertEquals(Problem.Kind.DISCOVERY_UNREADABLE, p.kind());
        assertTrue(p.message().contains("has announced no readers or writers"), p.message());
    }

    @Test
    void endpointMovingTopicLeavesTheOldOne() {
        Guid w = Fixtures.endpoint(pa, 1, EndpointKind.WRITER);
        model.apply(Fixtures.writer(w, pa, "A", "M", Qos.EMPTY));
        model.apply(Fixtures.writer(w, pa, "B", "M", Qos.EMPTY));
        SystemSnapshot s = model.snapshot();
        assertTrue(s.topic("A").isEmpty());
        assertEquals(List.of(w), s.topic("B").orElseThrow().writers());
        assertEquals(1, model.endpointCount());
    }

    private static Problem find(List<Problem> problems, Guid subject) {
        return problems.stream().filter(p -> subject.toString().equals(p.subject())).findFirst()
                .orElseThrow(() -> new AssertionError("no problem about " + subject + " in " + problems));
    }
}
