package org.ddstuner.cli.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.ddstuner.cli.tests.CliTest.Result;
import org.ddstuner.testsupport.NetNs;
import org.ddstuner.testsupport.PeerProcess;
import org.ddstuner.testsupport.Peers;
import org.junit.jupiter.api.Test;

/**
 * ROS 2 message folders, from a ROS 2 node on Fast DDS (tests/peers/ros2_talker.py --color) on domain 136:
 * /rosout (rcl_interfaces/Log, with the nested builtin_interfaces/Time) typed and read through
 * {@code --ros-msg-path} (the peers' venv has a ROS 2 share folder, which overrides the bundled Log.msg) without
 * libddsc ever asking Fast DDS for the type (libddsc 0.10 aborts the process on that reply: a crash here fails the
 * test run); ros_discovery_info (rmw_dds_common/ParticipantEntitiesInfo, bundled nowhere) with no definition
 * fails at once with every reason instead of waiting out a TypeLookup timeout; a --ros-msg-path that is no
 * folder is a usage error. The bundled messages alone: Ros2BundledTypesCommandsTest.
 */
class Ros2TypeSourcesCommandsTest {

    private static final int DOMAIN = 136;

    @Test
    void rosMessageFoldersTypeAndReadANestedTypeAndAnUnknownOneFailsFast() throws Exception {
        NetNs.requireIsolated();
        Peers.requireAvailable();
        Path share = Peers.venvDir().resolve("share");
        assertTrue(Files.isRegularFile(share.resolve("rcl_interfaces/msg/Log.msg")), "the venv's ROS 2 share folder");
        try (PeerProcess talker = Peers.startRos2Talker(DOMAIN, "--color", "--period-ms", "50")) {
            Result t = run("typeof", "rt/rosout", "--ros-msg-path", share.toString());
            assertEquals(0, t.code(), t.err());
            assertTrue(t.out().contains("// topic rt/rosout: rcl_interfaces::msg::dds_::Log_"), t.out());
            assertTrue(t.out().contains("// source: ROS 2 message definition"), t.out());
            assertTrue(t.out().contains("ROS_MSG ok: ROS 2 message rcl_interfaces/msg/Log from "
                    + share.resolve("rcl_interfaces/msg/Log.msg") + " (without XTypes type information, so matched by "
                    + "type name: the Fast DDS writer"), t.out());
            for (String s : List.of("struct Time_ {", "struct Log_ {", "builtin_interfaces::msg::dds_::Time_ stamp;",
                    "string msg;", "unsigned long line;")) {
                assertTrue(t.out().contains(s), s + " in\n" + t.out());
            }

            Result s = run("subscribe", "rt/rosout", "--ros-msg-path", share.toString(), "--count", "3", "--timeout",
                    "20", "--filter", "msg contains 'hello from'");
            assertEquals(0, s.code(), s.err());
            List<String> lines = s.out().lines().toList();
            assertEquals(3, lines.size(), s.out());
            for (String line : lines) {
                assertTrue(line.matches("\\S+ 010f\\S+ stamp\\.sec=\\d+ stamp\\.nanosec=\\d+ level=20 "
                        + "name=\"tuner_talker\" msg=\"hello from tuner_talker #\\d+\" .*"), line);
            }

            long t0 = System.nanoTime();
            Result none = run("typeof", "ros_discovery_info");
            long resolveMillis = (System.nanoTime() - t0) / 1_000_000;
            assertEquals(1, none.code(), none.out() + none.err());
            assertTrue(none.err().contains("WIRE failed: writer 010f") && none.err().contains("(Fast DDS (eProsima)): "
                    + "not asked: Fast DDS answers only TypeLookup requests addressed to it"), none.err());
            assertTrue(none.err().contains("ROS_MSG failed: unknown message type "
                    + "'rmw_dds_common/ParticipantEntitiesInfo'"), none.err());
            // discovery (up to --wait, and 0.3 s to settle) but no TypeLookup timeout (--wait 15 s would be one)
            assertTrue(resolveMillis < 12_000, "no TypeLookup timeout waited out: " + resolveMillis + " ms");

            Result bad = run("typeof", "rt/rosout", "--ros-msg-path", share.resolve("no-such-folder").toString());
            assertEquals(2, bad.code(), bad.err());
            assertTrue(bad.err().contains("--ros-msg-path: " + share.resolve("no-such-folder") + " is not a folder"),
                    bad.err());
        }
    }

    private static Result run(String... args) {
        String[] all = java.util.Arrays.copyOf(args, args.length + 4);
        System.arraycopy(new String[] {"--domain", "" + DOMAIN, "--wait", "15"}, 0, all, args.length, 4);
        return CliTest.run(all);
    }
}
