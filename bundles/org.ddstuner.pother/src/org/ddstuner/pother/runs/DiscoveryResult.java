package org.ddstuner.pother.runs;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One measurement of the discovery benchmark: from creating a writer (with a participant of its own when
 * {@code ownParticipant}, so participant discovery counts too) to its first matched reader and to the first sample
 * at that reader, and how many samples the writer had written before that first one (lost to discovery: they went
 * out before the reader matched). Times in ns; −1 when it did not happen.
 */
public record DiscoveryResult(int iteration, boolean ownParticipant, long createToMatchNanos,
        long createToFirstSampleNanos, long samplesMissed) {

    public double matchMillis() {
        return createToMatchNanos < 0 ? Double.NaN : createToMatchNanos / 1e6;
    }

    public double firstSampleMillis() {
        return createToFirstSampleNanos < 0 ? Double.NaN : createToFirstSampleNanos / 1e6;
    }

    Map<String, Object> toJson() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("iteration", iteration);
        m.put("ownParticipant", ownParticipant);
        m.put("matchNs", createToMatchNanos);
        m.put("firstSampleNs", createToFirstSampleNanos);
        m.put("samplesMissed", samplesMissed);
        return m;
    }

    static DiscoveryResult fromJson(Map<String, Object> m) {
        return new DiscoveryResult((int) RunJson.num(m, "iteration"), RunJson.bool(m, "ownParticipant"),
                RunJson.lng(m, "matchNs"), RunJson.lng(m, "firstSampleNs"), RunJson.lng(m, "samplesMissed"));
    }
}
