package org.ddstuner.dds;

import java.time.Instant;

/**
 * DDS sample info. When {@link #validData()} is false the sample carries only the key: it tells of an
 * instance state change (disposed, or no writers left: e.g. a participant that went away).
 */
public record SampleInfo(boolean validData, SampleState sampleState, ViewState viewState, InstanceState instanceState,
        Instant sourceTimestamp, long instanceHandle, long publicationHandle, int disposedGenerationCount,
        int noWritersGenerationCount, int sampleRank, int generationRank, int absoluteGenerationRank) {

    public enum SampleState { READ, NOT_READ }

    public enum ViewState { NEW, NOT_NEW }

    public enum InstanceState { ALIVE, NOT_ALIVE_DISPOSED, NOT_ALIVE_NO_WRITERS }

    /** Alive instance (neither disposed nor without writers). */
    public boolean isAlive() {
        return instanceState == InstanceState.ALIVE;
    }
}
