package org.ddstuner.dds.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteOrder;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;

import org.ddstuner.dds.AlreadyDeletedException;
import org.ddstuner.dds.Domain;
import org.ddstuner.dds.Participant;
import org.ddstuner.dds.Qos;
import org.ddstuner.dds.RawReader;
import org.ddstuner.dds.RawSample;
import org.ddstuner.dds.RawTopic;
import org.ddstuner.dds.RawWriter;
import org.ddstuner.dds.SampleInfo.SampleState;
import org.ddstuner.dds.TopicDescriptor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@link RawReader#read(int)} ({@code dds_readcdr}): samples stay in the reader's cache, a second read
 * returns only newer ones, a later take still gets every one (marked READ), the history depth bounds what
 * stays, and waitForData wakes up only for samples not read yet. Domain 207.
 */
class RawReaderReadTest {

    private static final int DOMAIN = 207;
    private static final byte[] BLOB = {9};

    @RegisterExtension
    static final LoopbackDomain domain = new LoopbackDomain(DOMAIN);

    private static byte[] shape(int id, String label) {
        return ShapeType.shape(ByteOrder.LITTLE_ENDIAN, 1, "red", id, id * 10, id / 4.0, label, BLOB);
    }

    private static String hex(byte[] b) {
        return HexFormat.of().formatHex(b);
    }

    /** Reads until {@code count} samples came back in total (they may arrive in several calls). */
    private static List<RawSample> readAll(RawReader r, int count) {
        List<RawSample> out = new java.util.ArrayList<>();
        long end = System.nanoTime() + Poll.TIMEOUT.toNanos();
        while (out.size() < count && System.nanoTime() < end) {
            r.waitForData(Duration.ofMillis(100));
            out.addAll(r.read(64));
        }
        assertEquals(count, out.size(), "samples read");
        return out;
    }

    @Test
    void readLeavesSamplesAndReturnsOnlyNewOnes() {
        try (TopicDescriptor d = TopicDescriptor.fromSpec(ShapeType.shape());
                Participant pub = domain.createParticipant(); Participant sub = domain.createParticipant()) {
            Qos qos = Qos.EMPTY.withReliable().withKeepLast(3);
            RawWriter w = RawWriter.create(pub, RawTopic.create(pub, "RawRead", d, null), qos);
            RawReader r = RawReader.create(sub, RawTopic.create(sub, "RawRead", d, null), qos);
            assertTrue(Poll.until(() -> w.publicationMatched().currentCount() == 1), "matched");
            assertEquals(List.of(), r.read(10), "nothing written yet");

            w.write(shape(1, "one"));
            w.write(shape(2, "two"));
            List<RawSample> first = readAll(r, 2);
            assertEquals(hex(shape(1, "one")), hex(first.get(0).data()));
            assertEquals(hex(shape(2, "two")), hex(first.get(1).data()));
            assertEquals(SampleState.NOT_READ, first.get(0).info().sampleState(), "state as it was before this read");
            assertFalse(r.waitForData(Duration.ofMillis(200)), "read samples do not wake the waiter again");
            assertEquals(List.of(), r.read(10), "nothing new");

            w.write(shape(1, "one again"));
            List<RawSample> second = readAll(r, 1);
            assertEquals(hex(shape(1, "one again")), hex(second.get(0).data()));
            assertEquals(first.get(0).info().instanceHandle(), second.get(0).info().instanceHandle());

            List<RawSample> taken = r.take(10);
            assertEquals(3, taken.size(), "read samples stay in the cache until taken");
            assertTrue(taken.stream().allMatch(s -> s.info().sampleState() == SampleState.READ), taken.toString());
            assertEquals(List.of(), r.take(10));
        }
    }

    @Test
    void historyDepthBoundsWhatReadLeaves() {
        try (TopicDescriptor d = TopicDescriptor.fromSpec(ShapeType.shape());
                Participant pub = domain.createParticipant(); Participant sub = domain.createParticipant()) {
            RawWriter w = RawWriter.create(pub, RawTopic.create(pub, "RawReadDepth", d, null),
                    Qos.EMPTY.withReliable().withKeepLast(10));
            RawReader r = RawReader.create(sub, RawTopic.create(sub, "RawReadDepth", d, null),
                    Qos.EMPTY.withReliable().withKeepLast(2));
            assertTrue(Poll.until(() -> w.publicationMatched().currentCount() == 1), "matched");
            for (int i = 0; i < 5; i++) {
                w.write(shape(7, "v" + i));
                readAll(r, 1);
            }
            List<RawSample> kept = r.take(10);
            assertEquals(2, kept.size(), "keep-last 2 of one instance");
            assertEquals(hex(shape(7, "v4")), hex(kept.get(1).data()));
        }
    }

    @Test
    void badArgumentsAndClosedReader() {
        try (TopicDescriptor d = TopicDescriptor.fromSpec(ShapeType.shape()); Participant p = domain.createParticipant()) {
            RawReader r = RawReader.create(p, RawTopic.create(p, "RawReadClosed", d, null), null);
            assertThrows(IllegalArgumentException.class, () -> r.read(0));
            r.close();
            assertThrows(AlreadyDeletedException.class, () -> r.read(1));
        }
    }
}
