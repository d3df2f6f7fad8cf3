package org.ddstuner.config.schema;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

import org.ddstuner.json.StrictJson;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Every configuration element and attribute one Cyclone DDS library line accepts, from Cyclone's own option
 * table (see data/README.md for source and licence). Two lines are known: 0.10.x (catalogue of 0.10.2) and
 * 11.x (catalogue of 11.0.1); {@link #forVersion} picks by the major/minor of a library version.
 *
 * <p>Cyclone matches element and attribute names case-insensitively, so {@link #find} does too.
 */
public final class ConfigSchema {

    /** The library lines DDS Tuner knows the options of, oldest first. */
    public static final List<String> CATALOGUED = List.of("0.10.2", "11.0.1");

    private static final Map<String, ConfigSchema> LOADED = new ConcurrentHashMap<>();

    private final String version;
    private final String source;
    private final String commit;
    private final String licence;
    private final Map<String, OptionInfo> byPath = new LinkedHashMap<>();
    private final Map<String, OptionInfo> byLowerPath = new LinkedHashMap<>();

    private ConfigSchema(String version, JsonNode doc) {
        this.version = version;
        this.source = doc.path("source").asText();
        this.commit = doc.path("commit").asText();
        this.licence = doc.path("license").asText();
        for (JsonNode e : doc.path("entries")) {
            OptionInfo o = new OptionInfo(e.path("path").asText(), e.path("kind").asText(), text(e, "help"),
                    text(e, "default"), text(e, "unit"), text(e, "unitsHelp"), text(e.path("range"), "min"),
                    text(e.path("range"), "max"), strings(e.path("values")), text(e, "typeLine"),
                    text(e, "multiplicity"), e.path("deprecated").asBoolean(false), text(e, "movedTo"),
                    strings(e.path("aliases")), strings(e.path("flags")));
            byPath.putIfAbsent(o.path(), o);
            byLowerPath.putIfAbsent(o.path().toLowerCase(Locale.ROOT), o);
            for (String alias : o.aliases()) { // "Internal|Unsupported": same entry under the other name
                String p = o.parentPath() == null ? alias : o.isAttribute() ? o.parentPath() + "[@" + alias + "]"
                        : o.parentPath() + "/" + alias;
                byLowerPath.putIfAbsent(p.toLowerCase(Locale.ROOT), o);
            }
        }
    }

    /** The catalogue for the line of {@code libraryVersion} ("0.10.5" → 0.10.2's, "11.0.1" → 11.0.1's). */
    public static ConfigSchema forVersion(String libraryVersion) {
        return of(lineOf(libraryVersion));
    }

    /** "0.10.2" or "11.0.1" for a library version; 0.x older than 0.10 and unknown versions get 0.10.2's. */
    public static String lineOf(String libraryVersion) {
        if (libraryVersion != null) {
            try {
                int major = Integer.parseInt(libraryVersion.split("\\.")[0].strip());
                if (major >= 11) {
                    return "11.0.1";
                }
            } catch (NumberFormatException e) {
                // "unknown": the deployed base is 0.10.x
            }
        }
        return "0.10.2";
    }

    /** The catalogue of exactly {@code catalogued} (one of {@link #CATALOGUED}). */
    public static ConfigSchema of(String catalogued) {
        if (!CATALOGUED.contains(catalogued)) {
            throw new IllegalArgumentException("no option catalogue for Cyclone " + catalogued + " (known: " + CATALOGUED + ")");
        }
        return LOADED.computeIfAbsent(catalogued, ConfigSchema::load);
    }

    private static ConfigSchema load(String v) {
        String name = "data/cyclonedds-" + v + ".json";
        try (InputStream in = ConfigSchema.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("option catalogue " + name + " missing from the bundle");
            }
            return new ConfigSchema(v, StrictJson.parse(new String(in.readAllBytes(), StandardCharsets.UTF_8)));
        } catch (IOException e) {
            throw new IllegalStateException("cannot read option catalogue " + name + ": " + e.getMessage(), e);
        }
    }

    public String version() {
        return version;
    }

    /** Where the catalogue came from (repository, tag, files). */
    public String source() {
        return source;
    }

    public String commit() {
        return commit;
    }

    public String licence() {
        return licence;
    }

    /** All entries in Cyclone's table order (moved names included). */
    public List<OptionInfo> entries() {
        return Collections.unmodifiableList(new ArrayList<>(byPath.values()));
    }

    /** Elements and attributes a file may use today: neither moved nor deprecated. */
    public List<OptionInfo> current() {
        return byPath.values().stream().filter(o -> !o.isMoved() && !o.deprecated()).toList();
    }

    /**
     * The entry for {@code path}, written as in Cyclone's messages or documentation: "//CycloneDDS/Domain/General",
     * "Domain/General/MaxMessageSize" (CycloneDDS/ may be left out), "…/Peer[@address]" or "…/Peer/@address",
     * any case.
     */
    public Optional<OptionInfo> find(String path) {
        return Optional.ofNullable(byLowerPath.get(normalise(path).toLowerCase(Locale.ROOT)));
    }

    /**
     * Where a moved name lives now: the path with its moved prefix rewritten ("CycloneDDS/General/MaxMessageSize" →
     * "CycloneDDS/Domain/General/MaxMessageSize", "…/Internal/MinimumSocketReceiveBufferSize" →
     * "…/Internal/SocketReceiveBufferSize[@min]"); empty when no part of the path was moved.
     */
    public Optional<String> migrate(String path) {
        String p = normalise(path);
        for (String prefix = p; prefix != null; prefix = parentOf(prefix)) {
            OptionInfo o = byLowerPath.get(prefix.toLowerCase(Locale.ROOT));
            if (o != null && o.isMoved()) {
                return Optional.of(o.movedTo() + p.substring(prefix.length()));
            }
        }
        return Optional.empty();
    }

    private static String parentOf(String p) {
        int at = p.lastIndexOf("[@");
        if (at >= 0) {
            return p.substring(0, at);
        }
        int slash = p.lastIndexOf('/');
        return slash < 0 ? null : p.substring(0, slash);
    }

    /** "CycloneDDS/Domain/…" with attributes as "[@name]". */
    public static String normalise(String path) {
        String p = path.strip();
        while (p.startsWith("/")) {
            p = p.substring(1);
        }
        p = p.replaceAll("/@([A-Za-z_:]+)$", "[@$1]").replaceAll("/#text$", "");
        if (!p.regionMatches(true, 0, "CycloneDDS", 0, "CycloneDDS".length())) {
            p = "CycloneDDS/" + p;
        }
        return p.replaceAll("\\[@Id\\]", "[@Id]");
    }

    /** The children (elements and attributes, moved names left out) of {@code parentPath}. */
    public List<OptionInfo> children(String parentPath) {
        String parent = normalise(parentPath);
        return byPath.values().stream().filter(o -> !o.isMoved() && parent.equalsIgnoreCase(o.parentPath())).toList();
    }

    private static String text(JsonNode n, String field) {
        JsonNode v = n.get(field);
        return v == null || v.isNull() ? null : v.asText();
    }

    private static List<String> strings(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(v -> out.add(v.asText()));
        return out;
    }
}
