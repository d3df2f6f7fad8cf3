package org.ddstuner.connection.tests.interop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

import org.ddstuner.connection.Connection;
import org.ddstuner.dds.MemberKind;
import org.ddstuner.dds.Qos;
import org.ddstuner.dds.Qos.DurabilityKind;
import org.ddstuner.dds.Qos.ReliabilityKind;
import org.ddstuner.dds.Reader;
import org.ddstuner.dds.Sample;
import org.ddstuner.dds.StructType;
import org.ddstuner.system.Endpoint;
import org.ddstuner.system.EndpointKind;
import org.ddstuner.system.Match;
import org.ddstuner.system.Participant;
import org.ddstuner.system.Problem;
import org.ddstuner.system.QosCaveat;
import org.ddstuner.system.SnapshotJson;
import org.ddstuner.system.SystemSnapshot;
import org.ddstuner.system.Vendor;
import org.ddstuner.system.match.MismatchReason;
import org.ddstuner.testsupport.PeerProcess;
import org.ddstuner.testsupport.Peers;
import org.junit.jupiter.api.Test;

/**
 * DDS Tuner's model against a ROS 2 node (tests/peers/ros2_talker.py: rclpy on rmw_fastrtps_cpp, i.e.
 * Fast DDS 3.2). Domains 180–183.
 */
class Ros2PeerTest extends ForeignPeerTestBase {

    private static final Duration DISCOVERY = Duration.ofSeconds(15);
    private static final String STRING_TYPE = "std_msgs::msg::dds_::String_";
    /** rmw_fastrtps's entity name for the participant: the security enclave, "/" by default (the node name is not in SPDP). */
    private static final String ROS_PARTICIPANT_NAME = "/";
    /** The parameter and type-description services every rclpy node offers: request reader + reply writer each. */
    private static final Set<String> NODE_SERVICES = Set.of("describe_parameters", "get_parameter_types",
            "get_parameters", "list_parameters", "set_parameters", "set_parameters_atomically", "get_type_description");

    /** Waits for the talker's participant with its chatter writer and ping reader. */
    private static SystemSnapshot awaitTalker(Connection c, PeerProcess talker) {
        return ModelWait.until(c.model(), DISCOVERY, "ROS 2 talker " + talker + " with rt/chatter and rt/ping",
                s -> participantWithPid(s, talker.pid())
                        .map(p -> endpointOn(s, p, "rt/chatter", EndpointKind.WRITER).isPresent()
                                && endpointOn(s, p, "rt/ping", EndpointKind.READER).isPresent())
                        .orElse(false));
    }

    private static Participant talkerParticipant(SystemSnapshot s, PeerProcess talker) {
        return participantWithPid(s, talker.pid()).orElseThrow(() -> new AssertionError(
                "no participant with pid " + talker.pid() + ":\n" + ModelWait.describe(s)));
    }

    @Test
    void participantShowsWhatFastDdsTellsAboutItsProcess() throws IOException {
        Connection c = connect(180);
        PeerProcess talker = closeAfterTest(Peers.startRos2Talker(180));
        SystemSnapshot s = awaitTalker(c, talker);
        Participant p = talkerParticipant(s, talker);

        assertEquals(Vendor.FAST_DDS, p.vendor().id(), "vendor from the GUID prefix");
        assertEquals("Fast DDS (eProsima)", p.vendor().name());
        assertTrue(p.known());
        assertEquals(ROS_PARTICIPANT_NAME, p.name(), "rmw_fastrtps names the participant after its enclave");
        // Fast DDS announces fastdds.physical_data.{host,user,process}; "process" is the pid.
        Map<String, String> props = p.qos().properties().values();
        assertEquals(Long.toString(talker.pid()), props.get("fastdds.physical_data.process"));
        assertEquals(talker.pid(), p.process().pid(), "pid from fastdds.physical_data.process");
        assertEquals(System.getProperty("user.name"), p.process().user(), "user from fastdds.physical_data.user");
        // Fast DDS 3.2 puts the machine id (/etc/machine-id) in ".host", not the host name: either one names
        // this machine, and the model must show the announced value rather than nothing or garbage.
        String announcedHost = props.get("fastdds.physical_data.host");
        assertNotNull(announcedHost, "Fast DDS announces a host: " + props);
        assertEquals(announcedHost, p.process().host());
        assertTrue(Set.of(thisHostName(), machineId()).contains(announcedHost),
                "host is this machine's name or id, got " + announcedHost);
        assertNotNull(p.process().processText());
    }

    @Test
    void chatterWriterAndPingReaderAreReliableStrings() {
        Connection c = connect(181);
        PeerProcess talker = closeAfterTest(Peers.startRos2Talker(181));
        SystemSnapshot s = awaitTalker(c, talker);
        Participant p = talkerParticipant(s, talker);

        for (Endpoint e : List.of(endpointOn(s, p, "rt/chatter", EndpointKind.WRITER).orElseThrow(),
                endpointOn(s, p, "rt/ping", EndpointKind.READER).orElseThrow())) {
            String what = e.kind().text() + " " + e.topicName();
            assertEquals(STRING_TYPE, e.typeName(), what);
            assertNotNull(e.qos().reliability(), what);
            assertEquals(ReliabilityKind.RELIABLE, e.qos().reliability().kind(), what + ": ROS 2 default QoS");
            assertNotNull(e.qos().durability(), what);
            assertEquals(DurabilityKind.VOLATILE, e.qos().durability().kind(), what);
            assertEquals(Qos.INFINITE, deadlineOf(e), what);
            assertEquals(List.of(""), e.partitions(), what + ": ROS 2 uses no partitions (the rt/ prefix instead)");
            assertTrue(e.hasTypeInformation(), what + ": Fast DDS 3 sends XTypes type information");
            assertEquals(p.guid(), e.participantGuid(), what);
            // Fast DDS sends no history; the KEEP_LAST 1 Cyclone shows must be flagged as Cyclone's default
            assertEquals(new Qos.History(Qos.HistoryKind.KEEP_LAST, 1), e.qos().history(), what + ": Cyclone's default");
            QosCaveat history = e.qosCaveats().stream().filter(x -> x.policy().equals("history")).findFirst()
                    .orElseThrow(() -> new AssertionError(what + ": no history caveat in " + e.qosCaveats()));
            assertEquals("history depth is not announced by Fast DDS (eProsima); KEEP_LAST 1 is Cyclone's default, "
                    + "not the application's setting", history.text(), what);
        }
        assertEquals(List.of(STRING_TYPE), s.topic("rt/chatter").orElseThrow().typeNames());
    }

    @Test
    void cycloneReaderMatchesTheRosWriterExactlyWhenTheModelSaysSo() {
        Connection c = connect(182);
        PeerProcess talker = closeAfterTest(Peers.startRos2Talker(182));
        // A participant of our own process that is not the tool's, so the model shows it like any other.
        org.ddstuner.dds.Participant listener = closeAfterTest(
                c.domain().createParticipant(Qos.EMPTY.withEntityName("cyclone_listener")));
        // std_msgs/String is the flat struct { string data; }, which the binding can declare at run time.
        StructType string = StructType.builder(STRING_TYPE).member("data", MemberKind.STRING).build();
        Qos reliable = Qos.EMPTY.with(new Qos.Reliability(ReliabilityKind.RELIABLE, Duration.ofMillis(100)));
        var topic = listener.createTopic("rt/chatter", string, reliable);
        Reader good = listener.createReader(topic, reliable);
        Reader tooDemanding = listener.createReader(topic,
                reliable.with(new Qos.Durability(DurabilityKind.TRANSIENT_LOCAL)));

        SystemSnapshot s = ModelWait.until(c.model(), DISCOVERY, "talker and both Cyclone readers on rt/chatter",
                x -> x.topic("rt/chatter").map(t -> t.readers().size() == 2 && t.writers().size() == 1).orElse(false));
        Endpoint chatter = endpointOn(s, talkerParticipant(s, talker), "rt/chatter", EndpointKind.WRITER).orElseThrow();
        Match ok = verdict(s, good, chatter);
        Match refused = verdict(s, tooDemanding, chatter);
        assertTrue(ok.matched(), "model: the plain reliable reader matches: " + ok.reasons());
        assertFalse(refused.matched(), "model: a TRANSIENT_LOCAL reader cannot match a VOLATILE writer");
        assertEquals(1, refused.reasons().size(), refused.reasons().toString());
        assertEquals(MismatchReason.Check.DURABILITY, refused.reasons().get(0).check(), refused.reasons().toString());
        assertEquals("durability: reader TRANSIENT_LOCAL > writer VOLATILE", refused.reasons().get(0).shortText());

        // What Cyclone itself decided must agree with the model, and data must really flow.
        List<Sample<Map<String, Object>>> received = awaitSamples(good, Duration.ofSeconds(10));
        assertTrue(String.valueOf(received.get(0).data().get("data")).startsWith("hello from tuner_talker"),
                received.get(0).data().toString());
        assertEquals(1, good.subscriptionMatched().currentCount(), "Cyclone matched the reader the model matched");
        assertEquals(0, tooDemanding.subscriptionMatched().currentCount(),
                "Cyclone did not match the reader the model refused");
        assertTrue(tooDemanding.take(10).isEmpty(), "no data for the refused reader");
    }

    @Test
    void serviceEndpointsAreListedAndProblemsStayReadable() {
        Connection c = connect(183);
        PeerProcess talker = closeAfterTest(Peers.startRos2Talker(183));
        String node = talker.info("node").orElseThrow();
        // + rt/chatter, rt/ping, rt/rosout, rt/parameter_events, and ros_discovery_info reader and writer
        int expected = 2 * NODE_SERVICES.size() + 6;
        SystemSnapshot s = ModelWait.until(c.model(), DISCOVERY, expected + " endpoints of the ROS 2 node",
                x -> participantWithPid(x, talker.pid()).map(p -> x.endpointsOf(p.guid()).size() >= expected)
                        .orElse(false));
        Participant p = talkerParticipant(s, talker);
        List<Endpoint> endpoints = s.endpointsOf(p.guid());
        assertEquals(expected, endpoints.size(), ModelWait.describe(s));

        Set<String> requestReaders = serviceNames(endpoints, EndpointKind.READER, "rq/" + node + "/", "Request");
        Set<String> replyWriters = serviceNames(endpoints, EndpointKind.WRITER, "rr/" + node + "/", "Reply");
        assertEquals(new TreeSet<>(NODE_SERVICES), requestReaders, "request readers");
        assertEquals(new TreeSet<>(NODE_SERVICES), replyWriters, "reply writers");

        // Every endpoint without a counterpart is one informational problem; ros_discovery_info's reader
        // and writer match each other, so they are not.
        Set<String> unmatched = s.problems().stream().filter(x -> x.kind() == Problem.Kind.ENDPOINT_UNMATCHED)
                .map(Problem::subject).collect(Collectors.toSet());
        for (Endpoint e : endpoints) {
            boolean alone = !e.topicName().equals("ros_discovery_info");
            assertEquals(alone, unmatched.contains(e.guid().toString()), e.kind().text() + " " + e.topicName());
        }
        for (Problem x : s.problems()) {
            assertFalse(x.message().isBlank(), x.toString());
            assertEquals(Problem.Severity.INFO, x.severity(), "nothing is wrong with a lone ROS node: " + x);
        }
        assertEquals(expected - 2, s.problems().size(), s.problems().toString());
        String json = SnapshotJson.toJson(s);
        assertTrue(json.contains("rq/" + node + "/get_parametersRequest"), "JSON export lists the service topics");
        assertTrue(json.contains("\"qosCaveats\":[{\"policy\":\"history\""), "JSON export flags Cyclone's defaults");
    }

    private static Set<String> serviceNames(List<Endpoint> endpoints, EndpointKind kind, String prefix, String suffix) {
        return endpoints.stream().filter(e -> e.kind() == kind && e.topicName().startsWith(prefix)
                && e.topicName().endsWith(suffix))
                .map(e -> e.topicName().substring(prefix.length(), e.topicName().length() - suffix.length()))
                .collect(Collectors.toCollection(TreeSet::new));
    }

    private static Match verdict(SystemSnapshot s, Reader reader, Endpoint writer) {
        return s.matchesOf(reader.guid()).stream().filter(m -> m.writer().equals(writer.guid())).findFirst()
                .orElseThrow(() -> new AssertionError("no verdict for reader " + reader.guid() + " and writer "
                        + writer.guid() + ": " + s.matchesOf(reader.guid())));
    }

    private static List<Sample<Map<String, Object>>> awaitSamples(Reader reader, Duration timeout) {
        long end = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < end) {
            List<Sample<Map<String, Object>>> got = reader.take(10).stream().filter(x -> x.info().validData()).toList();
            if (!got.isEmpty()) {
                return got;
            }
            try {
                Thread.sleep(ModelWait.POLL.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        throw new AssertionError("no std_msgs/String from the ROS 2 talker within " + timeout.toSeconds()
                + " s; Cyclone's matched status: " + reader.subscriptionMatched());
    }

    private static String machineId() throws IOException {
        Path id = Path.of("/etc/machine-id");
        return Files.isReadable(id) ? Files.readString(id).strip() : "";
    }
}
