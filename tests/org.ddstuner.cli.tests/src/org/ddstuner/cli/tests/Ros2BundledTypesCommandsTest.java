package org.ddstuner.cli.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.TimeUnit;

import org.ddstuner.testsupport.NetNs;
import org.ddstuner.testsupport.PeerProcess;
import org.ddstuner.testsupport.Peers;
import org.junit.jupiter.api.Test;

/**
 * {@code ddstuner typeof} and {@code subscribe} on a ROS 2 node on Fast DDS (tests/peers/ros2_talker.py --color,
 * domain 4) with no --ros-msg-path and no AMENT_PREFIX_PATH: the bundled ROS 2 messages type /rosout
 * (rcl_interfaces/Log with the nested builtin_interfaces/Time) and /color (std_msgs/ColorRGBA). Runs the CLI in a
 * child JVM on the bundles' classes, as the start script does on a plain class path (the bundled .msg files are
 * found as resources there too); that JVM exiting normally shows libddsc never asked Fast DDS for Log (it aborts
 * on the reply).
 */
class Ros2BundledTypesCommandsTest {

    private static final int DOMAIN = 4;

    @Test
    void typeofAndSubscribeUseTheBundledMessagesWithoutAnyRosInstallation() throws Exception {
        NetNs.requireIsolated();
        Peers.requireAvailable();
        try (PeerProcess talker = Peers.startRos2Talker(DOMAIN, "--color", "--period-ms", "50")) {
            String log = cli("typeof", "rt/rosout");
            assertTrue(log.contains("// topic rt/rosout: rcl_interfaces::msg::dds_::Log_"), log);
            assertTrue(log.contains("// source: ROS 2 message definition"), log);
            assertTrue(log.contains("ROS_MSG ok: bundled ROS 2 message rcl_interfaces/msg/Log (ROS 2 Kilted Kaiju) "
                    + "(without XTypes type information, so matched by type name"), log);
            for (String s : List.of("struct Time_ {", "builtin_interfaces::msg::dds_::Time_ stamp;", "uint8 level;",
                    "string msg;", "unsigned long line;")) {
                assertTrue(log.contains(s), s + " in\n" + log);
            }

            List<String> logs = cli("subscribe", "rt/rosout", "--count", "3", "--timeout", "20", "--filter",
                    "msg contains 'hello from'").lines().toList();
            assertEquals(3, logs.size(), String.join("\n", logs));
            for (String line : logs) {
                assertTrue(line.matches("\\S+ 010f\\S+ stamp\\.sec=\\d+ stamp\\.nanosec=\\d+ level=20 "
                        + "name=\"tuner_talker\" msg=\"hello from tuner_talker #\\d+\" .*"), line);
            }

            String color = cli("typeof", "rt/color");
            assertTrue(color.contains("ROS_MSG ok: bundled ROS 2 message std_msgs/msg/ColorRGBA (ROS 2 Kilted Kaiju)"),
                    color);
            List<String> colors = cli("subscribe", "rt/color", "--count", "3", "--timeout", "20").lines().toList();
            assertEquals(3, colors.size(), String.join("\n", colors));
            for (String line : colors) {
                assertTrue(line.matches("\\S+ 010f\\S+ r=0\\.25 g=0\\.5 b=0\\.75 a=\\d+(\\.0)?\\b.*"), line);
            }
            assertTrue(talker.isAlive(), talker.stderr());
        }
    }

    /** Runs the CLI in a child JVM without AMENT_PREFIX_PATH; its stdout (exit code 0 asserted). */
    private static String cli(String... args) throws Exception {
        String[] all = java.util.Arrays.copyOf(args, args.length + 4);
        System.arraycopy(new String[] {"--domain", "" + DOMAIN, "--wait", "15"}, 0, all, args.length, 4);
        try (CliProcess p = CliProcess.start(List.of("AMENT_PREFIX_PATH"), all)) {
            StringBuilder out = new StringBuilder();
            for (String line; (line = p.out.readLine()) != null;) {
                out.append(line).append('\n');
            }
            assertTrue(p.process.waitFor(30, TimeUnit.SECONDS), p.stderr());
            assertEquals(0, p.process.exitValue(), "exit code of " + String.join(" ", all) + "\n" + p.stderr());
            return out.toString();
        }
    }
}
