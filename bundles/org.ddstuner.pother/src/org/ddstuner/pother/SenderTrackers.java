package org.ddstuner.pother;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A {@link SequenceTracker} per stream: a sender (the samples' key) as written by one writer (the sample's
 * publication handle). A transmitter or relay that is redefined, or changes QoS, gets a new writer that counts
 * from 0 again: tracked on its own, that is a new stream, not hundreds of samples out of order (or, after a
 * gap, lost). Counts are reported per sender, the streams of one sender added up. A reader sees one or a few
 * streams, so a linear search of small arrays (the last hit first) is the cheapest lookup per sample. Not
 * thread-safe: the owner locks.
 */
final class SenderTrackers {

    private int[] senders = new int[0];
    private long[] writers = new long[0];
    private SequenceTracker[] trackers = new SequenceTracker[0];
    private int last = -1; // index of the last stream found: consecutive samples mostly come from one writer

    /** Counts sample {@code seq} of {@code sender} written by writer {@code writer} (its publication handle). */
    void accept(int sender, long writer, int seq) {
        tracker(sender, writer).accept(seq);
    }

    private SequenceTracker tracker(int sender, long writer) {
        if (last >= 0 && senders[last] == sender && writers[last] == writer) {
            return trackers[last];
        }
        for (int i = 0; i < senders.length; i++) {
            if (senders[i] == sender && writers[i] == writer) {
                last = i;
                return trackers[i];
            }
        }
        int n = senders.length;
        senders = Arrays.copyOf(senders, n + 1);
        writers = Arrays.copyOf(writers, n + 1);
        trackers = Arrays.copyOf(trackers, n + 1);
        senders[n] = sender;
        writers[n] = writer;
        trackers[n] = new SequenceTracker();
        last = n;
        return trackers[n];
    }

    /** Samples missing in the sequence numbers so far, over all streams. */
    long lost() {
        long sum = 0;
        for (SequenceTracker t : trackers) {
            sum += t.lost();
        }
        return sum;
    }

    /** Samples that arrived after a later sequence number of the same stream, over all streams. */
    long outOfOrder() {
        long sum = 0;
        for (SequenceTracker t : trackers) {
            sum += t.outOfOrder();
        }
        return sum;
    }

    /** Each sender's counts so far (its streams added up), in the order the senders first appeared. */
    List<Receiver.SenderCount> counts() {
        Map<Integer, long[]> bySender = new LinkedHashMap<>();
        for (int i = 0; i < senders.length; i++) {
            SequenceTracker t = trackers[i];
            long[] c = bySender.computeIfAbsent(senders[i], s -> new long[3]);
            c[0] += t.received();
            c[1] += t.lost();
            c[2] += t.outOfOrder();
        }
        List<Receiver.SenderCount> out = new ArrayList<>(bySender.size());
        bySender.forEach((s, c) -> out.add(new Receiver.SenderCount(s, c[0], c[1], c[2])));
        return List.copyOf(out);
    }
}
