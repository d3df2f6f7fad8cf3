package org.ddstuner.record;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * A recording in progress, whichever side reads the topics: a {@link Recorder} joined to the domain here or a
 * {@link RemoteRecorder} fed by a remote agent. What the Recordings view shows and stops.
 */
public interface Recording extends AutoCloseable {

    /** Counts so far; {@code received} = {@code written} + {@code dropped}. */
    record Progress(long received, long written, long dropped, long bytes, Duration elapsed) {
    }

    Path output();

    /** The topics being recorded. */
    List<String> topics();

    Progress progress();

    /** Why recording stopped on its own, or null. */
    String failure();

    /** What the counts do not say (e.g. a remote link's gaps), or an empty string. */
    default String remarks() {
        return "";
    }

    /** Stops and completes the file. Idempotent. */
    @Override
    void close() throws IOException;
}
