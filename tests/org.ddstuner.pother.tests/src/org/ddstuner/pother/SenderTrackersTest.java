package org.ddstuner.pother;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;

/** Sequence numbers tracked per stream (sender, writer), reported per sender. */
class SenderTrackersTest {

    @Test
    void aSendersNewWriterStartingAgainAtZeroIsANewStreamNotOutOfOrder() {
        SenderTrackers t = new SenderTrackers();
        for (int seq = 0; seq < 100; seq++) {
            t.accept(7, 1001, seq);
        }
        for (int seq = 0; seq < 50; seq++) { // redefined: a new writer, the same sender id
            t.accept(7, 1002, seq);
        }
        assertEquals(0, t.outOfOrder());
        assertEquals(0, t.lost());
        assertEquals(List.of(new Receiver.SenderCount(7, 150, 0, 0)), t.counts(), "one sender, its streams added up");
    }

    @Test
    void gapsAndReorderingAreCountedWithinEachStream() {
        SenderTrackers t = new SenderTrackers();
        t.accept(7, 1, 0);
        t.accept(7, 1, 2); // 1 missing
        t.accept(8, 5, 10);
        t.accept(7, 2, 0); // a new writer of 7
        t.accept(8, 5, 12); // 11 missing
        t.accept(7, 2, 1);
        t.accept(8, 5, 11); // late: fills its gap
        t.accept(7, 1, 3); // the old writer's last sample, after the new one's first: still in order for its stream
        assertEquals(1, t.lost());
        assertEquals(1, t.outOfOrder());
        assertEquals(List.of(new Receiver.SenderCount(7, 5, 1, 0), new Receiver.SenderCount(8, 3, 0, 1)), t.counts(),
                "in the order the senders first appeared");
    }
}
