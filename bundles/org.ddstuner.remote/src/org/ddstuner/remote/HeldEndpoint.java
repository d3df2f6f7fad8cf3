package org.ddstuner.remote;

import org.ddstuner.samples.ReaderSession;
import org.ddstuner.samples.WriterSession;

/**
 * A reader or writer the agent made for one client and holds in its {@link SessionResources} (the
 * {@code create-endpoint} operation of bundle org.ddstuner.qos.remote): a {@code subscribe} naming its key streams
 * that reader's samples, a {@code write-sample} naming it writes with that writer, instead of the agent's own.
 */
public interface HeldEndpoint extends AutoCloseable {

    String topic();

    /** The reader's session, or {@code null} for a writer. */
    ReaderSession reader();

    /** The writer's session, or {@code null} for a reader. */
    WriterSession writer();
}
