package org.ddstuner.samples.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;

import org.ddstuner.connection.Connection;
import org.ddstuner.samples.FastDdsTypes;
import org.ddstuner.samples.ImportedTypes;
import org.ddstuner.samples.QosDeriver;
import org.ddstuner.samples.ReaderSession;
import org.ddstuner.samples.ReceivedSample;
import org.ddstuner.samples.ResolvedType;
import org.ddstuner.samples.TypeResolver;
import org.ddstuner.samples.TypeSource;
import org.ddstuner.system.Endpoint;
import org.ddstuner.system.SystemSnapshot;
import org.ddstuner.testsupport.PeerProcess;
import org.ddstuner.testsupport.Peers;
import org.ddstuner.types.ros.RosMsgLibrary;
import org.ddstuner.types.xtypes.GeneratedTypeInfo;
import org.ddstuner.types.xtypes.TypeInformation;
import org.ddstuner.types.xtypes.TypeObjectWriter;
import org.junit.jupiter.api.Test;

/**
 * The bundled ROS 2 messages alone (no imported IDL, no ROS 2 folders) decode a ROS 2 node on Fast DDS
 * (tests/peers/ros2_talker.py --color): /rosout (rcl_interfaces/Log with the nested builtin_interfaces/Time) and
 * /color (std_msgs/ColorRGBA). Our readers must not make libddsc ask Fast DDS for the nested Log type (libddsc
 * 0.10.2 aborts the process on the reply, see FastDdsTypes): the JVM surviving the test is part of the assertion.
 * Domain 3.
 */
class Ros2BundledTypesTest extends Live {

    private static final int DOMAIN = 3;
    private static final String LOG = "rcl_interfaces::msg::dds_::Log_";

    @Test
    void rosoutAndColorDecodeFromTheBundledMessages() throws Exception {
        Peers.requireAvailable();
        PeerProcess talker = closeAfterTest(Peers.startRos2Talker(DOMAIN, "--color", "--period-ms", "50"));
        Connection c = connect(DOMAIN);
        SystemSnapshot snap = awaitModel(c, "the node's rt/rosout and rt/color writers",
                x -> count(x, "rt/rosout", false) == 1 && count(x, "rt/color", false) == 1);
        TypeResolver resolver = new TypeResolver(c, new ImportedTypes());

        ResolvedType rosout = closeAfterTest(resolver.resolve("rt/rosout"));
        assertEquals(TypeSource.ROS_MSG, rosout.source(), rosout.attempts().toString());
        assertEquals(LOG, rosout.typeName());
        String how = rosout.attempts().getLast().detail();
        assertTrue(how.startsWith("bundled ROS 2 message rcl_interfaces/msg/Log (" + RosMsgLibrary.RELEASE + ")"), how);

        // Our Log type identifiers differ from the ones the node announces (Log's uint8 level: TK_BYTE as idlc 0.10.2
        // writes it, TK_UINT8 from Fast DDS 3.2), so our reader carries no type information: with it, libddsc would
        // ask Fast DDS for the nested type and abort on the reply.
        assertFalse(sameTypeIds(c, snap, rosout), "rcl_interfaces/Log: ours equal Fast DDS's");
        assertTrue(how.contains("without XTypes type information, so matched by type name"), how);

        ReaderSession logs = closeAfterTest(ReaderSession.open(c, rosout, ReaderSession.Config.of(
                QosDeriver.forReader(c.model().snapshot(true), "rt/rosout"))));
        await("/rosout records of the node's log calls", () -> logs.samples().stream().anyMatch(Ros2BundledTypesTest::hello),
                () -> logs.stats().toString());
        ReceivedSample log = logs.samples().stream().filter(Ros2BundledTypesTest::hello).findFirst().orElseThrow();
        assertEquals(20, ((Number) log.field("level")).intValue(), "INFO");
        assertEquals("tuner_talker", log.field("name"));
        assertTrue(String.valueOf(log.field("msg")).matches("hello from tuner_talker #\\d+"), log.field("msg") + "");
        long sec = ((Number) log.field("stamp.sec")).longValue();
        assertTrue(Math.abs(sec - System.currentTimeMillis() / 1000) < 600, "stamp.sec " + sec + " is about now");

        ResolvedType color = closeAfterTest(resolver.resolve("rt/color"));
        assertEquals(TypeSource.ROS_MSG, color.source(), color.attempts().toString());
        assertTrue(color.attempts().getLast().detail().startsWith("bundled ROS 2 message std_msgs/msg/ColorRGBA ("),
                color.attempts().getLast().detail());
        // ColorRGBA (four float32) has the node's identifiers: our reader keeps its type information, libddsc knows
        // the type and asks nobody
        assertTrue(sameTypeIds(c, snap, color), "std_msgs/ColorRGBA: ours equal Fast DDS's");
        assertFalse(color.attempts().getLast().detail().contains("without XTypes"), color.attempts().toString());
        ReaderSession colors = closeAfterTest(ReaderSession.open(c, color, ReaderSession.Config.of(
                QosDeriver.forReader(c.model().snapshot(true), "rt/color"))));
        await("/color samples", () -> colors.samples().size() >= 3, () -> colors.stats().toString());
        for (ReceivedSample s : colors.samples().subList(0, 3)) {
            assertEquals(0.25f, ((Number) s.field("r")).floatValue());
            assertEquals(0.5f, ((Number) s.field("g")).floatValue());
            assertEquals(0.75f, ((Number) s.field("b")).floatValue());
            float a = ((Number) s.field("a")).floatValue();
            assertTrue(a >= 0 && a < 100 && a == Math.rint(a), "a = count % 100: " + a);
        }

        // still alive and still receiving a while after both readers matched (an abort would have ended the JVM)
        int before = logs.samples().size();
        await("more /rosout records", () -> logs.samples().size() > before + 3, () -> logs.stats().toString());
        assertTrue(talker.isAlive(), talker.stderr());
    }

    /** Whether our type identifiers for the resolved type equal those the node's Fast DDS writer announces. */
    private static boolean sameTypeIds(Connection c, SystemSnapshot snap, ResolvedType t) {
        Endpoint writer = snap.endpoints().stream().filter(e -> e.topicName().equals(t.topicName()) && !e.own()
                && !e.isReader() && FastDdsTypes.isFastDds(e)).findFirst().orElseThrow();
        Optional<TypeInformation> theirs = FastDdsTypes.typeInformation(c.ownParticipant(), writer);
        GeneratedTypeInfo ours = TypeObjectWriter.generate(t.library(), t.typeName());
        boolean same = theirs.isPresent() && theirs.get().minimalTypeId().equals(ours.minimal())
                && theirs.get().completeTypeId().equals(ours.complete());
        System.out.println(t.typeName() + " type identifiers: ours minimal=" + ours.minimal() + " complete="
                + ours.complete() + "; Fast DDS announces " + theirs.map(i -> "minimal=" + i.minimalTypeId()
                        + " complete=" + i.completeTypeId()).orElse("none") + "; equal=" + same);
        return same;
    }

    private static boolean hello(ReceivedSample s) {
        return String.valueOf(s.field("msg")).startsWith("hello from");
    }
}
