package org.ddstuner.health.internal;

import java.util.HashMap;
import java.util.Map;

/**
 * Samples lost between those received, from a field each writer counts up by one per sample: per writer, a jump
 * from n to n + k counts k - 1 lost. A value that goes back (a restarted writer, wrap-around) starts afresh.
 */
public final class SequenceGaps {

    private final Map<Long, Long> last = new HashMap<>();
    private long lost;

    public void accept(long writer, long value) {
        Long prev = last.put(writer, value);
        if (prev != null && value > prev + 1) {
            lost += value - prev - 1;
        }
    }

    /** Forget where each writer was: the tool itself missed samples, so a gap would not be the system's. */
    public void reset() {
        last.clear();
    }

    public long lost() {
        return lost;
    }
}
