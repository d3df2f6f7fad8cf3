package org.ddstuner.connection.tests.interop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.ddstuner.connection.Connection;
import org.ddstuner.dds.Guid;
import org.ddstuner.dds.Qos;
import org.ddstuner.dds.Qos.DurabilityKind;
import org.ddstuner.dds.Qos.ReliabilityKind;
import org.ddstuner.system.Endpoint;
import org.ddstuner.system.EndpointKind;
import org.ddstuner.system.Match;
import org.ddstuner.system.Participant;
import org.ddstuner.system.PartitionInfo;
import org.ddstuner.system.Problem;
import org.ddstuner.system.SystemSnapshot;
import org.ddstuner.system.Vendor;
import org.ddstuner.system.match.MismatchReason;
import org.ddstuner.testsupport.PeerProcess;
import org.ddstuner.testsupport.Peers;
import org.junit.jupiter.api.Test;

/**
 * DDS Tuner's model against a foreign Cyclone DDS 11.0.1 application (tests/peers/cyclone_peer.py,
 * Python binding): what libddsc 0.10.2 discovers of it must come out of the model exactly as the peer
 * set it up. Domains 170–175.
 */
class CyclonePythonPeerTest extends ForeignPeerTestBase {

    private static final Duration DISCOVERY = Duration.ofSeconds(10);
    /** The six endpoints cyclone_peer.py creates, one writer and one reader per topic. */
    private static final int PEER_ENDPOINTS = 6;

    /**
     * The peer's configuration (tests/peers/cyclonedds-peer.xml) with a 2 s lease instead of the
     * default 10 s, so a killed peer is declared dead within the test's time budget.
     */
    static final String SHORT_LEASE_CONFIG = """
            <CycloneDDS xmlns="https://cdds.io/config"><Domain id="any">
              <General><Interfaces><NetworkInterface address="127.0.0.1" multicast="true"/></Interfaces></General>
              <Discovery>
                <ParticipantIndex>auto</ParticipantIndex><MaxAutoParticipantIndex>120</MaxAutoParticipantIndex>
                <Peers><Peer address="127.0.0.1"/></Peers>
                <LeaseDuration>2 s</LeaseDuration>
              </Discovery>
            </Domain></CycloneDDS>""";

    /** What the peer declares per endpoint (its describe() output and qos_* functions). */
    private record Expected(String name, EndpointKind kind, String topic, String type, String partition,
            ReliabilityKind reliability, DurabilityKind durability, Duration deadline, int historyDepth) {
    }

    private static final List<Expected> EXPECTED = List.of(
            new Expected("sensor_writer", EndpointKind.WRITER, "SensorData", "tuner::SensorReading", "sensors",
                    ReliabilityKind.RELIABLE, DurabilityKind.TRANSIENT_LOCAL, Duration.ofSeconds(1), 10),
            new Expected("sensor_reader", EndpointKind.READER, "SensorData", "tuner::SensorReading", "sensors",
                    ReliabilityKind.RELIABLE, DurabilityKind.TRANSIENT_LOCAL, Duration.ofSeconds(1), 10),
            new Expected("command_writer", EndpointKind.WRITER, "Commands", "tuner::Command", "control",
                    ReliabilityKind.RELIABLE, DurabilityKind.VOLATILE, Qos.INFINITE, 5),
            new Expected("command_reader", EndpointKind.READER, "Commands", "tuner::Command", "control",
                    ReliabilityKind.RELIABLE, DurabilityKind.VOLATILE, Qos.INFINITE, 5),
            new Expected("status_writer", EndpointKind.WRITER, "Status", "tuner::Heartbeat", "",
                    ReliabilityKind.BEST_EFFORT, DurabilityKind.VOLATILE, Qos.INFINITE, 1),
            new Expected("status_reader", EndpointKind.READER, "Status", "tuner::Heartbeat", "",
                    ReliabilityKind.BEST_EFFORT, DurabilityKind.VOLATILE, Qos.INFINITE, 1));

    /** Waits until the peer's participant and at least {@code endpoints} of its endpoints are in the model. */
    private static SystemSnapshot awaitPeer(Connection c, PeerProcess peer, int endpoints) {
        return ModelWait.until(c.model(), DISCOVERY, "participant of " + peer + " with " + endpoints + " endpoints",
                s -> participantWithPid(s, peer.pid())
                        .map(p -> s.endpointsOf(p.guid()).stream().filter(Endpoint::alive).count() >= endpoints)
                        .orElse(false));
    }

    private static Participant peerParticipant(SystemSnapshot s, PeerProcess peer) {
        return participantWithPid(s, peer.pid()).orElseThrow(() -> new AssertionError(
                "no participant with pid " + peer.pid() + ":\n" + ModelWait.describe(s)));
    }

    @Test
    void participantShowsVendorNameHostAndProcess() throws Exception {
        Connection c = connect(170);
        PeerProcess peer = closeAfterTest(Peers.startCyclonePeer(170));
        SystemSnapshot s = awaitPeer(c, peer, PEER_ENDPOINTS);

        Participant p = peerParticipant(s, peer);
        assertEquals(Guid.parse(peer.info("guid").orElseThrow()), p.guid(), "GUID the peer printed");
        assertEquals(Vendor.CYCLONE, p.vendor().id());
        assertEquals("Eclipse Cyclone DDS", p.vendor().name());
        assertEquals("cyclone_peer", p.name(), "entity name QoS");
        assertTrue(p.known(), "a discovered participant, not a placeholder");
        assertFalse(p.own(), "a foreign participant is not the tool's own");
        assertEquals(thisHostName(), p.process().host());
        assertEquals(peer.pid(), p.process().pid(), "pid (run-peer.sh execs python, so it is the peer's)");
        assertEquals("python", p.process().processName());
        assertEquals("cyclone_peer", p.qos().properties().values().get("ddstuner.peer"),
                "the peer's own propagated property");
        assertEquals(1, s.participants().size(), "only the peer; the tool's participant is hidden:\n"
                + ModelWait.describe(s));
    }

    @Test
    void endpointsHaveExactTopicsTypesPartitionsAndQos() {
        Connection c = connect(171);
        PeerProcess peer = closeAfterTest(Peers.startCyclonePeer(171));
        SystemSnapshot s = awaitPeer(c, peer, PEER_ENDPOINTS);
        Participant p = peerParticipant(s, peer);

        assertEquals(PEER_ENDPOINTS, s.endpointsOf(p.guid()).size(), ModelWait.describe(s));
        for (Expected x : EXPECTED) {
            Endpoint e = endpointNamed(s, p, x.name()).orElseThrow(
                    () -> new AssertionError("no endpoint named " + x.name() + ":\n" + ModelWait.describe(s)));
            String what = x.name() + " " + e.guid();
            assertEquals(x.kind(), e.kind(), what);
            assertEquals(x.topic(), e.topicName(), what);
            assertEquals(x.type(), e.typeName(), what);
            assertEquals(List.of(x.partition()), e.partitions(), what + " partitions");
            assertNotNull(e.qos().reliability(), what + " reliability sent");
            assertEquals(x.reliability(), e.qos().reliability().kind(), what);
            assertNotNull(e.qos().durability(), what + " durability sent");
            assertEquals(x.durability(), e.qos().durability().kind(), what);
            assertEquals(x.deadline(), deadlineOf(e), what + " deadline");
            assertNotNull(e.qos().history(), what + " history sent (Cyclone sends it)");
            assertEquals(x.historyDepth(), e.qos().history().depth(), what + " history depth");
            assertTrue(e.hasTypeInformation(), what + ": Cyclone 11 sends XTypes type information");
            assertEquals(p.guid(), e.participantGuid(), what);
            assertTrue(e.alive(), what);
        }
        for (String topic : List.of("SensorData", "Commands", "Status")) {
            var t = s.topic(topic).orElseThrow(() -> new AssertionError("no topic " + topic));
            assertEquals(1, t.writers().size(), topic + " writers");
            assertEquals(1, t.readers().size(), topic + " readers");
            assertFalse(t.hasConflictingTypeNames(), topic + " " + t.typeNames());
        }
        Map<String, Integer> declared = Map.of("sensors", 2, "control", 2, "", 2);
        for (var entry : declared.entrySet()) {
            PartitionInfo info = s.partitions().stream().filter(x -> x.name().equals(entry.getKey())).findFirst()
                    .orElseThrow(() -> new AssertionError("no partition \"" + entry.getKey() + "\": " + s.partitions()));
            assertEquals(entry.getValue(), info.declaredBy().size(), "endpoints in partition \"" + entry.getKey() + "\"");
        }
    }

    @Test
    void eachReaderMatchesTheWriterOnItsTopic() {
        Connection c = connect(172);
        PeerProcess peer = closeAfterTest(Peers.startCyclonePeer(172));
        SystemSnapshot s = awaitPeer(c, peer, PEER_ENDPOINTS);
        Participant p = peerParticipant(s, peer);

        for (String topic : List.of("SensorData", "Commands", "Status")) {
            Endpoint reader = endpointOn(s, p, topic, EndpointKind.READER).orElseThrow();
            Endpoint writer = endpointOn(s, p, topic, EndpointKind.WRITER).orElseThrow();
            assertEquals(List.of(writer), s.matchedPeersOf(reader.guid()), topic + " reader's matches");
            assertEquals(List.of(reader), s.matchedPeersOf(writer.guid()), topic + " writer's matches");
            Match m = s.matchesOf(reader.guid()).get(0);
            assertTrue(m.reasons().isEmpty(), topic + ": " + m.reasons());
        }
        assertEquals(3, s.matches().size(), "one pair per topic: " + s.matches());
        assertEquals(List.of(), s.problems(), "a peer whose endpoints all match has no problems");
    }

    @Test
    void mismatchedReaderIsExplainedByReliability() {
        Connection c = connect(173);
        PeerProcess peer = closeAfterTest(Peers.startCyclonePeer(173, "--mismatch"));
        SystemSnapshot s = awaitPeer(c, peer, PEER_ENDPOINTS + 1);
        Participant p = peerParticipant(s, peer);
        Endpoint bad = endpointNamed(s, p, "mismatched_status_reader").orElseThrow(
                () -> new AssertionError("no mismatched_status_reader:\n" + ModelWait.describe(s)));
        Endpoint writer = endpointNamed(s, p, "status_writer").orElseThrow();
        Endpoint good = endpointNamed(s, p, "status_reader").orElseThrow();

        assertEquals(List.of(), s.matchedPeersOf(bad.guid()), "the RELIABLE reader matches no BEST_EFFORT writer");
        List<Match> verdicts = s.matchesOf(bad.guid());
        assertEquals(1, verdicts.size(), verdicts.toString());
        Match m = verdicts.get(0);
        assertEquals(writer.guid(), m.writer());
        assertFalse(m.matched());
        assertEquals(1, m.reasons().size(), "only reliability differs: " + m.reasons());
        MismatchReason reason = m.reasons().get(0);
        assertEquals(MismatchReason.Check.RELIABILITY, reason.check(), reason.toString());
        assertEquals("reliability: reader RELIABLE > writer BEST_EFFORT", reason.shortText(),
                "the short reason names the policy and both kinds");
        assertTrue(reason.explanation().startsWith("reader requests RELIABLE reliability, writer offers BEST_EFFORT"),
                reason.explanation());
        assertEquals(List.of(good, bad).stream().map(Endpoint::guid).sorted().toList(),
                s.matchesOf(writer.guid()).stream().map(Match::reader).sorted().toList(),
                "the writer is judged against both readers");
        assertEquals(List.of(good), s.matchedPeersOf(writer.guid()));

        List<Problem> problems = s.problems();
        assertEquals(1, problems.size(), "exactly one problem, the mismatched reader: " + problems);
        Problem problem = problems.get(0);
        assertEquals(Problem.Kind.ENDPOINT_UNMATCHED, problem.kind());
        assertEquals(Problem.Severity.WARNING, problem.severity());
        assertEquals(bad.guid().toString(), problem.subject());
        // The subject identifies the reader; the text must say why, on which topic, of which participant.
        assertTrue(problem.message().contains("reliability") && problem.message().contains("\"Status\"")
                && problem.message().contains("cyclone_peer"),
                "problem names the policy, the topic and the peer: " + problem.message());
    }

    @Test
    void stoppedPeerIsMarkedGoneWithItsEndpoints() {
        Connection c = connect(174);
        PeerProcess peer = closeAfterTest(Peers.startCyclonePeer(174));
        SystemSnapshot before = awaitPeer(c, peer, PEER_ENDPOINTS);
        Guid guid = peerParticipant(before, peer).guid();

        long start = System.nanoTime();
        peer.close(); // SIGTERM: the peer deletes its participant, which tells everyone at once
        SystemSnapshot after = ModelWait.until(c.model(), Duration.ofSeconds(5), "stopped peer marked gone",
                s -> s.participant(guid).map(x -> !x.alive()).orElse(false)
                        && s.endpointsOf(guid).stream().noneMatch(Endpoint::alive));
        System.out.printf("CyclonePythonPeerTest: stopped peer marked gone after %d ms%n",
                (System.nanoTime() - start) / 1_000_000);
        assertGone(after, guid);
    }

    @Test
    void killedPeerIsMarkedGoneWhenItsLeaseExpires() {
        Connection c = connect(175);
        PeerProcess peer = closeAfterTest(Peers.startCyclonePeer(175, "--config", SHORT_LEASE_CONFIG));
        SystemSnapshot before = awaitPeer(c, peer, PEER_ENDPOINTS);
        Participant p = peerParticipant(before, peer);
        assertNotNull(p.qos().liveliness(), "participant lease sent in discovery");
        assertEquals(Duration.ofSeconds(2), p.qos().liveliness().leaseDuration(), "the peer's configured lease");

        long start = System.nanoTime();
        assertTrue(ProcessHandle.of(peer.pid()).orElseThrow().destroyForcibly(), "SIGKILL sent");
        // No goodbye from a killed process: only the lease (2 s) expiring tells Cyclone, hence 10 s.
        SystemSnapshot after = ModelWait.until(c.model(), Duration.ofSeconds(10), "killed peer marked gone",
                s -> s.participant(p.guid()).map(x -> !x.alive()).orElse(false)
                        && s.endpointsOf(p.guid()).stream().noneMatch(Endpoint::alive));
        System.out.printf("CyclonePythonPeerTest: killed peer (lease 2 s) marked gone after %d ms%n",
                (System.nanoTime() - start) / 1_000_000);
        assertGone(after, p.guid());
    }

    private static void assertGone(SystemSnapshot s, Guid guid) {
        Participant gone = s.participant(guid).orElseThrow(
                () -> new AssertionError("a gone participant stays visible for the retention time"));
        assertNotNull(gone.goneSince());
        List<Endpoint> endpoints = s.endpointsOf(guid);
        assertEquals(PEER_ENDPOINTS, endpoints.size(), "its endpoints stay visible too: " + endpoints);
        endpoints.forEach(e -> assertNotNull(e.goneSince(), e.name() + " gone"));
        assertEquals(List.of(), s.matches(), "gone endpoints are in no pair");
        assertTrue(s.problems().stream().anyMatch(x -> x.kind() == Problem.Kind.PARTICIPANT_LOST
                && guid.toString().equals(x.subject()) && x.message().contains("cyclone_peer")),
                "a 'participant lost' problem naming the peer: " + s.problems());
    }
}
