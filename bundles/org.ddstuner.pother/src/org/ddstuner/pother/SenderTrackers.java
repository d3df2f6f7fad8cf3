package org.ddstuner.pother;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A {@link SequenceTracker} per sender (the samples' key), in the order the senders first appeared: a
 * reader sees one or a few senders, so a linear search of two small arrays is the cheapest lookup per
 * sample. Not thread-safe: the owner locks.
 */
final class SenderTrackers {

    private int[] senders = new int[0];
    private SequenceTracker[] trackers = new SequenceTracker[0];

    /** Counts sample {@code seq} of {@code sender}. */
    void accept(int sender, int seq) {
        tracker(sender).accept(seq);
    }

    private SequenceTracker tracker(int sender) {
        for (int i = 0; i < senders.length; i++) {
            if (senders[i] == sender) {
                return trackers[i];
            }
        }
        senders = Arrays.copyOf(senders, senders.length + 1);
        trackers = Arrays.copyOf(trackers, trackers.length + 1);
        senders[senders.length - 1] = sender;
        SequenceTracker t = new SequenceTracker();
        trackers[trackers.length - 1] = t;
        return t;
    }

    /** Samples missing in the sequence numbers so far, over all senders. */
    long lost() {
        return Arrays.stream(trackers).mapToLong(SequenceTracker::lost).sum();
    }

    /** Samples that arrived after a later sequence number of the same sender, over all senders. */
    long outOfOrder() {
        return Arrays.stream(trackers).mapToLong(SequenceTracker::outOfOrder).sum();
    }

    /** Each sender's counts so far. */
    List<Receiver.SenderCount> counts() {
        List<Receiver.SenderCount> out = new ArrayList<>(senders.length);
        for (int i = 0; i < senders.length; i++) {
            SequenceTracker t = trackers[i];
            out.add(new Receiver.SenderCount(senders[i], t.received(), t.lost(), t.outOfOrder()));
        }
        return List.copyOf(out);
    }
}
