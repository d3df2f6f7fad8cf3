package org.ddstuner.dds.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import org.ddstuner.dds.CycloneConfig;
import org.ddstuner.dds.Domain;
import org.ddstuner.dds.Participant;
import org.ddstuner.dds.Qos;
import org.ddstuner.dds.RawReader;
import org.ddstuner.dds.RawTopic;
import org.ddstuner.dds.RawWriter;
import org.ddstuner.dds.SampleInfo;
import org.ddstuner.dds.TopicDescriptor;
import org.junit.jupiter.api.Test;

/**
 * A raw reader's data-available listener and its take into a sink: the listener runs on Cyclone's thread
 * once per arriving sample and may take there; the sink gets each sample's bytes (as written) and info in
 * order, in an array it may keep; nothing runs after close. Domain 101.
 */
class RawReaderListenerTest {

    private static final int DOMAIN = 101;

    @Test
    void theListenerTakesIntoASinkOnCyclonesThread() {
        try (Domain domain = Domain.create(DOMAIN, CycloneConfig.loopbackOnly());
                TopicDescriptor d = TopicDescriptor.fromSpec(ShapeType.shape())) {
            Participant pub = domain.createParticipant();
            Participant sub = domain.createParticipant();
            RawWriter w = RawWriter.create(pub, RawTopic.create(pub, "ListenedShapes", d, null),
                    Qos.EMPTY.withReliable().withKeepAll());
            // a history of 2: whatever the listener does not take at once is overwritten
            RawReader r = RawReader.create(sub, RawTopic.create(sub, "ListenedShapes", d, null),
                    Qos.EMPTY.withReliable().withKeepLast(2));
            assertTrue(Poll.until(() -> w.publicationMatched().currentCount() == 1), "matched");
            List<byte[]> got = new ArrayList<>();
            List<SampleInfo> infos = new ArrayList<>();
            AtomicInteger calls = new AtomicInteger();
            AtomicInteger taken = new AtomicInteger();
            r.setListener(() -> {
                calls.incrementAndGet();
                synchronized (got) {
                    taken.addAndGet(r.take(64, (data, info) -> {
                        got.add(data);
                        infos.add(info);
                    }));
                }
            });
            List<byte[]> written = new ArrayList<>();
            for (int i = 0; i < 500; i++) {
                byte[] b = ShapeType.shape(ByteOrder.LITTLE_ENDIAN, 1, "c" + (i % 3), i, i * 2, i / 4.0, "s" + i,
                        new byte[] {(byte) i});
                written.add(b);
                w.write(b);
            }
            assertTrue(Poll.until(() -> taken.get() >= 500), "500 taken in the listener, got " + taken.get());
            synchronized (got) {
                assertEquals(500, got.size());
                for (int i = 0; i < 500; i++) {
                    assertEquals(HexFormat.of().formatHex(written.get(i)), HexFormat.of().formatHex(got.get(i)),
                            "sample " + i + " as written, in order");
                    assertTrue(infos.get(i).validData());
                }
                // once per arriving sample (ReaderSession counts arrivals with it), not once per status change
                assertEquals(500, calls.get(), "callbacks");
            }
            assertEquals(0, r.take(64, (data, info) -> {
                throw new AssertionError("nothing left");
            }));
            assertThrows(IllegalArgumentException.class, () -> r.take(0, (data, info) -> { }));

            r.close();
            int after = calls.get();
            for (int i = 0; i < 20; i++) {
                w.write(written.get(i));
            }
            assertEquals(after, calls.get(), "no callback after close");
            sub.close();
            pub.close();
        }
    }
}
