package org.ddstuner.cli.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.ddstuner.connection.Connection;
import org.ddstuner.dds.MemberKind;
import org.ddstuner.dds.Participant;
import org.ddstuner.dds.Qos;
import org.ddstuner.dds.Qos.DurabilityKind;
import org.ddstuner.dds.Qos.ReliabilityKind;
import org.ddstuner.dds.StructType;
import org.ddstuner.dds.Topic;
import org.ddstuner.dds.Writer;
import org.ddstuner.samples.DerivedQos;
import org.ddstuner.samples.QosDeriver;
import org.ddstuner.system.Endpoint;
import org.ddstuner.system.SystemSnapshot;
import org.ddstuner.testsupport.live.LiveConnectionTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Another DDS Tuner instance (a {@code ddstuner subscribe} child JVM: one connection per domain per process, so
 * it cannot be a second connection here) reads the topic with a reliable TRANSIENT_LOCAL probe reader. This
 * instance sees it flagged {@code tool()}, and it dictates neither the QoS derived for a new reader (the plain
 * application writer does) nor the one derived for a new writer (the application's best-effort volatile reader
 * does). Domain 57.
 */
class OtherInstanceQosTest extends LiveConnectionTest {

    private static final int DOMAIN = 57;
    private static final String TOPIC = "OtherTuner";
    private static final StructType TYPE = StructType.builder("tuner::Probe").key("id", MemberKind.INT32)
            .member("value", MemberKind.FLOAT64).build();

    @Test
    void anotherInstancesReaderDoesNotShapeTheDerivedQos(@TempDir Path dir) throws Exception {
        Connection c = connect(DOMAIN);
        Participant app = closeAfterTest(c.domain().createParticipant());
        Topic t = app.createTopic(TOPIC, TYPE, null);
        Writer w = app.createWriter(t, Qos.EMPTY.withReliable().withDurability(DurabilityKind.TRANSIENT_LOCAL)
                .withKeepLast(3));
        w.write(Map.of("id", 1, "value", 1.5));
        app.createReader(t, null); // Cyclone's default reader: best-effort, volatile
        SystemSnapshot before = await(c, "the application's writer and reader", s -> count(s, false) == 1
                && count(s, true) == 1);
        DerivedQos readerAlone = QosDeriver.forReader(before, TOPIC);
        DerivedQos writerAlone = QosDeriver.forWriter(before, TOPIC, null);
        assertEquals(DurabilityKind.VOLATILE, writerAlone.qos().durability().kind(), writerAlone.notes().toString());

        Path idl = dir.resolve("probe.idl");
        Files.writeString(idl, "module tuner {\n  struct Probe { @key long id; double value; };\n};\n");
        try (CliProcess other = CliProcess.start("subscribe", TOPIC, "--domain", "" + DOMAIN, "--idl", idl.toString(),
                "--type", "tuner::Probe", "--wait", "10")) {
            SystemSnapshot s = await(c, "the other instance's reader, flagged as a tool's", x -> x.endpoints().stream()
                    .anyMatch(e -> e.topicName().equals(TOPIC) && e.isReader() && e.tool() && !e.own() && e.alive()));
            Endpoint probe = s.endpoints().stream().filter(e -> e.topicName().equals(TOPIC) && e.tool() && e.isReader())
                    .findFirst().orElseThrow();
            assertEquals(DurabilityKind.TRANSIENT_LOCAL, probe.qos().durability().kind(),
                    "the other instance derived its reader from the writer: " + other.stderr());
            assertEquals(ReliabilityKind.RELIABLE, probe.qos().reliability().kind());
            assertTrue(probe.hidden());
            assertEquals(2, s.endpoints().stream().filter(e -> e.topicName().equals(TOPIC) && e.isReader()
                    && !e.own()).count(), "both readers are in the model");

            DerivedQos reader = QosDeriver.forReader(s, TOPIC);
            assertEquals(readerAlone.qos(), reader.qos());
            assertEquals(List.of(w.guid()), reader.peers(), "derived from the application's writer only");
            assertEquals(DurabilityKind.TRANSIENT_LOCAL, reader.qos().durability().kind());
            assertEquals(ReliabilityKind.RELIABLE, reader.qos().reliability().kind());

            DerivedQos writer = QosDeriver.forWriter(s, TOPIC, null);
            assertEquals(writerAlone.peers(), writer.peers(), "the application's reader only");
            assertEquals(writerAlone.qos(), writer.qos());
            assertEquals(DurabilityKind.VOLATILE, writer.qos().durability().kind(),
                    "the other instance's TRANSIENT_LOCAL probe must not make our writer keep history");
            assertEquals(ReliabilityKind.BEST_EFFORT, writer.qos().reliability().kind());
        }
    }

    private static long count(SystemSnapshot s, boolean readers) {
        return s.endpoints().stream().filter(e -> e.topicName().equals(TOPIC) && !e.hidden() && e.alive()
                && e.isReader() == readers).count();
    }

    private static SystemSnapshot await(Connection c, String what, java.util.function.Predicate<SystemSnapshot> p)
            throws InterruptedException {
        long end = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        SystemSnapshot s = c.model().snapshot(true);
        while (!p.test(s)) {
            if (System.nanoTime() > end) {
                throw new AssertionError("timed out waiting for " + what + "; endpoints: " + s.endpoints().stream()
                        .filter(e -> e.topicName().equals(TOPIC)).map(e -> e.kind() + (e.tool() ? " tool" : "")
                                + (e.own() ? " own" : "") + " " + e.qos()).toList());
            }
            Thread.sleep(20);
            s = c.model().snapshot(true);
        }
        return s;
    }
}
