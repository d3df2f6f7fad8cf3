package org.ddstuner.cli.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.TimeUnit;

import org.ddstuner.cli.tests.CliTest.Result;
import org.ddstuner.testsupport.NetNs;
import org.ddstuner.testsupport.PeerProcess;
import org.ddstuner.testsupport.Peers;
import org.junit.jupiter.api.Test;

/**
 * The topic commands against a ROS 2 node on Fast DDS (tests/peers/ros2_talker.py) on domain 164: the type
 * comes from the bundled ROS 2 message (Fast DDS answers TypeLookup only to a reader that exists already),
 * subscribe prints what the node publishes on /chatter, and the node receives what publish writes on /ping.
 */
class Ros2TopicCommandsTest {

    private static final int DOMAIN = 164;

    @Test
    void typeofSubscribeAndPublishOnARos2Node() throws Exception {
        NetNs.requireIsolated();
        Peers.requireAvailable();
        try (PeerProcess talker = Peers.startRos2Talker(DOMAIN, "--verbose", "--period-ms", "50")) {
            Result t = run("typeof", "rt/chatter");
            assertEquals(0, t.code(), t.err());
            assertTrue(t.out().contains("// topic rt/chatter: std_msgs::msg::dds_::String_"), t.out());
            assertTrue(t.out().contains("// source: ROS 2 message definition"), t.out());
            assertTrue(t.out().contains("Fast DDS answers only TypeLookup requests addressed to it"), t.out());
            assertTrue(t.out().contains("struct String_ {") && t.out().contains("string data;"), t.out());

            Result s = run("subscribe", "rt/chatter", "--count", "3", "--timeout", "20");
            assertEquals(0, s.code(), s.err());
            List<String> lines = s.out().lines().toList();
            assertEquals(3, lines.size(), s.out());
            for (String line : lines) {
                assertTrue(line.matches("\\S+ 010f\\S+ data=\"hello from tuner_talker #\\d+\""), line);
            }

            Result p = run("publish", "rt/ping", "--json", "{\"data\": \"ping from the cli\"}");
            assertEquals(0, p.code(), p.err() + p.out());
            assertTrue(p.out().contains("readers matched: 1 of 1 discovered"), p.out());
            long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(15);
            while (!talker.stderr().contains("/ping 'ping from the cli'") && System.nanoTime() < end) {
                Thread.sleep(20);
            }
            assertTrue(talker.stderr().contains("/ping 'ping from the cli'"), talker.stderr());
        }
    }

    private static Result run(String... args) {
        String[] all = java.util.Arrays.copyOf(args, args.length + 4);
        System.arraycopy(new String[] {"--domain", "" + DOMAIN, "--wait", "15"}, 0, all, args.length, 4);
        return CliTest.run(all);
    }
}
