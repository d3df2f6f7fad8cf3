package org.ddstuner.samples.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Map;

import org.ddstuner.connection.Connection;
import org.ddstuner.samples.ImportedTypes;
import org.ddstuner.samples.InjectionGuard;
import org.ddstuner.samples.QosDeriver;
import org.ddstuner.samples.ReaderSession;
import org.ddstuner.samples.ResolutionAttempt;
import org.ddstuner.samples.ResolvedType;
import org.ddstuner.samples.TypeResolver;
import org.ddstuner.samples.TypeSource;
import org.ddstuner.samples.WriterSession;
import org.ddstuner.testsupport.PeerProcess;
import org.ddstuner.testsupport.Peers;
import org.junit.jupiter.api.Test;

/**
 * A ROS 2 talker on Fast DDS 3.2 (tests/peers/ros2_talker.py): WIRE does not ask Fast DDS (it would not
 * answer, see FastDdsTypes), the bundled std_msgs/String gives the type (same type identifiers as the node's,
 * so our reader keeps its type information), our reader decodes /chatter, then the wire type resolves too; what we write on /ping reaches the
 * node. Domain 212.
 */
class Ros2PeerTest extends Live {

    private static final int DOMAIN = 212;

    @Test
    void rosMessageFirstThenTheWireAndInjection() throws Exception {
        Peers.requireAvailable();
        PeerProcess talker = closeAfterTest(Peers.startRos2Talker(DOMAIN, "--verbose", "--period-ms", "50"));
        Connection c = connect(DOMAIN);
        awaitModel(c, "rt/chatter writer and rt/ping reader",
                x -> count(x, "rt/chatter", false) == 1 && count(x, "rt/ping", true) == 1);
        TypeResolver resolver = new TypeResolver(c, new ImportedTypes());
        long t0 = System.nanoTime();
        ResolvedType chatter = closeAfterTest(resolver.resolve("rt/chatter"));
        assertWireSkipped(chatter.attempts().stream().filter(a -> a.source() == TypeSource.WIRE).findFirst().orElseThrow(), t0);
        assertTrue(chatter.attempts().get(0).detail().contains("live in other processes"), chatter.attempts().toString());
        assertEquals(TypeSource.ROS_MSG, chatter.source());
        assertEquals("std_msgs::msg::dds_::String_", chatter.typeName());

        ReaderSession r = closeAfterTest(ReaderSession.open(c, chatter, ReaderSession.Config.of(
                QosDeriver.forReader(c.model().snapshot(true), "rt/chatter"))));
        await("/chatter samples", () -> r.samples().size() >= 3, () -> r.stats().toString());
        assertTrue(String.valueOf(r.samples().get(0).field("data")).startsWith("hello from tuner_talker #"),
                String.valueOf(r.samples().get(0).value()));

        ResolvedType wire = closeAfterTest(resolver.resolveFromWire("rt/chatter", Duration.ofSeconds(10)));
        assertEquals(TypeSource.WIRE, wire.source());
        assertEquals(chatter.library().struct(chatter.typeName()).members().get(0).name(),
                wire.library().struct(wire.typeName()).members().get(0).name());

        ResolvedType ping = closeAfterTest(resolver.resolve("rt/ping"));
        InjectionGuard.of(c).confirm();
        assertEquals(TypeSource.ROS_MSG, ping.source(), ping.attempts().toString());
        WriterSession w = closeAfterTest(WriterSession.open(c, ping, QosDeriver.forWriter(c.model().snapshot(true),
                "rt/ping", ping)));
        await("matched the node's /ping reader", () -> w.matchedReaders() == 1, () -> "");
        w.write(Map.of("data", "ping from tuner"));
        await("the node got it", () -> talker.stderr().contains("/ping 'ping from tuner'"), talker::stderr);
    }

    private static void assertWireSkipped(ResolutionAttempt first, long t0) {
        assertEquals(TypeSource.WIRE, first.source());
        assertTrue(!first.succeeded() && first.detail().contains("Fast DDS answers only TypeLookup requests addressed to it"),
                first.detail());
        assertTrue(System.nanoTime() - t0 < 3_000_000_000L, "no TypeLookup timeout was waited for");
    }
}
