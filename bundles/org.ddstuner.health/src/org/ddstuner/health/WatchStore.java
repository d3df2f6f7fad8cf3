package org.ddstuner.health;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.ddstuner.json.StrictJson;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The watches asked for from the desktop, kept per connection profile name in a JSON file beside the Alerts history,
 * so that they come back when a connection of that profile opens again (after a restart too). The file is rewritten
 * whole through a temporary file on each change; one that does not read is left in place and counts as empty, with
 * the reason kept for the UI. Thread-safe.
 */
public final class WatchStore {

    private final Path file;
    private final Map<String, List<WatchRequest>> byProfile = new LinkedHashMap<>();
    private String unreadable;

    /** Reads {@code file} if it exists ({@code null}: memory only). */
    public WatchStore(Path file) {
        this.file = file;
        if (file != null && Files.isRegularFile(file)) {
            try {
                read(StrictJson.parseObject(Files.readString(file, StandardCharsets.UTF_8)));
            } catch (IOException | IllegalArgumentException e) { // JsonSyntaxException too
                byProfile.clear();
                unreadable = file + ": " + e.getMessage();
            }
        }
    }

    private void read(JsonNode root) {
        root.path("profiles").properties().forEach(p -> {
            List<WatchRequest> list = new ArrayList<>();
            for (JsonNode w : p.getValue()) {
                List<String> topics = new ArrayList<>();
                w.path("topics").forEach(t -> topics.add(t.asText()));
                Severity s = w.hasNonNull("severity") ? Severity.of(w.get("severity").asText()) : null;
                list.add(new WatchRequest(WatchRequest.Scope.valueOf(w.path("scope").asText()),
                        w.path("target").asText(), topics,
                        w.hasNonNull("rateFloor") ? w.get("rateFloor").asDouble() : null,
                        w.hasNonNull("silenceSeconds") ? w.get("silenceSeconds").asDouble() : null, s,
                        w.hasNonNull("sequenceField") ? w.get("sequenceField").asText() : null));
            }
            byProfile.put(p.getKey(), list);
        });
    }

    /** The watches kept for connections of {@code profile}, oldest first. */
    public synchronized List<WatchRequest> of(String profile) {
        return List.copyOf(byProfile.getOrDefault(profile, List.of()));
    }

    /** Replaces the watches kept for {@code profile} (an empty list forgets it) and writes the file. */
    public synchronized void put(String profile, List<WatchRequest> watches) {
        if (watches.isEmpty()) {
            byProfile.remove(profile);
        } else {
            byProfile.put(profile, List.copyOf(watches));
        }
        save();
    }

    /** Why the file did not read at start, or {@code null}. */
    public synchronized String unreadable() {
        return unreadable;
    }

    public Path file() {
        return file;
    }

    private void save() {
        if (file == null) {
            return;
        }
        String text = StrictJson.write(g -> {
            g.writeStartObject();
            g.writeObjectFieldStart("profiles");
            for (Map.Entry<String, List<WatchRequest>> e : byProfile.entrySet()) {
                g.writeArrayFieldStart(e.getKey());
                for (WatchRequest r : e.getValue()) {
                    g.writeStartObject();
                    g.writeStringField("scope", r.scope().name());
                    g.writeStringField("target", r.target());
                    g.writeArrayFieldStart("topics");
                    for (String t : r.topics()) {
                        g.writeString(t);
                    }
                    g.writeEndArray();
                    if (r.rateFloor() != null) {
                        g.writeNumberField("rateFloor", r.rateFloor());
                    }
                    if (r.silenceSeconds() != null) {
                        g.writeNumberField("silenceSeconds", r.silenceSeconds());
                    }
                    if (r.severity() != null) {
                        g.writeStringField("severity", r.severity().id());
                    }
                    if (r.sequenceField() != null) {
                        g.writeStringField("sequenceField", r.sequenceField());
                    }
                    g.writeEndObject();
                }
                g.writeEndArray();
            }
            g.writeEndObject();
            g.writeEndObject();
        });
        try {
            Files.createDirectories(file.getParent());
            Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
            Files.writeString(tmp, text + "\n", StandardCharsets.UTF_8);
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            unreadable = null; // a file that did not read is replaced only once the person changed the watches
        } catch (IOException ex) {
            System.err.println("DDS Tuner: cannot write the watches " + file + ": " + ex.getMessage());
        }
    }
}
