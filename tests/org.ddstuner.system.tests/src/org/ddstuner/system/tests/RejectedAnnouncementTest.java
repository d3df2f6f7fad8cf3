package org.ddstuner.system.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.ddstuner.dds.Guid;
import org.ddstuner.dds.Qos;
import org.ddstuner.system.CycloneDiscoveryLog;
import org.ddstuner.system.DiscoveryEvent;
import org.ddstuner.system.EndpointKind;
import org.ddstuner.system.Problem;
import org.ddstuner.system.RejectedAnnouncement;
import org.ddstuner.system.SystemModel;
import org.ddstuner.system.Vendor;
import org.ddstuner.system.tests.Fixtures.ManualClock;
import org.junit.jupiter.api.Test;

/**
 * Cyclone's log lines about discovery data it dropped (verbatim from libddsc 0.10.2 receiving Fast DDS
 * 2.9) become {@link RejectedAnnouncement}s, and the model blames the participant that most likely sent
 * them.
 */
class RejectedAnnouncementTest {

    static final String PID_75 = "invalid parameter list (vendor 1.15, version 2.3): pid 75 (TYPE_INFORMATION) "
            + "invalid, input = 0,1,0,0,241,147,224,92,156,173,111,240,75,92,254,11,215,126,30,0,36,0,0,0";
    static final String WRITER = "Invalid PublicationBuiltinTopicData (vendor 1.15): invalid qos/parameters";
    static final String READER = "Invalid SubscriptionBuiltinTopicData (vendor 1.15): invalid qos/parameters";
    private static final String CYCLONE = "Cyclone DDS 0.10.2";

    private final ManualClock clock = new ManualClock();
    private final SystemModel model = new SystemModel(Fixtures.options(clock));
    private final CycloneDiscoveryLog log = new CycloneDiscoveryLog(CYCLONE);

    /** Feeds lines as the DiscoveryFeed does. */
    private void logged(String... lines) {
        for (String line : lines) {
            DiscoveryEvent e = log.interpret(line);
            if (e != null) {
                model.apply(e);
            }
        }
    }

    private Guid fastDds(int n, String name) {
        Guid g = Fixtures.participant(Vendor.FAST_DDS, n);
        model.apply(Fixtures.participantSeen(g, name, Map.of("fastdds.physical_data.process", "4242")));
        return g;
    }

    private static Problem about(List<Problem> problems, Guid subject) {
        return problems.stream().filter(p -> subject.toString().equals(p.subject())).findFirst().orElse(null);
    }

    @Test
    void pairOfLinesBecomesOneRejectionWithReasonAndKind() {
        assertNull(log.interpret(PID_75), "the reason alone is not an event yet");
        DiscoveryEvent.Unreadable w = log.interpret(WRITER);
        RejectedAnnouncement r = w.rejected();
        assertNotNull(r);
        assertNull(w.subject(), "Cyclone's log names no GUID");
        assertEquals(Vendor.FAST_DDS, r.vendor().id());
        assertEquals(EndpointKind.WRITER, r.kind());
        assertEquals(0x75, r.parameterId(), "Cyclone prints the pid in hex");
        assertEquals("TYPE_INFORMATION", r.parameterName());
        assertTrue(r.isTypeInformation());
        assertEquals(CYCLONE + " rejected a writer announcement (PublicationBuiltinTopicData) from a Fast DDS "
                + "(eProsima) participant: its XTypes type information (parameter 0x0075) is not accepted, so it is "
                + "invisible here", w.description());

        RejectedAnnouncement noReason = log.interpret(READER).rejected();
        assertEquals(EndpointKind.READER, noReason.kind());
        assertEquals(-1, noReason.parameterId(), "a reason is used once");
        assertEquals("its QoS or parameters could not be decoded", noReason.reason());
        assertNull(noReason.fix());

        assertNull(log.interpret("config: //CycloneDDS/Domain/General: Bogus: unknown element"));
        assertNull(log.interpret("malformed packet received from vendor 1.15 state parse:info_dst"));
        assertNull(log.interpret("Invalid PublicationBuiltinTopicData (vendor 999.15): invalid"), "vendor out of range");
        assertNull(log.interpret(null));
    }

    @Test
    void reasonsArePairedPerVendor() {
        log.interpret(PID_75);
        RejectedAnnouncement rti = log.interpret("Invalid SubscriptionBuiltinTopicData (vendor 1.1): x").rejected();
        assertEquals(Vendor.RTI_CONNEXT, rti.vendor().id());
        assertEquals(-1, rti.parameterId(), "Fast DDS's reason is not RTI's");
        assertEquals(0x75, log.interpret(WRITER).rejected().parameterId());
        assertNull(new CycloneDiscoveryLog(CYCLONE).interpret(
                "invalid parameter list (vendor 1.1): pid 8007 invalid, input = 1,2"), "no event without the Invalid … line");
    }

    @Test
    void silentParticipantOfThatVendorIsBlamedAtOnce() {
        Guid peer = fastDds(1, "fastdds29_peer");
        clock.advance(Duration.ofMillis(30));
        logged(PID_75, WRITER, PID_75, READER);

        List<Problem> problems = model.snapshot().problems();
        assertEquals(1, problems.size(), "one problem, instead of the vague 'no endpoints' guess: " + problems);
        Problem p = problems.get(0);
        assertEquals(peer.toString(), p.subject());
        assertEquals(Problem.Kind.DISCOVERY_UNREADABLE, p.kind());
        assertEquals(Problem.Severity.WARNING, p.severity());
        assertEquals(CYCLONE + " rejected 1 writer and 1 reader announcement from Fast DDS (eProsima) participant "
                + "\"fastdds29_peer\" " + peer + " (unknown host, pid 4242): its XTypes type information (parameter "
                + "0x0075) is not accepted, so these endpoints are invisible here. Fix: disable type information on "
                + "the Fast DDS (eProsima) side (e.g. TypeSupport::auto_fill_type_information(false)), or use "
                + "Cyclone DDS 0.11 or newer.", p.message());

        clock.advance(Duration.ofSeconds(30));
        List<Problem> later = model.snapshot().problems();
        assertEquals(List.of(p), later, "the grace period's guess does not come on top");
    }

    @Test
    void otherVendorsAndParticipantsWithEndpointsAreNotBlamed() {
        Guid cyclone = Fixtures.participant(Vendor.CYCLONE, 5);
        model.apply(Fixtures.participantSeen(cyclone, "quiet cyclone", Map.of()));
        Guid talker = fastDds(2, "ros_talker");
        model.apply(Fixtures.writer(Fixtures.endpoint(talker, 1, EndpointKind.WRITER), talker, "rt/chatter", "S",
                Qos.EMPTY));
        logged(PID_75, WRITER);

        List<Problem> problems = model.snapshot().problems();
        assertNull(about(problems, cyclone), problems.toString());
        assertNull(about(problems, talker), problems.toString());
        Problem general = problems.stream().filter(p -> p.subject() == null).findFirst().orElseThrow();
        assertTrue(general.message().startsWith(CYCLONE + " rejected 1 writer announcement from Fast DDS (eProsima) "
                + "participants in this domain"), general.message());
        assertTrue(general.message().contains("so these endpoints are invisible here"), general.message());
    }

    @Test
    void twoSilentCandidatesShareTheBlameAndSaySo() {
        Guid a = fastDds(1, "a");
        Guid b = fastDds(2, "b");
        logged(PID_75, WRITER);
        List<Problem> problems = model.snapshot().problems();
        for (Guid g : List.of(a, b)) {
            Problem p = about(problems, g);
            assertNotNull(p, problems.toString());
            assertTrue(p.message().contains("does not say which participant sent them"), p.message());
            assertTrue(p.message().contains("1 writer announcement from Fast DDS (eProsima) participants"),
                    p.message());
        }
    }

    @Test
    void participantAppearingLongAfterTheRejectionIsNotBlamed() {
        logged(PID_75, WRITER);
        clock.advance(Duration.ofSeconds(5));
        Guid late = fastDds(3, "late");
        clock.advance(Duration.ofSeconds(11));
        Problem p = about(model.snapshot().problems(), late);
        assertTrue(p.message().contains("has announced no readers or writers"), "only the usual guess: " + p);
        assertEquals(Problem.Severity.INFO, p.severity());
    }

    @Test
    void rejectionIsForgottenWhenItsSenderIsGone() {
        Guid peer = fastDds(1, "gone");
        logged(PID_75, WRITER);
        model.apply(new DiscoveryEvent.ParticipantLost(peer));
        List<Problem> problems = model.snapshot().problems();
        assertEquals(1, problems.size(), problems.toString());
        assertEquals(Problem.Kind.PARTICIPANT_LOST, problems.get(0).kind());
        clock.advance(Duration.ofMinutes(2));
        model.purgeExpired();
        assertTrue(model.snapshot().problems().isEmpty(), model.snapshot().problems().toString());
    }

    @Test
    void countsManyAnnouncements() {
        Guid peer = fastDds(1, "big");
        for (int i = 0; i < 3; i++) {
            logged(PID_75, WRITER);
        }
        logged(READER);
        Problem p = about(model.snapshot().problems(), peer);
        assertTrue(p.message().contains("rejected 3 writer and 1 reader announcements"), p.message());
        assertTrue(p.message().contains("type information (parameter 0x0075) is not accepted; its QoS or parameters "
                + "could not be decoded"), "both reasons: " + p.message());
    }
}
