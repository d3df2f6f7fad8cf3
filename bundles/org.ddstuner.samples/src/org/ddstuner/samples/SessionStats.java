package org.ddstuner.samples;

/**
 * Counters of a {@link ReaderSession}.
 *
 * @param received        samples taken from DDS (valid and key-only)
 * @param dropped         samples overwritten in the ring because it was full (oldest first)
 * @param pausedDiscarded samples received while paused and not kept
 * @param decodeErrors    samples whose bytes did not decode as the type
 * @param retained        samples in the ring now
 * @param capacity        the ring's capacity
 * @param instances       instances in the per-instance view
 * @param maxDrainMillis  the longest one batch took to take from DDS and store (decoding is elsewhere), in
 *                        milliseconds
 * @param matchedWriters  writers our reader is matched with now
 * @param decodeSkipped   samples the ring overwrote (or cleared) before the decode worker reached them:
 *                        decoding fell behind the writers (those samples were never shown decoded anyway)
 */
public record SessionStats(long received, long dropped, long pausedDiscarded, long decodeErrors, int retained,
        int capacity, int instances, double maxDrainMillis, int matchedWriters, long decodeSkipped) {
}
