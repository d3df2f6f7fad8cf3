package org.ddstuner.system.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;

import org.ddstuner.dds.EndpointData;
import org.ddstuner.dds.Guid;
import org.ddstuner.dds.ParticipantData;
import org.ddstuner.dds.Qos;
import org.ddstuner.dds.SampleInfo;
import org.ddstuner.dds.SampleInfo.InstanceState;
import org.ddstuner.system.DiscoveryEvent;
import org.ddstuner.system.DiscoveryFeed;
import org.ddstuner.system.EndpointKind;
import org.junit.jupiter.api.Test;

/** How built-in topic samples (as the binding delivers them) become model events. */
class DiscoveryEventConversionTest {

    private final Guid p = Fixtures.participant(3);
    private final Guid w = Fixtures.endpoint(p, 1, EndpointKind.WRITER);

    private static SampleInfo info(boolean valid, InstanceState state) {
        return new SampleInfo(valid, SampleInfo.SampleState.NOT_READ, SampleInfo.ViewState.NEW, state,
                Instant.EPOCH, 1, 2, 0, 0, 0, 0, 0);
    }

    @Test
    void participantStates() {
        ParticipantData d = new ParticipantData(p, Qos.EMPTY.withEntityName("x"));
        var seen = assertInstanceOf(DiscoveryEvent.ParticipantSeen.class,
                DiscoveryFeed.participantEvent(d, info(true, InstanceState.ALIVE)));
        assertEquals("x", seen.qos().entityName().name());
        assertEquals(new DiscoveryEvent.ParticipantLost(p),
                DiscoveryFeed.participantEvent(d, info(false, InstanceState.NOT_ALIVE_DISPOSED)));
        assertEquals(new DiscoveryEvent.ParticipantLost(p),
                DiscoveryFeed.participantEvent(d, info(false, InstanceState.NOT_ALIVE_NO_WRITERS)));
        assertNull(DiscoveryFeed.participantEvent(d, info(false, InstanceState.ALIVE)));
    }

    @Test
    void endpointStates() {
        EndpointData d = new EndpointData(w, p, 7, "T", "M", Qos.EMPTY, new byte[] { 1 });
        var seen = assertInstanceOf(DiscoveryEvent.EndpointSeen.class,
                DiscoveryFeed.endpointEvent(d, info(true, InstanceState.ALIVE), EndpointKind.WRITER));
        assertEquals(p, seen.participantGuid());
        assertTrue(seen.hasTypeInformation());
        assertEquals(new DiscoveryEvent.EndpointLost(w),
                DiscoveryFeed.endpointEvent(d, info(false, InstanceState.NOT_ALIVE_DISPOSED), EndpointKind.WRITER));
    }

    @Test
    void missingParticipantKeyFallsBackToTheGuidPrefix() {
        EndpointData d = new EndpointData(w, new Guid(new byte[16]), 0, "T", "M", Qos.EMPTY, null);
        var seen = assertInstanceOf(DiscoveryEvent.EndpointSeen.class,
                DiscoveryFeed.endpointEvent(d, info(true, InstanceState.ALIVE), EndpointKind.READER));
        assertEquals(p, seen.participantGuid());
        assertEquals(false, seen.hasTypeInformation());
    }

    @Test
    void namelessEndpointIsUnreadable() {
        EndpointData d = new EndpointData(w, p, 0, "", "M", Qos.EMPTY, null);
        var u = assertInstanceOf(DiscoveryEvent.Unreadable.class,
                DiscoveryFeed.endpointEvent(d, info(true, InstanceState.ALIVE), EndpointKind.READER));
        assertEquals("reader " + w + " was announced without a topic or type name", u.description());
    }
}
