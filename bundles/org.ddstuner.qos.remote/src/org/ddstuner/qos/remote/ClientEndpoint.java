package org.ddstuner.qos.remote;

import org.ddstuner.dds.Entity;
import org.ddstuner.qos.QosTuner;
import org.ddstuner.remote.HeldEndpoint;
import org.ddstuner.samples.ReaderSession;
import org.ddstuner.samples.ResolvedType;
import org.ddstuner.samples.WriterSession;

/**
 * A reader or writer the agent created for one client ({@code create-endpoint}), held in the client's
 * {@link org.ddstuner.remote.SessionResources} under {@link #key}: deleted when the client deletes it or its session
 * ends. The session (reader ring or writer) is the one the desktop uses locally, so re-creating it for a QoS change
 * swaps the entity under the same key and keeps what was read.
 */
final class ClientEndpoint implements HeldEndpoint {

    final String key;
    final String topic;
    final ResolvedType type;
    private final ReaderSession reader;
    private final WriterSession writer;

    ClientEndpoint(String key, String topic, ResolvedType type, ReaderSession reader, WriterSession writer) {
        this.key = key;
        this.topic = topic;
        this.type = type;
        this.reader = reader;
        this.writer = writer;
    }

    boolean isWriter() {
        return writer != null;
    }

    /** The reader or writer in force now (another one after a change that re-created it). */
    Entity entity() {
        return writer != null ? writer.endpoint() : reader.endpoint();
    }

    /** Re-creates it under the same session, as the desktop's Create Reader/Writer… does. */
    QosTuner.Recreator recreator() {
        return (old, q) -> writer != null ? writer.replaceWriter(q) : reader.replaceReader(q);
    }

    @Override
    public String topic() {
        return topic;
    }

    @Override
    public ReaderSession reader() {
        return reader;
    }

    @Override
    public WriterSession writer() {
        return writer;
    }

    @Override
    public void close() {
        try {
            if (writer != null) {
                writer.close();
            } else {
                reader.close();
            }
        } finally {
            type.close();
        }
    }
}
