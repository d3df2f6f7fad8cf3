package org.ddstuner.system.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.function.Function;
import java.util.function.Predicate;

import org.ddstuner.dds.CycloneConfig;
import org.ddstuner.dds.Domain;
import org.ddstuner.dds.Guid;
import org.ddstuner.dds.MemberKind;
import org.ddstuner.dds.Qos;
import org.ddstuner.dds.Qos.DurabilityKind;
import org.ddstuner.dds.StructType;
import org.ddstuner.system.DiscoveryFeed;
import org.ddstuner.system.Endpoint;
import org.ddstuner.system.Match;
import org.ddstuner.system.ModelOptions;
import org.ddstuner.system.Participant;
import org.ddstuner.system.Problem;
import org.ddstuner.system.SnapshotJson;
import org.ddstuner.system.SystemModel;
import org.ddstuner.system.SystemSnapshot;
import org.ddstuner.system.match.MismatchReason;
import org.ddstuner.system.match.MismatchReason.Check;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Real libddsc participants on the loopback-only configuration: the model, fed from the built-in
 * topics, sees a peer participant with host/pid/process, its endpoints with partitions and QoS, a
 * match and a non-match with the right explanation, and the peer going away. Must run inside
 * releng/scripts/netns-run.sh (network rule); elsewhere it is skipped with a message.
 */
class DiscoveryFeedTest {

    private static final int DOMAIN = 57;
    private static final Duration WAIT = Duration.ofSeconds(15);

    private Domain domain;
    private SystemModel model;
    private DiscoveryFeed feed;

    @BeforeEach
    void open() {
        Assumptions.assumeTrue("1".equals(System.getenv("DDSTUNER_IN_NETNS")),
                "creates DDS participants: run inside releng/scripts/netns-run.sh");
        domain = Domain.open(DOMAIN, CycloneConfig.loopbackOnly());
        model = new SystemModel(ModelOptions.defaults());
        var monitor = domain.createParticipant(Qos.EMPTY.withEntityName("ddstuner-monitor"));
        feed = DiscoveryFeed.start(monitor, model);
    }

    @AfterEach
    void close() {
        if (feed != null) {
            feed.close();
        }
        if (model != null) {
            model.close();
        }
        if (domain != null) {
            domain.close();
        }
    }

    @Test
    void seesPeerEndpointsMatchesAndDeparture() throws Exception {
        StructType type = StructType.builder("demo::Reading").key("id", MemberKind.INT32)
                .member("value", MemberKind.FLOAT64).build();
        var peer = domain.createParticipant(Qos.EMPTY.withEntityName("peer-under-test"));
        var topic = peer.createTopic("Readings", type, null);
        var writer = peer.createPublisher(Qos.EMPTY.withPartitions("robot1"))
                .createWriter(topic, Qos.EMPTY.withReliable().withDurability(DurabilityKind.VOLATILE));
        var matching = peer.createSubscriber(Qos.EMPTY.withPartitions("robot*"))
                .createReader(topic, Qos.EMPTY.withReliable());
        var durable = peer.createSubscriber(Qos.EMPTY.withPartitions("robot1"))
                .createReader(topic, Qos.EMPTY.withReliable().withDurability(DurabilityKind.TRANSIENT_LOCAL));
        Guid peerGuid = peer.guid();
        Guid writerGuid = writer.guid();

        SystemSnapshot s = await(snap -> snap.endpointsOf(peerGuid).size() == 3
                && snap.participant(peerGuid).map(Participant::known).orElse(false), "peer and its 3 endpoints");

        Participant p = s.participant(peerGuid).orElseThrow();
        assertEquals("peer-under-test", p.displayName());
        assertEquals(0x0110, p.vendor().id());
        assertEquals("Eclipse Cyclone DDS", p.vendor().name());
        assertNotNull(p.process().host(), "Cyclone sends __Hostname");
        assertEquals(ProcessHandle.current().pid(), p.process().pid(), "Cyclone sends __Pid");
        assertNotNull(p.process().processName(), "Cyclone sends __ProcessName");
        // Cyclone 0.10 sends "localprocess" instead of addresses for a participant in the observer's process
        assertEquals(List.of("localprocess"), p.process().addresses(), "Cyclone sends __NetworkAddresses");
        assertTrue(s.participant(feed.participant().guid()).isEmpty(), "the monitor itself is hidden");
        assertTrue(model.snapshot(true).participant(feed.participant().guid()).orElseThrow().own());

        Endpoint w = s.endpoint(writer.guid()).orElseThrow();
        assertEquals("Readings", w.topicName());
        assertEquals("demo::Reading", w.typeName());
        assertEquals(List.of("robot1"), w.partitions());
        assertEquals(Qos.ReliabilityKind.RELIABLE, w.qos().reliability().kind());
        assertEquals(List.of("robot*"), s.endpoint(matching.guid()).orElseThrow().partitions());

        Match good = only(s.matchesOf(matching.guid()));
        assertTrue(good.matched(), good.reasons().toString());
        assertEquals(List.of(writer.guid()), s.matchedPeersOf(matching.guid()).stream().map(Endpoint::guid).toList());
        Match bad = only(s.matchesOf(durable.guid()));
        assertEquals(List.of(new MismatchReason(Check.DURABILITY, "durability: reader TRANSIENT_LOCAL > writer VOLATILE",
                "reader requests TRANSIENT_LOCAL durability, writer offers VOLATILE",
                "give the writer TRANSIENT_LOCAL durability or higher, or the reader VOLATILE")), bad.reasons());
        // Cyclone agrees: the matching reader is matched, the durable one is not
        assertEquals(1, matching.subscriptionMatched().currentCount());
        assertEquals(0, durable.subscriptionMatched().currentCount());
        assertTrue(s.problems().stream().anyMatch(pr -> pr.kind() == Problem.Kind.ENDPOINT_UNMATCHED
                && pr.subject().equals(durable.guid().toString()) && pr.message().contains("TRANSIENT_LOCAL")));
        assertTrue(SnapshotJson.toJson(s).contains("\"peer-under-test\""));

        peer.close();
        s = await(snap -> snap.participant(peerGuid).map(x -> !x.alive()).orElse(false), "peer marked gone");
        assertFalse(s.endpoint(writerGuid).orElseThrow().alive(), "its endpoints go with it");
        assertTrue(s.problems().stream().anyMatch(pr -> pr.kind() == Problem.Kind.PARTICIPANT_LOST
                && pr.subject().equals(peerGuid.toString())));
    }

    @Test
    void seesAnotherProcess() throws Exception {
        Assumptions.assumeTrue(new java.io.File("/usr/bin/ddsperf").canExecute(),
                "needs ddsperf (Debian package cyclonedds-tools)");
        ProcessBuilder pb = new ProcessBuilder("ddsperf", "-i", Integer.toString(DOMAIN), "-D", "60", "pub", "5Hz")
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD);
        pb.environment().put("CYCLONEDDS_URI", CycloneConfig.loopbackOnly());
        Process ddsperf = pb.start();
        try {
            long pid = ddsperf.pid();
            SystemSnapshot s = await(snap -> snap.participants().stream().anyMatch(p -> p.process().pid() == pid
                    && snap.endpointsOf(p.guid()).stream().anyMatch(e -> e.topicName().equals("DDSPerfRDataKS"))),
                    "the ddsperf participant and its DDSPerfRDataKS writer");
            Participant p = s.participants().stream().filter(x -> x.process().pid() == pid).findFirst().orElseThrow();
            assertEquals("ddsperf", p.process().processName());
            assertEquals("Eclipse Cyclone DDS", p.vendor().name());
            assertTrue(p.process().addresses().get(0).startsWith("udp/127.0.0.1:"), p.process().toString());
            assertEquals(List.of("127.0.0.1"), p.process().addressHosts());
            Endpoint data = s.endpointsOf(p.guid()).stream().filter(e -> e.topicName().equals("DDSPerfRDataKS"))
                    .findFirst().orElseThrow(() -> new AssertionError(s.endpointsOf(p.guid()).toString()));
            assertFalse(data.isReader());
            assertEquals(Qos.ReliabilityKind.RELIABLE, data.qos().reliability().kind());

            ddsperf.destroy();
            assertTrue(ddsperf.waitFor(10, java.util.concurrent.TimeUnit.SECONDS));
            await(snap -> snap.participant(p.guid()).map(x -> !x.alive()).orElse(false), "ddsperf marked gone");
        } finally {
            ddsperf.destroyForcibly();
        }
    }

    private SystemSnapshot await(Predicate<SystemSnapshot> condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + WAIT.toNanos();
        SystemSnapshot s = model.snapshot();
        while (!condition.test(s)) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting for " + what + "; model has "
                        + describe(s, Participant::displayName));
            }
            Thread.sleep(20);
            s = model.snapshot();
        }
        return s;
    }

    private static String describe(SystemSnapshot s, Function<Participant, String> name) {
        return s.participants().stream().map(p -> name.apply(p) + "=" + s.endpointsOf(p.guid()).size()).toList()
                + " problems " + s.problems().stream().map(Problem::message).toList();
    }

    private static Match only(List<Match> matches) {
        assertEquals(1, matches.size(), matches.toString());
        return matches.get(0);
    }
}
