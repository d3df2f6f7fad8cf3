package org.ddstuner.pother.protocol;

/**
 * How long discovery took for one test's endpoint ({@code role}: a transmitter's writer or a receiver's
 * reader). Absolute times are Cyclone's clock in ns since the epoch (comparable between agents on one
 * host); −1 means "not yet". For a writer: created → first matched reader, and {@code samplesMissed} how many it
 * had written when it first matched (written to nobody; 0 when the reader was known before the writer was
 * created, as Cyclone then matches it at creation). For a reader: created → first
 * matched writer and → first sample; {@code firstSeq} is the sequence number of that first sample and
 * {@code samplesMissed} how many the transmitter had sent before it (it starts at 0), i.e. what was lost to
 * discovery. {@code ownParticipant}: the test made its own participant, so the times include participant
 * discovery. Pair a writer's {@code createdNanos} with a reader's {@code firstSampleNanos} for the
 * writer-created → first-sample-at-the-other-side time ({@link #writerToFirstSampleNanos}).
 */
public record DiscoveryReport(int appId, String groupId, String name, Role role, long timestampNanos,
        ResourceUsage usage, boolean ownParticipant, long createdNanos, long firstMatchNanos, long firstSampleNanos,
        long firstSeq, long samplesMissed) implements PotherReport {

    /** Created → first match, or −1. */
    public long createToMatchNanos() {
        return firstMatchNanos < 0 ? -1 : firstMatchNanos - createdNanos;
    }

    /** Created → first sample (readers), or −1. */
    public long createToFirstSampleNanos() {
        return firstSampleNanos < 0 ? -1 : firstSampleNanos - createdNanos;
    }

    /** A writer's creation to this reader's first sample, or −1 if either is missing. */
    public long writerToFirstSampleNanos(DiscoveryReport writer) {
        return writer == null || firstSampleNanos < 0 || writer.createdNanos() < 0 ? -1
                : firstSampleNanos - writer.createdNanos();
    }
}
