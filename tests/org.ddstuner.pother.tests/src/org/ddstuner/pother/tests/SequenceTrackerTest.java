package org.ddstuner.pother.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.ddstuner.pother.SequenceTracker;
import org.junit.jupiter.api.Test;

class SequenceTrackerTest {

    private static SequenceTracker feed(int... seqs) {
        SequenceTracker t = new SequenceTracker();
        for (int s : seqs) {
            t.accept(s);
        }
        return t;
    }

    @Test
    void inOrderLosesNothing() {
        SequenceTracker t = feed(5, 6, 7, 8);
        assertEquals(4, t.received());
        assertEquals(0, t.lost());
        assertEquals(0, t.outOfOrder());
    }

    @Test
    void gapsCountAsLost() {
        assertEquals(1, feed(0, 1, 3, 4).lost());
        assertEquals(3, feed(0, 4).lost());
    }

    @Test
    void aLateSampleIsOutOfOrderAndFillsItsGap() {
        SequenceTracker t = feed(0, 1, 3, 2, 4);
        assertEquals(1, t.outOfOrder());
        assertEquals(0, t.lost());
    }

    @Test
    void wrapsAroundUint32() {
        SequenceTracker t = feed(-2, -1, 0, 1); // 0xfffffffe, 0xffffffff, 0, 1
        assertEquals(0, t.lost());
        assertEquals(0, t.outOfOrder());
    }
}
