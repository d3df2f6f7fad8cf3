package org.ddstuner.connection.tests.interop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;

import org.ddstuner.connection.Connection;
import org.ddstuner.dds.Guid;
import org.ddstuner.system.Participant;
import org.ddstuner.system.Problem;
import org.ddstuner.system.SystemSnapshot;
import org.ddstuner.system.Vendor;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A Fast DDS 2.9 participant (Debian's libfastrtps2.9, tests/peers/fastdds29) announces its endpoints
 * with XTypes TypeInformation that libddsc 0.10.2 rejects ("pid 75 (TYPE_INFORMATION) invalid"), so
 * Cyclone drops every one of its readers and writers but keeps the participant. The model must still
 * show that participant and say why its endpoints are missing, from what Cyclone logged. Domains 185–187.
 */
class FastDds29PeerTest extends ForeignPeerTestBase {

    private static final Duration DISCOVERY = Duration.ofSeconds(10);
    private static Path binary;

    @BeforeAll
    static void buildPeer() throws Exception {
        binary = FastDds29Peer.build();
    }

    private static Participant awaitParticipant(Connection c, FastDds29Peer peer) {
        Guid guid = Guid.parse(peer.info("guid"));
        SystemSnapshot s = ModelWait.until(c.model(), DISCOVERY, "Fast DDS 2.9 participant " + guid,
                x -> x.participant(guid).isPresent());
        return s.participant(guid).orElseThrow();
    }

    @Test
    void participantIsShownAlthoughCycloneDropsItsEndpoints() throws Exception {
        Connection c = connect(185);
        FastDds29Peer peer = closeAfterTest(FastDds29Peer.start(binary, 185));
        Participant p = awaitParticipant(c, peer);

        assertEquals(Vendor.FAST_DDS, p.vendor().id());
        assertEquals("fastdds29_peer", p.name(), "entity name from SPDP");
        assertTrue(p.known(), "a discovered participant, not a placeholder");
        assertTrue(p.alive());
        assertEquals(peer.pid(), p.process().pid(), "pid from fastdds.physical_data.process");
        assertEquals(System.getProperty("user.name"), p.process().user(), "user from fastdds.physical_data.user");

        // SEDP follows SPDP within tens of milliseconds on loopback and Fast DDS re-announces; for 2 s
        // nothing of this participant's may appear (libddsc 0.10.2 rejects it: "pid 75 invalid").
        Guid writer = Guid.parse(peer.info("writer").split(" ")[0]);
        Guid reader = Guid.parse(peer.info("reader").split(" ")[0]);
        SystemSnapshot s = ModelWait.during(c.model(), Duration.ofSeconds(2),
                "no endpoints of the Fast DDS 2.9 participant (if it now shows them, this test's premise changed)",
                x -> x.endpointsOf(p.guid()).isEmpty());
        assertTrue(s.endpoint(writer).isEmpty() && s.endpoint(reader).isEmpty(), ModelWait.describe(s));
        assertTrue(s.topic("Greetings").isEmpty() && s.topic("Replies").isEmpty(), s.topics().toString());
    }

    @Test
    void droppedEndpointsAreExplainedFromCyclonesLog() {
        Connection c = connect(186);
        FastDds29Peer peer = closeAfterTest(startQuietly(186));
        Participant p = awaitParticipant(c, peer);
        String subject = p.guid().toString();

        // Cyclone logs "pid 75 (TYPE_INFORMATION) invalid" + "Invalid PublicationBuiltinTopicData (vendor 1.15)"
        // (and the same for the reader) as warnings; the feed reads them from the log and the model blames
        // the only Fast DDS participant without endpoints, at once rather than after the 10 s grace.
        SystemSnapshot s = ModelWait.until(c.model(), Duration.ofSeconds(5),
                "a warning that both endpoints of the Fast DDS 2.9 participant were rejected",
                x -> x.problems().stream().anyMatch(q -> subject.equals(q.subject())
                        && q.message().contains("rejected 1 writer and 1 reader announcement")));
        Problem problem = s.problems().stream().filter(q -> subject.equals(q.subject())).findFirst().orElseThrow();
        assertEquals(Problem.Kind.DISCOVERY_UNREADABLE, problem.kind(), problem.toString());
        assertEquals(Problem.Severity.WARNING, problem.severity(), problem.toString());
        String m = problem.message();
        assertTrue(m.startsWith("Cyclone DDS 0.10.2 rejected 1 writer and 1 reader announcement from Fast DDS (eProsima) "
                + "participant \"fastdds29_peer\" " + subject), "says who rejected what from whom: " + m);
        assertTrue(m.contains("its XTypes type information (parameter 0x0075) is not accepted, so these endpoints are "
                + "invisible here."), "says why: " + m);
        assertTrue(m.contains("Fix: disable type information on the Fast DDS (eProsima) side"), "says what to do: " + m);
        assertEquals(1, s.problems().stream().filter(q -> subject.equals(q.subject())).count(),
                "no second, vaguer problem about the same participant: " + s.problems());
        assertTrue(s.problems().stream().noneMatch(q -> q.subject() == null && q.message().contains("rejected")),
                "every rejection is attributed to the peer: " + s.problems());
    }

    @Test
    void hostIsTheHostNameNotFastDdsDecoration() throws Exception {
        Connection c = connect(187);
        FastDds29Peer peer = closeAfterTest(startQuietly(187));
        Participant p = awaitParticipant(c, peer);
        String announced = p.qos().properties().values().get("fastdds.physical_data.host");
        // Fast DDS 2.9 announces "<host name>:<number>" (e.g. "vm:107806561077755904"); a person expects the
        // host name, the same one Cyclone participants on this machine show.
        assertEquals(thisHostName(), p.process().host(), "MODEL BUG (org.ddstuner.system ProcessInfo): Fast DDS 2.9 "
                + "announces fastdds.physical_data.host=\"" + announced + "\"; the model shows it verbatim instead of "
                + "the host name before the ':'");
    }

    private static FastDds29Peer startQuietly(int domainId) {
        try {
            return FastDds29Peer.start(binary, domainId);
        } catch (Exception e) {
            throw new AssertionError("cannot start the Fast DDS 2.9 peer: " + e, e);
        }
    }
}
