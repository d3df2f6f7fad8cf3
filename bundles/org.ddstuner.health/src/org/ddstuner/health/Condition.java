package org.ddstuner.health;

import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * What a rule watches for on a topic. Most come from libddsc's statuses on the watch's reader; the rest from the
 * samples it receives and from discovery. {@link #threshold} says what the rule's threshold means.
 */
public enum Condition {
    /** REQUESTED_DEADLINE_MISSED: at least {@code threshold} misses within the rule's window. */
    DEADLINE_MISSED("deadline-missed", 1, "misses in the window"),
    /** LIVELINESS_CHANGED with writers not alive: at least {@code threshold} writers not alive now. */
    LIVELINESS_LOST("liveliness-lost", 1, "writers not alive"),
    /** LIVELINESS_CHANGED at all (a writer came, went, lost or regained liveliness): changes in the window. */
    LIVELINESS_CHANGED("liveliness-changed", 1, "changes in the window"),
    /** SAMPLE_LOST: samples lost within the window. */
    SAMPLE_LOST("sample-lost", 1, "samples lost in the window"),
    /** SAMPLE_REJECTED: samples rejected (resource limits) within the window. */
    SAMPLE_REJECTED("sample-rejected", 1, "samples rejected in the window"),
    /** REQUESTED_INCOMPATIBLE_QOS: a writer of the topic does not match the watch's reader for a QoS policy. */
    INCOMPATIBLE_QOS("incompatible-qos", 1, "writers not matched"),
    /** The topic had writers and has none alive any more. */
    NO_WRITERS("no-writers", 0, "(not used)"),
    /** The topic had readers (applications', not DDS Tuners') and has none alive any more. */
    NO_READERS("no-readers", 0, "(not used)"),
    /** Samples per second over the window below the threshold. */
    RATE_BELOW("rate-below", 1, "samples per second"),
    /** No sample for longer than the threshold. */
    SILENCE("silence", 5, "seconds"),
    /** Writers of the topic announce different types (names or XTypes assignability), or TypeConsistency refused. */
    TYPE_MISMATCH("type-mismatch", 0, "(not used)"),
    /**
     * From an application's embedded agent (libddsc statistics of its writers): bytes retransmitted per second over
     * the window (rexmit_bytes) at least the threshold. Retransmissions mean a reader NACKed: lost packets.
     */
    RETRANSMIT_RATE("retransmit-rate", 1000, "retransmitted bytes per second"),
    /** Agent statistics: the writer throttled (its history was full of unacknowledged samples) in the window. */
    THROTTLING("throttling", 1, "throttle events in the window"),
    /** Agent statistics: an application reader discarded bytes (discarded_bytes) in the window. */
    READER_DISCARDED("reader-discarded", 1, "bytes discarded in the window");

    private final String id;
    private final double defaultThreshold;
    private final String thresholdMeaning;

    Condition(String id, double defaultThreshold, String thresholdMeaning) {
        this.id = id;
        this.defaultThreshold = defaultThreshold;
        this.thresholdMeaning = thresholdMeaning;
    }

    /** The name in rule files and JSON, e.g. {@code deadline-missed}. */
    public String id() {
        return id;
    }

    public double defaultThreshold() {
        return defaultThreshold;
    }

    /** What the threshold counts, for help texts. */
    public String thresholdMeaning() {
        return thresholdMeaning;
    }

    public static Condition of(String id) {
        for (Condition c : values()) {
            if (c.id.equals(id)) {
                return c;
            }
        }
        return null;
    }

    /**
     * Whether the condition is read from the statistics that an application's embedded agent publishes (about the
     * application's own writers and readers) rather than from the tool's watch reader.
     */
    public boolean fromAgent() {
        return this == RETRANSMIT_RATE || this == THROTTLING || this == READER_DISCARDED;
    }

    /** All ids, comma separated (for messages). */
    public static String ids() {
        return Arrays.stream(values()).map(Condition::id).collect(Collectors.joining(", "));
    }
}
