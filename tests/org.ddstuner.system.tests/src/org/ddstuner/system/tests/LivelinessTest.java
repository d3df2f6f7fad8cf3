package org.ddstuner.system.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;

import org.ddstuner.dds.Guid;
import org.ddstuner.dds.Qos;
import org.ddstuner.system.DiscoveryEvent;
import org.ddstuner.system.EndpointKind;
import org.ddstuner.system.Problem;
import org.ddstuner.system.SystemModel;
import org.ddstuner.system.SystemSnapshot;
import org.ddstuner.system.tests.Fixtures.ManualClock;
import org.junit.jupiter.api.Test;

/** Lost participants stay visible as gone for the retention time, then disappear; a GUID may come back. */
class LivelinessTest {

    private final ManualClock clock = new ManualClock();
    private final SystemModel model = new SystemModel(Fixtures.options(clock));
    private final Guid p = Fixtures.participant(1);
    private final Guid w = Fixtures.endpoint(p, 1, EndpointKind.WRITER);
    private final Guid r = Fixtures.endpoint(Fixtures.participant(2), 1, EndpointKind.READER);

    private void populate() {
        model.apply(Fixtures.participantSeen(p, "pub", Map.of("__Hostname", "h")));
        model.apply(Fixtures.writer(w, p, "T", "M", Qos.EMPTY));
        model.apply(Fixtures.participantSeen(Fixtures.participant(2), "sub", Map.of()));
        model.apply(Fixtures.reader(r, Fixtures.participant(2), "T", "M", Qos.EMPTY));
    }

    @Test
    void goneThenPurgedThenBack() {
        populate();
        assertTrue(model.snapshot().matchesOf(r).get(0).matched());

        Instant lostAt = clock.instant();
        model.apply(new DiscoveryEvent.ParticipantLost(p));
        SystemSnapshot s = model.snapshot();
        assertEquals(lostAt, s.participant(p).orElseThrow().goneSince());
        assertFalse(s.endpoint(w).orElseThrow().alive(), "the participant's endpoints go with it");
        assertEquals(lostAt, s.endpoint(w).orElseThrow().goneSince());
        assertTrue(s.matchesOf(r).isEmpty(), "gone endpoints do not match");
        assertTrue(s.problems().stream().anyMatch(pr -> pr.kind() == Problem.Kind.PARTICIPANT_LOST
                && pr.subject().equals(p.toString()) && pr.message().contains("with its 1 endpoint(s)")),
                s.problems().toString());

        clock.advance(Duration.ofSeconds(59));
        assertEquals(0, model.purgeExpired(), "still within the 60 s retention");
        assertTrue(model.snapshot().participant(p).isPresent());

        clock.advance(Duration.ofSeconds(2));
        assertEquals(2, model.purgeExpired(), "participant and its writer");
        s = model.snapshot();
        assertTrue(s.participant(p).isEmpty());
        assertTrue(s.endpoint(w).isEmpty());
        assertTrue(s.topic("T").orElseThrow().writers().isEmpty());
        assertEquals(1, s.topic("T").orElseThrow().readers().size(), "a topic known from one side is a topic");

        model.apply(Fixtures.participantSeen(p, "pub", Map.of()));
        model.apply(Fixtures.writer(w, p, "T", "M", Qos.EMPTY));
        s = model.snapshot();
        assertTrue(s.participant(p).orElseThrow().alive());
        assertTrue(s.matchesOf(r).get(0).matched());
    }

    @Test
    void reappearingBeforePurgeIsAliveAgain() {
        populate();
        Instant first = clock.instant();
        model.apply(new DiscoveryEvent.ParticipantLost(p));
        clock.advance(Duration.ofSeconds(5));
        model.apply(Fixtures.participantSeen(p, "pub", Map.of()));
        var part = model.snapshot().participant(p).orElseThrow();
        assertNull(part.goneSince());
        assertEquals(first, part.firstSeen(), "first seen is kept across the gap");
        clock.advance(Duration.ofSeconds(120));
        model.purgeExpired();
        assertTrue(model.snapshot().participant(p).orElseThrow().alive(), "an alive participant is never purged");
        // its writer was lost with it and purged; it is back only once announced again
        assertTrue(model.snapshot().endpoint(w).isEmpty());
    }

    @Test
    void singleEndpointLostAndPurged() {
        populate();
        model.apply(new DiscoveryEvent.EndpointLost(r));
        assertFalse(model.snapshot().endpoint(r).orElseThrow().alive());
        assertTrue(model.snapshot().participant(p).orElseThrow().alive());
        clock.advance(Duration.ofSeconds(61));
        assertEquals(1, model.purgeExpired());
        assertTrue(model.snapshot().endpoint(r).isEmpty());
    }

    @Test
    void retentionIsConfigurable() {
        SystemModel quick = new SystemModel(Fixtures.options(clock).withGoneRetention(Duration.ofSeconds(1)));
        quick.apply(Fixtures.participantSeen(p, "pub", Map.of()));
        quick.apply(new DiscoveryEvent.ParticipantLost(p));
        clock.advance(Duration.ofMillis(1500));
        assertEquals(1, quick.purgeExpired());
    }
}
