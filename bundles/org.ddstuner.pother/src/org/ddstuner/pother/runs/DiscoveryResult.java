package org.ddstuner.pother.runs;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One iteration of the discovery benchmark, in two parts.
 * <ol>
 * <li>A fresh writer (with a participant of its own when {@code ownParticipant}, so participant discovery counts
 * too) against a waiting reader: created → its first matched reader, created → the first sample at that reader,
 * {@code writtenBeforeMatch} = samples it had written when it first matched (to nobody), {@code samplesMissed} =
 * the first sample's sequence number (the writer starts at 0: what never reached the reader). On one host the
 * waiting reader is usually known before the writer exists, so Cyclone matches the writer at creation: nothing is
 * written before the match and, reliable, nothing is missed.</li>
 * <li>A fresh reader joining that running writer (its own participant too when {@code ownParticipant}): created →
 * first match ({@code lateReaderMatchNanos}), → first sample ({@code lateReaderFirstSampleNanos}), and
 * {@code lateReaderMissed} = that first sample's sequence number: everything the writer sent before the first
 * sample this reader got. Volatile, that is all it sent before the reader was discovered; transient local with
 * enough history, 0 (the writer's history is delivered).</li>
 * </ol>
 * Times in ns; −1 when it did not happen (or for runs saved before the part was measured).
 */
public record DiscoveryResult(int iteration, boolean ownParticipant, long createToMatchNanos,
        long createToFirstSampleNanos, long samplesMissed, long writtenBeforeMatch, long lateReaderMatchNanos,
        long lateReaderFirstSampleNanos, long lateReaderMissed) {

    /** The first part only (the second not measured). */
    public DiscoveryResult(int iteration, boolean ownParticipant, long createToMatchNanos, long createToFirstSampleNanos,
            long samplesMissed) {
        this(iteration, ownParticipant, createToMatchNanos, createToFirstSampleNanos, samplesMissed, -1, -1, -1, -1);
    }

    public double matchMillis() {
        return millis(createToMatchNanos);
    }

    public double firstSampleMillis() {
        return millis(createToFirstSampleNanos);
    }

    public double lateReaderMatchMillis() {
        return millis(lateReaderMatchNanos);
    }

    public double lateReaderFirstSampleMillis() {
        return millis(lateReaderFirstSampleNanos);
    }

    private static double millis(long nanos) {
        return nanos < 0 ? Double.NaN : nanos / 1e6;
    }

    Map<String, Object> toJson() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("iteration", iteration);
        m.put("ownParticipant", ownParticipant);
        m.put("matchNs", createToMatchNanos);
        m.put("firstSampleNs", createToFirstSampleNanos);
        m.put("samplesMissed", samplesMissed);
        m.put("writtenBeforeMatch", writtenBeforeMatch);
        m.put("lateReaderMatchNs", lateReaderMatchNanos);
        m.put("lateReaderFirstSampleNs", lateReaderFirstSampleNanos);
        m.put("lateReaderMissed", lateReaderMissed);
        return m;
    }

    static DiscoveryResult fromJson(Map<String, Object> m) {
        return new DiscoveryResult((int) RunJson.num(m, "iteration"), RunJson.bool(m, "ownParticipant"),
                RunJson.lng(m, "matchNs"), RunJson.lng(m, "firstSampleNs"), RunJson.lng(m, "samplesMissed"),
                optional(m, "writtenBeforeMatch"), optional(m, "lateReaderMatchNs"), optional(m, "lateReaderFirstSampleNs"),
                optional(m, "lateReaderMissed"));
    }

    /** Runs saved before the late reader was measured have none of its keys: −1, not measured. */
    private static long optional(Map<String, Object> m, String key) {
        return m.containsKey(key) ? RunJson.lng(m, key) : -1;
    }
}
