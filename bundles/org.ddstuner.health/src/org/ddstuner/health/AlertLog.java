package org.ddstuner.health;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

import org.ddstuner.json.StrictJson;

/**
 * The history of health events that outlives the process (the desktop's Alerts view): the last {@link #capacity}
 * events in memory, appended as JSON lines to a file and read back at start. The file is compacted to the kept
 * events when it holds twice as many; a line that does not read (a crash mid-write) is skipped and counted.
 * Thread-safe.
 */
public final class AlertLog {

    /** One event and the connection it was seen on. */
    public record Entry(String connection, HealthEvent event) {
    }

    private final Path file;
    private final int capacity;
    private final ArrayDeque<Entry> entries = new ArrayDeque<>();
    private int linesInFile;
    private int unreadable;
    private long version;

    /** Reads {@code file} if it exists ({@code null}: memory only). */
    public AlertLog(Path file, int capacity) {
        this.file = file;
        this.capacity = capacity;
        if (file != null && Files.isRegularFile(file)) {
            load();
        }
    }

    private void load() {
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            unreadable++;
            return;
        }
        for (String l : lines) {
            if (l.isBlank()) {
                continue;
            }
            try {
                var o = StrictJson.parseObject(l);
                keep(new Entry(o.path("connection").asText(""), HealthEvent.fromJson(o.path("event"))));
            } catch (IllegalArgumentException | java.time.DateTimeException e) { // JsonSyntaxException too
                unreadable++;
            }
        }
        linesInFile = lines.size();
    }

    private void keep(Entry e) {
        entries.addLast(e);
        while (entries.size() > capacity) {
            entries.removeFirst();
        }
    }

    public synchronized void add(String connection, HealthEvent e) {
        Entry entry = new Entry(connection, e);
        keep(entry);
        version++;
        if (file == null) {
            return;
        }
        try {
            Files.createDirectories(file.getParent());
            if (linesInFile >= 2 * capacity) {
                compact();
            } else {
                try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                        StandardOpenOption.APPEND)) {
                    w.write(line(entry));
                    w.newLine();
                }
                linesInFile++;
            }
        } catch (IOException ex) {
            System.err.println("DDS Tuner: cannot write the alert history " + file + ": " + ex.getMessage());
        }
    }

    /** Rewrites the file with the kept events (through a temporary file, so a crash leaves the old one). */
    private void compact() throws IOException {
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        try (BufferedWriter w = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8)) {
            for (Entry x : entries) {
                w.write(line(x));
                w.newLine();
            }
        }
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        linesInFile = entries.size();
    }

    private static String line(Entry e) {
        return StrictJson.write(g -> {
            g.writeStartObject();
            g.writeStringField("connection", e.connection());
            g.writeFieldName("event");
            e.event().write(g);
            g.writeEndObject();
        });
    }

    /** The kept events, oldest first. */
    public synchronized List<Entry> entries() {
        return new ArrayList<>(entries);
    }

    /** Forgets every event, in memory and in the file. */
    public synchronized void clear() {
        entries.clear();
        version++;
        if (file != null) {
            try {
                Files.deleteIfExists(file);
            } catch (IOException e) {
                System.err.println("DDS Tuner: cannot delete " + file + ": " + e.getMessage());
            }
            linesInFile = 0;
        }
    }

    /** Changes with every add or clear: a view redraws only when it moved. */
    public synchronized long version() {
        return version;
    }

    /** The history file, {@code null} for a log in memory only. */
    public Path file() {
        return file;
    }

    /** Lines of the file that did not read at start. */
    public int unreadable() {
        return unreadable;
    }
}
