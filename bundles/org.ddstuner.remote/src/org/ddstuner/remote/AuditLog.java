package org.ddstuner.remote;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.EnumSet;

import org.ddstuner.remote.internal.Frames;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The agent's append-only audit log: one JSON object per line ({@code time, remote, event, code, detail}) for every
 * login, refused connection or login, and every request that asks for more than reading (granted or not). The file
 * is opened for appending only (O_APPEND: lines of several agents never overwrite each other), created 0600, and
 * every line is forced to disk before the request is answered. {@link #NONE} logs nothing (tests, embedding).
 */
public final class AuditLog implements AutoCloseable {

    public static final AuditLog NONE = new AuditLog(null, null);

    private final Path file;
    private final FileChannel channel;

    private AuditLog(Path file, FileChannel channel) {
        this.file = file;
        this.channel = channel;
    }

    public static AuditLog open(Path file) throws IOException {
        if (!Files.exists(file)) {
            TokenFile.createPrivate(file, new byte[0]);
        }
        return new AuditLog(file, FileChannel.open(file, EnumSet.of(StandardOpenOption.APPEND,
                StandardOpenOption.WRITE)));
    }

    public Path file() {
        return file;
    }

    /** Appends one line; a failure to write is reported on stderr, never to the client. */
    public void record(String remote, String event, String code, String detail) {
        if (channel == null) {
            return;
        }
        ObjectNode o = Frames.JSON.createObjectNode();
        o.put("time", Instant.now().toString());
        o.put("remote", remote);
        o.put("event", event);
        o.put("code", code);
        o.put("detail", detail);
        try {
            byte[] line = (Frames.JSON.writeValueAsString(o) + "\n").getBytes(StandardCharsets.UTF_8);
            synchronized (this) {
                ByteBuffer b = ByteBuffer.wrap(line);
                while (b.hasRemaining()) {
                    channel.write(b);
                }
                channel.force(false);
            }
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        } catch (IOException e) {
            System.err.println("DDS Tuner agent: cannot write the audit log " + file + ": " + e.getMessage());
        }
    }

    @Override
    public synchronized void close() throws IOException {
        if (channel != null) {
            channel.close();
        }
    }
}
