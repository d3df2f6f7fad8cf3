package org.ddstuner.samples.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;

import org.ddstuner.connection.Connection;
import org.ddstuner.samples.ImportedTypes;
import org.ddstuner.samples.QosDeriver;
import org.ddstuner.samples.ReaderSession;
import org.ddstuner.samples.ReceivedSample;
import org.ddstuner.samples.ResolutionAttempt;
import org.ddstuner.samples.ResolvedType;
import org.ddstuner.samples.RosTypeService;
import org.ddstuner.samples.TypeResolutionException;
import org.ddstuner.samples.TypeResolver;
import org.ddstuner.samples.TypeSource;
import org.ddstuner.system.SystemSnapshot;
import org.ddstuner.testsupport.PeerProcess;
import org.ddstuner.testsupport.Peers;
import org.ddstuner.types.ArrayType;
import org.ddstuner.types.PrimitiveType;
import org.ddstuner.types.StructType;
import org.ddstuner.types.TypeLibrary;
import org.ddstuner.types.ros.RosMsgLibrary;
import org.junit.jupiter.api.Test;

/**
 * Types a ROS 2 node describes itself through its {@code ~/get_type_description} service (REP 2011), asked from
 * libddsc 0.10.2 (tests/peers/ros2_talker.py, rclpy + rmw_fastrtps_cpp): /gid (rmw_dds_common/Gid) and /key_value
 * (type_description_interfaces/KeyValue), bundled nowhere, decode what the node sent; /rosout's nested
 * rcl_interfaces/Log comes out as the bundled message's structs, and the JVM survives (no TypeLookup to Fast DDS). A
 * node without the service, or one that does not answer, gives a clear reason. Domains 26 and 27.
 */
class Ros2TypeServiceTest extends Live {

    private static final Duration ASK = Duration.ofSeconds(10);

    @Test
    void theNodeDescribesItsUnbundledAndNestedTypesAndTheirSamplesDecode() throws Exception {
        Peers.requireAvailable();
        PeerProcess talker = closeAfterTest(Peers.startRos2Talker(26, "--color", "--unbundled", "--period-ms", "50"));
        Connection c = connect(26);
        awaitModel(c, "the node's writers and its type description service", x -> count(x, "rt/gid", false) == 1
                && count(x, "rt/key_value", false) == 1 && count(x, "rt/rosout", false) == 1
                && count(x, "rq/tuner_talker/get_type_descriptionRequest", true) == 1);
        TypeResolver resolver = new TypeResolver(c, new ImportedTypes());
        TypeResolver.Options options = TypeResolver.Options.DEFAULT.withWireTimeout(ASK);

        ResolvedType gid = closeAfterTest(resolver.resolve("rt/gid", options));
        assertEquals(TypeSource.ROS_SERVICE, gid.source(), gid.attempts().toString());
        String how = gid.attempts().getLast().detail();
        assertTrue(how.startsWith("ROS 2 type description service of node /tuner_talker (rmw_dds_common/msg/Gid, "
                + "RIHS01_"), how);
        assertTrue(gid.attempts().stream().anyMatch(a -> a.source() == TypeSource.ROS_MSG && !a.succeeded()
                && a.detail().contains("unknown message type 'rmw_dds_common/Gid'")), gid.attempts().toString());
        StructType g = gid.library().struct("rmw_dds_common::msg::dds_::Gid_");
        assertEquals(new ArrayType(PrimitiveType.UINT8, 16), g.member("data").orElseThrow().type());
        ReaderSession gids = closeAfterTest(ReaderSession.open(c, gid, ReaderSession.Config.of(
                QosDeriver.forReader(c.model().snapshot(true), "rt/gid"))));
        await("/gid samples", () -> gids.samples().size() >= 3, () -> gids.stats().toString());
        for (ReceivedSample s : gids.samples().subList(0, 3)) {
            assertEquals(null, s.decodeError());
            int first = ((Number) s.field("data[0]")).intValue();
            assertTrue(first >= 0 && first < 100, "data[0] = count % 100: " + first);
            for (int i = 1; i < 16; i++) {
                assertEquals(i, ((Number) s.field("data[" + i + "]")).intValue(), "data[" + i + "]");
            }
        }

        ResolvedType kv = closeAfterTest(resolver.resolve("rt/key_value", options));
        assertEquals(TypeSource.ROS_SERVICE, kv.source(), kv.attempts().toString());
        ReaderSession kvs = closeAfterTest(ReaderSession.open(c, kv, ReaderSession.Config.of(
                QosDeriver.forReader(c.model().snapshot(true), "rt/key_value"))));
        await("/key_value samples", () -> kvs.samples().size() >= 2, () -> kvs.stats().toString());
        ReceivedSample one = kvs.samples().get(0);
        assertEquals("count", one.field("key"));
        assertTrue(String.valueOf(one.field("value")).matches("\\d+"), one.field("value") + "");

        // a nested type: the node sends Log and Time, which equal the bundled messages' structs
        ResolvedType log = closeAfterTest(resolver.resolve("rt/rosout", options.withSources(TypeSource.ROS_SERVICE)));
        assertEquals(TypeSource.ROS_SERVICE, log.source(), log.attempts().toString());
        TypeLibrary bundled = RosMsgLibrary.builtin().load("rcl_interfaces/msg/Log");
        for (String name : List.of("rcl_interfaces::msg::dds_::Log_", "builtin_interfaces::msg::dds_::Time_")) {
            assertEquals(bundled.struct(name), log.library().struct(name), name);
        }
        ReaderSession logs = closeAfterTest(ReaderSession.open(c, log, ReaderSession.Config.of(
                QosDeriver.forReader(c.model().snapshot(true), "rt/rosout"))));
        await("/rosout records", () -> logs.samples().stream().anyMatch(s -> String.valueOf(s.field("msg"))
                .startsWith("hello from")), () -> logs.stats().toString());
        ReceivedSample rec = logs.samples().stream().filter(s -> String.valueOf(s.field("msg")).startsWith("hello"))
                .findFirst().orElseThrow();
        assertEquals(20, ((Number) rec.field("level")).intValue(), "INFO");
        assertEquals("tuner_talker", rec.field("name"));

        // a ROS 2 folder with another Log than the node's: its type hash says so, and the node's description wins
        java.nio.file.Path share = java.nio.file.Files.createTempDirectory("ros-share");
        java.nio.file.Path other = share.resolve("rcl_interfaces/msg/Log.msg");
        java.nio.file.Files.createDirectories(other.getParent());
        java.nio.file.Files.writeString(other, "builtin_interfaces/Time stamp\nuint8 level\nstring name\nstring msg\n");
        ResolvedType log2 = closeAfterTest(new TypeResolver(c, new ImportedTypes(), RosMsgLibrary.fromDirectories(
                List.of(share))).resolve("rt/rosout", options));
        assertEquals(TypeSource.ROS_SERVICE, log2.source(), log2.attempts().toString());
        ResolutionAttempt ros = log2.attempts().stream().filter(a -> a.source() == TypeSource.ROS_MSG).findFirst()
                .orElseThrow();
        assertTrue(ros.detail().startsWith("ROS 2 message rcl_interfaces/msg/Log from " + other + ": its type hash "
                + "RIHS01_"), ros.detail());
        assertTrue(ros.detail().endsWith(" differs from the RIHS01_e28ce254ca8abc06abf92773b74602cdbf116ed34fbaf294fb9f81"
                + "da9f318eac the node announces (another version of the message)"), ros.detail());
        assertEquals(bundled.struct("rcl_interfaces::msg::dds_::Log_"), log2.library()
                .struct("rcl_interfaces::msg::dds_::Log_"));

        // a node that is not there: the service never matches, and the error says so in time
        SystemSnapshot snap = c.model().snapshot(true);
        RosTypeService.Node real = RosTypeService.nodesFor(snap, snap.endpoints().stream()
                .filter(e -> e.topicName().equals("rt/gid") && !e.own()).toList()).get(0);
        assertEquals("/tuner_talker", real.name());
        RosTypeService.Node nobody = new RosTypeService.Node("/nobody", real.participant(), real.typeHash());
        RosTypeService.Unavailable silent = assertThrows(RosTypeService.Unavailable.class, () -> RosTypeService.ask(
                c.ownParticipant(), nobody, "rmw_dds_common/msg/Gid", Duration.ofMillis(500)));
        assertEquals("node /nobody's get_type_description service did not match within 500 ms", silent.getMessage());
        // a type the node does not use: it says so
        RosTypeService.Node wrongHash = new RosTypeService.Node(real.name(), real.participant(),
                "RIHS01_" + "0".repeat(64));
        RosTypeService.Unavailable unknown = assertThrows(RosTypeService.Unavailable.class, () -> RosTypeService.ask(
                c.ownParticipant(), wrongHash, "my_msgs/msg/Nothing", ASK));
        assertTrue(unknown.getMessage().startsWith("node /tuner_talker answered that it cannot describe "
                + "my_msgs/msg/Nothing (RIHS01_000"), unknown.getMessage());
        assertTrue(unknown.getMessage().endsWith(": Type not currently in use by this node"), unknown.getMessage());

        int before = logs.samples().size();
        await("more /rosout records", () -> logs.samples().size() > before + 3, () -> logs.stats().toString());
        assertTrue(talker.isAlive(), talker.stderr());
    }

    @Test
    void aNodeWithoutTheServiceGivesTheReason() {
        Peers.requireAvailable();
        closeAfterTest(Peers.startRos2Talker(27, "--unbundled", "--no-type-description", "--period-ms", "100"));
        Connection c = connect(27);
        awaitModel(c, "the node's /gid writer and its parameter services", x -> count(x, "rt/gid", false) == 1
                && count(x, "rq/tuner_talker/list_parametersRequest", true) == 1);
        TypeResolutionException e = assertThrows(TypeResolutionException.class, () -> new TypeResolver(c,
                new ImportedTypes()).resolve("rt/gid", TypeResolver.Options.DEFAULT.withSources(TypeSource.ROS_SERVICE)));
        ResolutionAttempt a = e.attempts().getLast();
        assertEquals(TypeSource.ROS_SERVICE, a.source());
        assertEquals("no ROS 2 node in the participant of the writers of 'rt/gid' serves ~/get_type_description "
                + "(ROS 2 Iron or later; off when the node's parameter start_type_description_service is false)",
                a.detail());
        assertTrue(a.mayChange(), "a node's service may be discovered later: " + a);
    }
}
