package org.ddstuner.pother;

/**
 * Sequence numbers of one sender as a receiver sees them. A number above the expected one opens a gap
 * (counted as lost); a number below it is out of order and, since reliable DDS delivers no duplicates,
 * fills one earlier gap (lost goes down by one). Sequence numbers are uint32 and may wrap.
 */
public final class SequenceTracker {

    private boolean started;
    private int expected;
    private long received;
    private long lost;
    private long outOfOrder;

    public void accept(int seq) {
        received++;
        if (!started) {
            started = true;
            expected = seq + 1;
            return;
        }
        int ahead = seq - expected; // wrap-safe distance
        if (ahead == 0) {
            expected++;
        } else if (ahead > 0) {
            lost += Integer.toUnsignedLong(ahead);
            expected = seq + 1;
        } else {
            outOfOrder++;
            if (lost > 0) {
                lost--;
            }
        }
    }

    public long received() {
        return received;
    }

    public long lost() {
        return lost;
    }

    public long outOfOrder() {
        return outOfOrder;
    }
}
