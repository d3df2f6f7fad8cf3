package org.ddstuner.dds;

/**
 * Publication- or subscription-matched status. Reading it resets the {@code *Change} counters (as in
 * DDS). {@code lastHandle} is the instance handle of the last matched remote reader or writer.
 */
public record MatchedStatus(int totalCount, int totalCountChange, int currentCount, int currentCountChange,
        long lastHandle) { }
