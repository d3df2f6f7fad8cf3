package org.ddstuner.pother;

/**
 * What a {@link Relay} has taken and not yet written: for each sample its send time, when it was taken and its
 * payload length (the relay rebuilds the rest). One producer (the taking thread) stages samples without a lock
 * and {@link #publish() publishes} them once per take; one consumer (the writing thread) {@link #poll polls}
 * everything published at once. Bounded: a sample that finds the queue full is dropped and counted, because
 * the alternative, holding up the taking thread, stalls Cyclone's receive thread (see {@link Relay}).
 */
final class RelayQueue {

    private static final int STAGE = 256;

    private final int capacity;
    private final long[] sendTimes;
    private final long[] takeTimes;
    private final int[] lengths;
    private int head; // guarded by this
    private int count; // guarded by this
    private long dropped; // guarded by this

    // producer thread only
    private final long[] stagedSend = new long[STAGE];
    private final long[] stagedTake = new long[STAGE];
    private final int[] stagedLength = new int[STAGE];
    private int staged;

    RelayQueue(int capacity) {
        if (capacity <= 0) {
            throw new IllegalArgumentException("queue capacity must be positive, not " + capacity);
        }
        this.capacity = capacity;
        sendTimes = new long[capacity];
        takeTimes = new long[capacity];
        lengths = new int[capacity];
    }

    /** Producer: adds one sample to the next {@link #publish()}. */
    void stage(long sendTime, long takeTime, int length) {
        if (staged == STAGE) {
            publish();
        }
        stagedSend[staged] = sendTime;
        stagedTake[staged] = takeTime;
        stagedLength[staged] = length;
        staged++;
    }

    /** Producer: makes the staged samples visible to the consumer; those that do not fit are dropped. */
    synchronized void publish() {
        if (staged == 0) {
            return;
        }
        for (int i = 0; i < staged; i++) {
            if (count == capacity) {
                dropped += staged - i;
                break;
            }
            int at = (head + count) % capacity;
            sendTimes[at] = stagedSend[i];
            takeTimes[at] = stagedTake[i];
            lengths[at] = stagedLength[i];
            count++;
        }
        staged = 0;
        notifyAll();
    }

    /**
     * Consumer: moves everything published into {@code into} (emptying it first), waiting up to
     * {@code timeoutMillis} for something to arrive. Returns whether {@code into} holds samples.
     */
    synchronized boolean poll(Batch into, long timeoutMillis) {
        into.size = 0;
        if (count == 0) {
            try {
                wait(timeoutMillis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
        int n = Math.min(count, into.sendTimes.length);
        for (int i = 0; i < n; i++) {
            int at = (head + i) % capacity;
            into.sendTimes[i] = sendTimes[at];
            into.takeTimes[i] = takeTimes[at];
            into.lengths[i] = lengths[at];
        }
        head = (head + n) % capacity;
        count -= n;
        into.size = n;
        return n > 0;
    }

    /** Samples dropped because the queue was full, since the start. */
    synchronized long dropped() {
        return dropped;
    }

    /** Samples published and not yet polled. */
    synchronized int size() {
        return count;
    }

    /** The consumer's copy of one poll. */
    static final class Batch {
        private final long[] sendTimes;
        private final long[] takeTimes;
        private final int[] lengths;
        private int size;

        Batch(int capacity) {
            sendTimes = new long[capacity];
            takeTimes = new long[capacity];
            lengths = new int[capacity];
        }

        int size() {
            return size;
        }

        long sendTime(int i) {
            return sendTimes[i];
        }

        long takeTime(int i) {
            return takeTimes[i];
        }

        int length(int i) {
            return lengths[i];
        }
    }
}
