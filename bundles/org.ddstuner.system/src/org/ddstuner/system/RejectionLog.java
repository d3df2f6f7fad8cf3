package org.ddstuner.system;

import java.time.Instant;
import java.util.ArrayDeque;
import java.util.List;

/**
 * The announcements the DDS library dropped, each with when the model heard of it; bounded (oldest
 * go first). Guarded by the model's lock; {@link #copy()} is cached so snapshots cost nothing while
 * nothing was added.
 */
final class RejectionLog {

    /** A big Fast DDS 2.9 system has thousands of rejected endpoints; past this the count is a floor. */
    static final int CAPACITY = 10_000;

    /** One rejection; {@code at} is on the model's clock. */
    record Entry(RejectedAnnouncement what, Instant at) {
    }

    private final ArrayDeque<Entry> entries = new ArrayDeque<>();
    private List<Entry> copy = List.of();
    private long total;

    void add(RejectedAnnouncement what, Instant at) {
        if (entries.size() == CAPACITY) {
            entries.removeFirst();
        }
        entries.addLast(new Entry(what, at));
        total++;
        copy = null;
    }

    List<Entry> copy() {
        if (copy == null) {
            copy = List.copyOf(entries);
        }
        return copy;
    }

    /** How many were ever added (more than {@link #copy()} holds once it overflowed). */
    long total() {
        return total;
    }
}
