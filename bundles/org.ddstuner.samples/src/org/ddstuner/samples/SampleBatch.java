package org.ddstuner.samples;

import java.util.List;

/**
 * What one {@link ReaderSession#poll} returned.
 *
 * @param samples  the samples with {@code seq >= fromSeq} still in the ring, oldest first (at most the
 *                 requested count)
 * @param nextSeq  the {@code fromSeq} for the next poll
 * @param missed   samples between {@code fromSeq} and the first returned one that the ring had already
 *                 overwritten (the consumer polled too slowly for the capacity)
 * @param stats    the session's counters at the time of the poll
 */
public record SampleBatch(List<ReceivedSample> samples, long nextSeq, long missed, SessionStats stats) {
    public SampleBatch {
        samples = List.copyOf(samples);
    }
}
