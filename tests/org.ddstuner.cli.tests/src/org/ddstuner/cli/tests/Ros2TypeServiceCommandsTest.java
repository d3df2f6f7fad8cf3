package org.ddstuner.cli.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.ddstuner.cli.tests.CliTest.Result;
import org.ddstuner.testsupport.NetNs;
import org.ddstuner.testsupport.PeerProcess;
import org.ddstuner.testsupport.Peers;
import org.junit.jupiter.api.Test;

/**
 * Types a ROS 2 node describes through its ~/get_type_description service (tests/peers/ros2_talker.py --unbundled,
 * domain 29): {@code typeof rt/gid} prints rmw_dds_common/Gid (bundled nowhere) from the node's description and
 * {@code subscribe rt/key_value} decodes what the node sent.
 */
class Ros2TypeServiceCommandsTest {

    private static final int DOMAIN = 29;

    @Test
    void typeofAndSubscribeUseTheNodesTypeDescription() throws Exception {
        NetNs.requireIsolated();
        Peers.requireAvailable();
        try (PeerProcess talker = Peers.startRos2Talker(DOMAIN, "--unbundled", "--period-ms", "50")) {
            Result t = run("typeof", "rt/gid");
            assertEquals(0, t.code(), t.err());
            assertTrue(t.out().contains("// source: ROS 2 type description service"), t.out());
            assertTrue(t.out().contains("ROS_SERVICE ok: ROS 2 type description service of node /tuner_talker "
                    + "(rmw_dds_common/msg/Gid, RIHS01_"), t.out());
            assertTrue(t.out().contains("uint8 data[16];"), t.out());

            Result s = run("subscribe", "rt/key_value", "--count", "3", "--timeout", "20");
            assertEquals(0, s.code(), s.err());
            List<String> lines = s.out().lines().toList();
            assertEquals(3, lines.size(), s.out());
            for (String line : lines) {
                assertTrue(line.matches("\\S+ 010f\\S+ key=\"count\" value=\"\\d+\""), line);
            }
            assertTrue(talker.isAlive(), talker.stderr());
        }
    }

    private static Result run(String... args) {
        String[] all = java.util.Arrays.copyOf(args, args.length + 4);
        System.arraycopy(new String[] {"--domain", "" + DOMAIN, "--wait", "15"}, 0, all, args.length, 4);
        return CliTest.run(all);
    }
}
