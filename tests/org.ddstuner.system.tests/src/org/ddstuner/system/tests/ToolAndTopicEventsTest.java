package org.ddstuner.system.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.ddstuner.dds.Guid;
import org.ddstuner.dds.Qos;
import org.ddstuner.system.DiscoveryEvent;
import org.ddstuner.system.EndpointKind;
import org.ddstuner.system.SystemModel;
import org.ddstuner.system.SystemSnapshot;
import org.ddstuner.system.ToolMarker;
import org.ddstuner.system.Topic;
import org.ddstuner.system.tests.Fixtures.ManualClock;
import org.junit.jupiter.api.Test;

/**
 * Orders of events the live tests cannot force: another DDS Tuner's endpoint before its participant, and
 * DCPSTopic announcements before, next to and after the endpoints of their topic.
 */
class ToolAndTopicEventsTest {

    private final ManualClock clock = new ManualClock();
    private final SystemModel model = new SystemModel(Fixtures.options(clock));
    private final Guid tool = Fixtures.participant(1);
    private final Guid app = Fixtures.participant(2);

    @Test
    void anEndpointSeenBeforeItsToolParticipantIsHiddenOnceTheParticipantArrives() {
        Guid r = Fixtures.endpoint(tool, 1, EndpointKind.READER);
        model.apply(Fixtures.reader(r, tool, "T", "M", Qos.EMPTY));
        assertTrue(model.snapshot(false).endpoint(r).isPresent(), "not known as a tool's yet");
        model.apply(new DiscoveryEvent.ParticipantSeen(tool,
                Qos.EMPTY.withEntityName("DDS Tuner").with(ToolMarker.userData())));
        SystemSnapshot hidden = model.snapshot(false);
        assertTrue(hidden.endpoint(r).isEmpty() && hidden.participant(tool).isEmpty(), "hidden as a tool's");
        assertTrue(model.snapshot(true).endpoint(r).orElseThrow().tool());
        assertFalse(model.snapshot(true).participant(tool).orElseThrow().own());
        assertTrue(ToolMarker.isTool(Qos.EMPTY.with(new Qos.UserData("enclave=/;ddstuner.tool=1;".getBytes()))),
                "the marker after another key=value");
        assertFalse(ToolMarker.isTool(Qos.EMPTY.with(new Qos.UserData("enclave=/;".getBytes()))));
    }

    @Test
    void definitionsMergeWithEndpointsAndOutliveThemUntilLost() {
        Guid key = Fixtures.participant(9); // any 16 bytes: Cyclone's topic key is a hash
        Guid w = Fixtures.endpoint(app, 1, EndpointKind.WRITER);
        model.apply(new DiscoveryEvent.TopicSeen(key, "Chatter", "std::String", Qos.EMPTY.withReliable()));
        Topic only = model.snapshot().topic("Chatter").orElseThrow();
        assertTrue(only.definedOnly());
        model.apply(Fixtures.writer(w, app, "Chatter", "other::String", Qos.EMPTY));
        Topic both = model.snapshot().topic("Chatter").orElseThrow();
        assertEquals(List.of("other::String", "std::String"), both.typeNames(), "endpoint and announced types");
        assertTrue(both.hasConflictingTypeNames());
        assertEquals(List.of(w), both.writers());
        model.apply(new DiscoveryEvent.EndpointLost(w));
        model.purgeExpired();
        model.apply(new DiscoveryEvent.TopicLost(key));
        assertTrue(model.snapshot().topic("Chatter").map(t -> t.definitions().isEmpty()).orElse(true));
        model.apply(new DiscoveryEvent.TopicSeen(key, "", "X", Qos.EMPTY));
        assertTrue(model.snapshot().problems().stream().anyMatch(p -> p.message().contains("without a topic name")));
    }

    @Test
    void aTopicOnlyTheToolUsesStaysHiddenThoughAnnounced() {
        Guid own = Fixtures.participant(3);
        model.addOwnParticipant(own);
        Guid r = Fixtures.endpoint(own, 1, EndpointKind.READER);
        model.apply(Fixtures.reader(r, own, "Mine", "M", Qos.EMPTY));
        model.apply(new DiscoveryEvent.TopicSeen(Fixtures.participant(8), "Mine", "M", Qos.EMPTY));
        assertTrue(model.snapshot(false).topic("Mine").isEmpty());
        assertEquals(List.of(r), model.snapshot(true).topic("Mine").orElseThrow().readers());

        // the reader closes but the tool's topic entity (and so its DCPSTopic definition) stays: still hidden
        model.apply(new DiscoveryEvent.EndpointLost(r));
        clock.advance(model.options().goneRetention().plusSeconds(1));
        model.purgeExpired();
        assertTrue(model.snapshot(true).endpoint(r).isEmpty(), "purged");
        assertTrue(model.snapshot(false).topic("Mine").isEmpty(), "a topic the tool used stays hidden");
        assertTrue(model.snapshot(true).topic("Mine").orElseThrow().definedOnly());
    }
}
