package org.ddstuner.dds.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteOrder;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.function.Predicate;

import org.ddstuner.dds.AlreadyDeletedException;
import org.ddstuner.dds.Domain;
import org.ddstuner.dds.Participant;
import org.ddstuner.dds.Qos;
import org.ddstuner.dds.RawReader;
import org.ddstuner.dds.RawSample;
import org.ddstuner.dds.RawTopic;
import org.ddstuner.dds.RawWriter;
import org.ddstuner.dds.SampleInfo.InstanceState;
import org.ddstuner.dds.TopicDescriptor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Writing serialized samples of a type described at run time (a hand-written {@link ShapeType} spec):
 * the bytes a raw reader on another participant receives are the bytes written (or, for big-endian or
 * XCDR2 input re-serialized by a default XCDR1 writer, the same values in the writer's encoding), and
 * keys, instances, dispose, unregister and timestamps work. Domain 198.
 */
class RawWriterTest {

    private static final int DOMAIN = 198;
    private static final byte[] BLOB = {1, 2, 3};
    private static final Qos QOS = Qos.EMPTY.withReliable().withKeepLast(16);

    @RegisterExtension
    static final LoopbackDomain domain = new LoopbackDomain(DOMAIN);

    /** A writer and a reader on two participants of the same spec-built topic, matched. */
    private record Pair(TopicDescriptor descriptor, Participant pub, Participant sub, RawWriter writer, RawReader reader)
            implements AutoCloseable {
        @Override
        public void close() {
            pub.close();
            sub.close();
            descriptor.close();
        }
    }

    private static Pair pair(String topic, TopicDescriptor d, Qos writerQos) {
        Participant pub = domain.createParticipant();
        Participant sub = domain.createParticipant();
        RawWriter w = RawWriter.create(pub, RawTopic.create(pub, topic, d, null), writerQos);
        RawReader r = RawReader.create(sub, RawTopic.create(sub, topic, d, null), QOS);
        assertTrue(Poll.until(() -> w.publicationMatched().currentCount() == 1), "raw writer and reader match");
        return new Pair(d, pub, sub, w, r);
    }

    static List<RawSample> receive(RawReader r, int count, Predicate<RawSample> which) {
        List<RawSample> out = new ArrayList<>();
        long end = System.nanoTime() + Poll.TIMEOUT.toNanos();
        while (out.size() < count && System.nanoTime() < end) {
            r.waitForData(Duration.ofMillis(100));
            r.take(32).stream().filter(which).forEach(out::add);
        }
        assertEquals(count, out.size(), "samples received");
        return out;
    }

    private static String hex(byte[] b) {
        return HexFormat.of().formatHex(b);
    }

    @Test
    void xcdr1LittleEndianBytesArriveUnchanged() {
        try (Pair p = pair("RawShapesLe", TopicDescriptor.fromSpec(ShapeType.shape()), QOS)) {
            byte[] red = ShapeType.shape(ByteOrder.LITTLE_ENDIAN, 1, "red", 7, 42, 2.5, "hi", BLOB);
            byte[] blue = ShapeType.shape(ByteOrder.LITTLE_ENDIAN, 1, "blue", 8, -1, -0.125, "", new byte[0]);
            p.writer().write(red);
            p.writer().write(blue);
            List<RawSample> got = receive(p.reader(), 2, s -> s.info().validData());
            assertEquals(hex(red), hex(got.get(0).data()));
            assertEquals(hex(blue), hex(got.get(1).data()));
            assertEquals(RawSample.CDR_LE, got.get(0).encapsulation());
            assertTrue(got.get(0).info().instanceHandle() != got.get(1).info().instanceHandle(), "two keys, two instances");
        }
    }

    @Test
    void bigEndianInputIsByteSwappedByLibddsc() {
        try (Pair p = pair("RawShapesBe", TopicDescriptor.fromSpec(ShapeType.shape()), QOS)) {
            p.writer().write(ShapeType.shape(ByteOrder.BIG_ENDIAN, 1, "green", 9, 1000, 1e300, "big", BLOB));
            RawSample got = receive(p.reader(), 1, s -> s.info().validData()).get(0);
            assertEquals(hex(ShapeType.shape(ByteOrder.LITTLE_ENDIAN, 1, "green", 9, 1000, 1e300, "big", BLOB)),
                    hex(got.data()), "same values, re-serialized little endian by the writer");
        }
    }

    @Test
    void xcdr2InputWithAnXcdr2WriterArrivesUnchanged() {
        Qos xcdr2 = QOS.with(new Qos.DataRepresentation(List.of(Qos.XCDR2)));
        try (Pair p = pair("RawShapesX2", TopicDescriptor.fromSpec(ShapeType.shape()), xcdr2)) {
            byte[] le = ShapeType.shape(ByteOrder.LITTLE_ENDIAN, 2, "cyan", 3, 5, 0.5, "x2", BLOB);
            p.writer().write(le);
            p.writer().write(ShapeType.shape(ByteOrder.BIG_ENDIAN, 2, "cyan", 4, 5, 0.5, "x2", BLOB));
            List<RawSample> got = receive(p.reader(), 2, s -> s.info().validData());
            assertEquals(RawSample.CDR2_LE, got.get(0).encapsulation());
            assertEquals(hex(le), hex(got.get(0).data()));
            assertEquals(hex(ShapeType.shape(ByteOrder.LITTLE_ENDIAN, 2, "cyan", 4, 5, 0.5, "x2", BLOB)),
                    hex(got.get(1).data()));
        }
    }

    @Test
    void xcdr2InputWithADefaultWriterArrivesAsXcdr1() {
        try (Pair p = pair("RawShapesX2to1", TopicDescriptor.fromSpec(ShapeType.shape()), QOS)) {
            p.writer().write(ShapeType.shape(ByteOrder.LITTLE_ENDIAN, 2, "grey", 1, 2, 3.0, "four", BLOB));
            RawSample got = receive(p.reader(), 1, s -> s.info().validData()).get(0);
            assertEquals(hex(ShapeType.shape(ByteOrder.LITTLE_ENDIAN, 1, "grey", 1, 2, 3.0, "four", BLOB)),
                    hex(got.data()));
        }
    }

    @Test
    void appendableTypeTakesDelimitedXcdr2Only() {
        try (Pair p = pair("RawNotes", TopicDescriptor.fromSpec(ShapeType.note()), QOS)) {
            byte[] note = ShapeType.note(ByteOrder.LITTLE_ENDIAN, 11, "appendable");
            p.writer().write(note);
            p.writer().write(ShapeType.note(ByteOrder.BIG_ENDIAN, 12, "swapped"));
            List<RawSample> got = receive(p.reader(), 2, s -> s.info().validData());
            assertEquals(RawSample.D_CDR2_LE, got.get(0).encapsulation());
            assertEquals(hex(note), hex(got.get(0).data()));
            assertEquals(hex(ShapeType.note(ByteOrder.LITTLE_ENDIAN, 12, "swapped")), hex(got.get(1).data()));
            byte[] plain = ShapeType.shape(ByteOrder.LITTLE_ENDIAN, 1, "red", 7, 42, 2.5, "hi", BLOB);
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> p.writer().write(plain));
            assertTrue(e.getMessage().contains("CDR_LE") && e.getMessage().contains("@appendable"), e.getMessage());
        }
    }

    @Test
    void disposeAndUnregisterChangeOnlyTheirInstance() {
        try (Pair p = pair("RawShapesLifecycle", TopicDescriptor.fromSpec(ShapeType.shape()), QOS)) {
            byte[] a = ShapeType.shape(ByteOrder.LITTLE_ENDIAN, 1, "red", 1, 0, 0, "a", BLOB);
            byte[] b = ShapeType.shape(ByteOrder.LITTLE_ENDIAN, 1, "red", 2, 0, 0, "b", BLOB);
            byte[] c = ShapeType.shape(ByteOrder.LITTLE_ENDIAN, 1, "blue", 1, 0, 0, "c", BLOB);
            p.writer().write(a);
            p.writer().write(b);
            p.writer().write(c);
            List<RawSample> written = receive(p.reader(), 3, s -> s.info().validData());
            long ha = written.get(0).info().instanceHandle();
            long hb = written.get(1).info().instanceHandle();
            // only the key matters for dispose: other members differ on purpose
            p.writer().dispose(ShapeType.shape(ByteOrder.LITTLE_ENDIAN, 1, "red", 1, 99, 9.9, "other", new byte[0]));
            RawSample disposed = receive(p.reader(), 1, s -> !s.info().validData()).get(0);
            assertEquals(ha, disposed.info().instanceHandle());
            assertEquals(InstanceState.NOT_ALIVE_DISPOSED, disposed.info().instanceState());
            p.writer().unregister(b);
            RawSample unregistered = receive(p.reader(), 1, s -> !s.info().validData()).get(0);
            assertEquals(hb, unregistered.info().instanceHandle());
            // writer_data_lifecycle autodispose is on by default: unregistering disposes too
            assertEquals(InstanceState.NOT_ALIVE_DISPOSED, unregistered.info().instanceState());
            p.writer().write(ShapeType.shape(ByteOrder.LITTLE_ENDIAN, 1, "blue", 1, 1, 1, "c2", BLOB));
            RawSample alive = receive(p.reader(), 1, s -> s.info().validData()).get(0);
            assertEquals(InstanceState.ALIVE, alive.info().instanceState());
        }
    }

    @Test
    void sourceTimestampIsKept() {
        try (Pair p = pair("RawShapesTs", TopicDescriptor.fromSpec(ShapeType.shape()), QOS)) {
            long ts = 1_700_000_000_123_456_789L;
            p.writer().write(ShapeType.shape(ByteOrder.LITTLE_ENDIAN, 1, "ts", 1, 0, 0, "", BLOB), ts);
            RawSample got = receive(p.reader(), 1, s -> s.info().validData()).get(0);
            assertEquals(ts, got.info().sourceTimestamp().getEpochSecond() * 1_000_000_000L
                    + got.info().sourceTimestamp().getNano());
        }
    }

    @Test
    void writerOnAPublisherAndAfterClose() {
        try (TopicDescriptor d = TopicDescriptor.fromSpec(ShapeType.shape()); Participant p = domain.createParticipant()) {
            RawTopic t = RawTopic.create(p, "RawShapesPub", d, null);
            RawWriter w = RawWriter.create(p.createPublisher(Qos.EMPTY.withPartitions("p1")), t, QOS);
            assertEquals(0, w.publicationMatched().currentCount());
            byte[] s = ShapeType.shape(ByteOrder.LITTLE_ENDIAN, 1, "x", 1, 0, 0, "", BLOB);
            w.write(s);
            w.close();
            assertThrows(AlreadyDeletedException.class, () -> w.write(s));
        }
    }

    @Test
    void closingTheDescriptorEarlyDoesNotHurtTheWriter() {
        TopicDescriptor d = TopicDescriptor.fromSpec(ShapeType.shape());
        try (Pair p = pair("RawShapesEarlyClose", d, QOS)) {
            d.close(); // libddsc copied what the topic needs, the writer keeps its own copy of the ops
            byte[] s = ShapeType.shape(ByteOrder.LITTLE_ENDIAN, 1, "late", 1, 2, 3, "after close", BLOB);
            p.writer().write(s);
            assertEquals(hex(s), hex(receive(p.reader(), 1, x -> x.info().validData()).get(0).data()));
            assertThrows(IllegalArgumentException.class, () -> p.writer().write(Arrays.copyOf(s, 10)));
        }
    }
}
