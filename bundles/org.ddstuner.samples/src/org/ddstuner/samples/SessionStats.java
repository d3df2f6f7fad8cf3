package org.ddstuner.samples;

/**
 * Counters of a {@link ReaderSession}.
 *
 * @param received        samples taken from DDS (valid and key-only)
 * @param dropped         samples overwritten in the ring because it was full (oldest first)
 * @param pausedDiscarded samples received while paused and not kept
 * @param decodeErrors    samples decoded so far whose bytes did not decode as the type
 * @param retained        samples in the ring now
 * @param capacity        the ring's capacity
 * @param instances       instances in the per-instance view
 * @param maxDrainMillis  the longest one batch took to take from DDS and store (decoding is elsewhere), in
 *                        milliseconds
 * @param matchedWriters  writers our reader is matched with now
 * @param decodeSkipped   always 0: samples are decoded on first use, never ahead by a worker that could fall
 *                        behind (kept for the callers of the record)
 * @param takenInListener samples taken on Cyclone's delivering thread because the drain thread had fallen a
 *                        batch behind (see {@link ReaderSession}); part of {@code received}
 */
public record SessionStats(long received, long dropped, long pausedDiscarded, long decodeErrors, int retained,
        int capacity, int instances, double maxDrainMillis, int matchedWriters, long decodeSkipped,
        long takenInListener) {
}
