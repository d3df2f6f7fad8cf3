package org.ddstuner.samples;

import org.ddstuner.dds.SampleInfo.InstanceState;

/**
 * The latest state of one instance (one key value) in a {@link ReaderSession}.
 *
 * @param instanceHandle DDS's handle of the instance (stable for the reader's lifetime)
 * @param latest         the latest sample with data of this instance, or {@code null} if only key-only
 *                       samples (dispose/unregister) were seen
 * @param state          the latest instance state (ALIVE, NOT_ALIVE_DISPOSED, NOT_ALIVE_NO_WRITERS)
 * @param samples        samples received for this instance
 * @param lastSeq        the sequence number of the latest sample of this instance (data or not)
 */
public record InstanceView(long instanceHandle, ReceivedSample latest, InstanceState state, long samples, long lastSeq) {
}
