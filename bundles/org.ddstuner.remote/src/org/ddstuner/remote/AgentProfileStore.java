package org.ddstuner.remote;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

/**
 * Saved {@link AgentProfile}s, one properties file next to the domain profiles (default
 * {@code ~/.ddstuner/agent-profiles.properties}), kept apart from them so a domain profile's fields and an agent's
 * never mix. Holds no token. A damaged entry is skipped and reported, never loses the others.
 */
public final class AgentProfileStore {

    private final Path file;
    private final List<String> warnings = new ArrayList<>();

    public AgentProfileStore(Path file) {
        this.file = file;
    }

    public static AgentProfileStore defaultStore() {
        String dir = System.getProperty("ddstuner.home", System.getProperty("user.home") + "/.ddstuner");
        return new AgentProfileStore(Path.of(dir, "agent-profiles.properties"));
    }

    public Path file() {
        return file;
    }

    /** Problems met by the last {@link #load()}. */
    public synchronized List<String> warnings() {
        return List.copyOf(warnings);
    }

    public synchronized List<AgentProfile> load() {
        warnings.clear();
        if (!Files.exists(file)) {
            return List.of();
        }
        Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            p.load(r);
        } catch (IOException | IllegalArgumentException e) {
            warnings.add("Could not read " + file + ": " + e.getMessage());
            return List.of();
        }
        int count;
        try {
            count = Integer.parseInt(p.getProperty("count", "0").strip());
        } catch (NumberFormatException e) {
            count = 0;
        }
        List<AgentProfile> out = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            String k = "agent." + i + ".";
            try {
                String ca = p.getProperty(k + "caFile", "").strip();
                String cert = p.getProperty(k + "clientCert", "").strip();
                out.add(new AgentProfile(p.getProperty(k + "name"), p.getProperty(k + "host"),
                        Integer.parseInt(p.getProperty(k + "port", "").strip()), ca.isEmpty() ? null : Path.of(ca),
                        cert.isEmpty() ? null : Path.of(cert)));
            } catch (RuntimeException e) {
                warnings.add("Skipped damaged agent profile " + i + " in " + file + ": " + e.getMessage());
            }
        }
        return out;
    }

    public synchronized void save(List<AgentProfile> profiles) {
        Properties p = new Properties();
        p.setProperty("count", Integer.toString(profiles.size()));
        for (int i = 0; i < profiles.size(); i++) {
            AgentProfile a = profiles.get(i);
            String k = "agent." + i + ".";
            p.setProperty(k + "name", a.name());
            p.setProperty(k + "host", a.host());
            p.setProperty(k + "port", Integer.toString(a.port()));
            if (a.caFile() != null) {
                p.setProperty(k + "caFile", a.caFile().toString());
            }
            if (a.clientCert() != null) {
                p.setProperty(k + "clientCert", a.clientCert().toString());
            }
        }
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
            try (Writer w = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8)) {
                p.store(w, "DDS Tuner remote agent profiles (tokens are in Eclipse secure storage, not here)");
            }
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("Could not save agent profiles to " + file + ": " + e.getMessage(), e);
        }
    }
}
