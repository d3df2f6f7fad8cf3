package org.ddstuner.dds.tests;

import java.nio.ByteOrder;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.ddstuner.dds.CycloneConfig;
import org.ddstuner.dds.DdsLibrary;
import org.ddstuner.dds.Domain;
import org.ddstuner.dds.Participant;
import org.ddstuner.dds.Qos;
import org.ddstuner.dds.RawReader;
import org.ddstuner.dds.RawSample;
import org.ddstuner.dds.RawTopic;
import org.ddstuner.dds.RawWriter;
import org.ddstuner.dds.ReaderStatuses;
import org.ddstuner.dds.TopicDescriptor;

/**
 * Run by {@link Libddsc11Test} in a child JVM on libddsc 11.x: spec descriptor, raw writes (XCDR1 LE,
 * XCDR2 BE), a typed and an untyped raw reader, bad bytes rejected. Prints the library, then OK or
 * what failed (exit 1).
 */
public final class Libddsc11Check {

    private Libddsc11Check() {
    }

    public static void main(String[] args) throws Exception {
        System.out.println(DdsLibrary.get());
        Qos qos = Qos.EMPTY.withReliable().withKeepLast(16);
        byte[] blob = {1, 2, 3};
        try (Domain d = Domain.create(Integer.parseInt(args[0]), CycloneConfig.loopbackOnly());
                TopicDescriptor td = TopicDescriptor.fromSpec(ShapeType.shape());
                TopicDescriptor ut = TopicDescriptor.untyped("demo::Shape", true)) {
            Participant p = d.createParticipant();
            Participant q = d.createParticipant();
            RawTopic t = RawTopic.create(p, "Shapes11", td, null);
            RawWriter w = RawWriter.create(p, t, qos);
            RawReader typed = RawReader.create(q, RawTopic.create(q, "Shapes11", td, null), qos);
            RawReader untyped = RawReader.create(q, RawTopic.create(q, "Shapes11", ut, null), qos);
            long end = System.nanoTime() + 5_000_000_000L;
            while (w.publicationMatched().currentCount() < 2 && System.nanoTime() < end) {
                Thread.sleep(10);
            }
            check(w.publicationMatched().currentCount() == 2, "writer matched " + w.publicationMatched());
            byte[] le = ShapeType.shape(ByteOrder.LITTLE_ENDIAN, 1, "red", 7, 42, 2.5, "hi", blob);
            w.write(le);
            w.write(ShapeType.shape(ByteOrder.BIG_ENDIAN, 2, "blue", 8, 43, 3.5, "ho", blob));
            byte[] blueLe = ShapeType.shape(ByteOrder.LITTLE_ENDIAN, 1, "blue", 8, 43, 3.5, "ho", blob);
            for (RawReader r : List.of(typed, untyped)) {
                List<RawSample> got = receive(r, 2);
                check(Arrays.equals(le, got.get(0).data()), "first sample equal");
                check(Arrays.equals(blueLe, got.get(1).data()), "XCDR2 BE sample re-serialized as XCDR1 LE");
            }
            for (int n = 0; n < le.length; n++) {
                try {
                    w.write(Arrays.copyOf(le, n));
                    check(false, "a truncation to " + n + " bytes was accepted");
                } catch (IllegalArgumentException expected) {
                    // rejected before dds_stream_read
                }
            }
            typed.waitForData(Duration.ofMillis(200));
            check(typed.take(10).isEmpty(), "nothing written by the rejected samples");
            // the reader statuses (dds_get_*_status) read with the same layouts as on 0.10.x
            ReaderStatuses st = typed.readerStatuses();
            check(st.liveliness().aliveCount() == 1 && st.incompatibleQos().totalCount() == 0, "statuses " + st);
            RawWriter.create(p, RawTopic.create(p, "Status11", td, null), Qos.EMPTY.withBestEffort());
            RawReader reliable = RawReader.create(q, RawTopic.create(q, "Status11", td, null), qos);
            long until = System.nanoTime() + 5_000_000_000L;
            while (reliable.readerStatuses().incompatibleQos().totalCount() == 0 && System.nanoTime() < until) {
                Thread.sleep(10);
            }
            check(reliable.readerStatuses().incompatibleQos().lastPolicyName().equals("RELIABILITY"),
                    "incompatible " + reliable.readerStatuses());
        }
        System.out.println("OK");
    }

    /** The first {@code count} valid samples within 5 s (no JUnit on this class path). */
    private static List<RawSample> receive(RawReader r, int count) {
        List<RawSample> out = new ArrayList<>();
        long end = System.nanoTime() + 5_000_000_000L;
        while (out.size() < count && System.nanoTime() < end) {
            r.waitForData(Duration.ofMillis(100));
            r.take(32).stream().filter(s -> s.info().validData()).forEach(out::add);
        }
        check(out.size() == count, out.size() + " samples received instead of " + count);
        return out;
    }

    private static void check(boolean ok, String what) {
        if (!ok) {
            System.out.println("FAILED: " + what);
            System.exit(1);
        }
    }
}
