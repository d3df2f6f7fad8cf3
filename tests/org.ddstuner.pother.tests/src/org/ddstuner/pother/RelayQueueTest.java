package org.ddstuner.pother;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;

/** The relay's hand-over between its taking and its writing thread: order kept, nothing lost unless full, drops counted. */
class RelayQueueTest {

    @Test
    void keepsOrderAndDropsOnlyWhatDoesNotFit() {
        RelayQueue q = new RelayQueue(1000);
        for (int i = 0; i < 1300; i++) {
            q.stage(i, 10_000 + i, i % 7);
        }
        q.publish();
        assertEquals(1000, q.size());
        assertEquals(300, q.dropped(), "the 300 that found the queue full");
        RelayQueue.Batch b = new RelayQueue.Batch(1000);
        assertTrue(q.poll(b, 0));
        assertEquals(1000, b.size());
        for (int i = 0; i < 1000; i++) {
            assertEquals(i, b.sendTime(i));
            assertEquals(10_000 + i, b.takeTime(i));
            assertEquals(i % 7, b.length(i));
        }
        assertFalse(q.poll(b, 1), "empty after the poll");
        assertEquals(0, b.size());
    }

    @Test
    void aConsumerThreadReceivesEverySampleOfAFastProducerInOrder() throws Exception {
        int n = 2_000_000;
        RelayQueue q = new RelayQueue(1 << 16);
        AtomicLong received = new AtomicLong();
        AtomicLong disorder = new AtomicLong();
        Thread consumer = Thread.ofPlatform().start(() -> {
            RelayQueue.Batch b = new RelayQueue.Batch(1 << 16);
            long expected = 0;
            long deadline = System.nanoTime() + 20_000_000_000L;
            while (received.get() + q.dropped() < n && System.nanoTime() < deadline) {
                if (q.poll(b, 10)) {
                    for (int i = 0; i < b.size(); i++) {
                        if (b.sendTime(i) < expected) {
                            disorder.incrementAndGet();
                        }
                        expected = b.sendTime(i) + 1;
                        received.incrementAndGet();
                    }
                }
            }
        });
        for (int i = 0; i < n; i++) {
            q.stage(i, 0, 1);
            if (i % 64 == 63) {
                q.publish();
            }
        }
        q.publish();
        consumer.join(30_000);
        assertFalse(consumer.isAlive(), "the consumer finished");
        assertEquals(n, received.get() + q.dropped(), "every sample received or counted as dropped");
        assertEquals(0, disorder.get(), "in order");
    }

    @Test
    void refusesANonPositiveCapacity() {
        assertEquals("queue capacity must be positive, not 0",
                org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> new RelayQueue(0)).getMessage());
    }
}
