package org.ddstuner.record;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

import org.ddstuner.record.mcap.McapReader;
import org.ddstuner.record.mcap.McapWriter;

/**
 * {@code ddstuner record --repair F}: a complete copy (chunks, message indexes, summary, footer) of a recording
 * whose summary is missing (killed while recording) or damaged, made from what {@link McapReader}'s scan finds.
 * The original is never changed; the copy goes next to it ({@link #repairedPath}) and must not exist yet.
 */
public final class McapRepair {

    private McapRepair() {
    }

    /** {@code run.mcap} → {@code run.repaired.mcap}. */
    public static Path repairedPath(Path original) {
        String n = original.getFileName().toString();
        String base = n.endsWith(".mcap") ? n.substring(0, n.length() - 5) : n;
        return original.resolveSibling(base + ".repaired.mcap");
    }

    /** Copies every readable message of {@code from} into the new file {@code to}; returns how many. */
    public static long repair(Path from, Path to) throws IOException {
        if (Files.exists(to)) {
            throw new IOException(to + " exists already: not overwritten");
        }
        try (McapReader r = McapReader.open(from); McapWriter w = McapWriter.create(to, r.library().isEmpty()
                ? "DDS Tuner (repaired)" : r.library(), McapWriter.Options.DEFAULT)) {
            for (McapReader.Metadata m : r.metadata()) {
                w.addMetadata(m.name(), m.values());
            }
            Map<Integer, Integer> schemas = new HashMap<>();
            for (McapReader.Schema s : r.schemas().values()) {
                schemas.put(s.id(), w.addSchema(s.name(), s.encoding(), s.data()));
            }
            Map<Integer, Integer> channels = new HashMap<>();
            for (McapReader.Channel c : r.channels().values()) {
                channels.put(c.id(), w.addChannel(schemas.getOrDefault(c.schemaId(), 0), c.topic(),
                        c.messageEncoding(), c.metadata()));
            }
            long[] n = { 0 };
            r.messages(null, m -> {
                w.write(channels.get(m.channelId()), m.logTime(), m.publishTime(), m.data());
                n[0]++;
                return true;
            });
            return n[0];
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
    }
}
