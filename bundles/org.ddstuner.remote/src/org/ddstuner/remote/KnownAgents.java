package org.ddstuner.remote;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The certificates a client pinned on first use, as ssh's known_hosts: one line per agent,
 * {@code host:port SHA256:…}, {@code #} comments kept. Default file {@code ~/.ddstuner/known-agents}. Changes are
 * written to a temporary file and moved over the old one, so a crash never leaves half a file.
 */
public final class KnownAgents {

    private final Path file;

    public KnownAgents(Path file) {
        this.file = file;
    }

    public static Path defaultFile() {
        return Path.of(System.getProperty("user.home"), ".ddstuner", "known-agents");
    }

    public Path file() {
        return file;
    }

    /** The pinned fingerprint of {@code agent} ("host:port"), if any. */
    public synchronized Optional<Fingerprint> lookup(String agent) throws IOException {
        if (!Files.exists(file)) {
            return Optional.empty();
        }
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            String[] f = line.strip().split("\\s+");
            if (f.length >= 2 && !f[0].startsWith("#") && f[0].equals(agent)) {
                try {
                    return Optional.of(Fingerprint.parse(f[1]));
                } catch (IllegalArgumentException e) {
                    throw new IOException(file + ": bad fingerprint for " + agent + ": " + e.getMessage(), e);
                }
            }
        }
        return Optional.empty();
    }

    /** Pins {@code fingerprint} for {@code agent}, replacing an earlier pin. */
    public synchronized void pin(String agent, Fingerprint fingerprint) throws IOException {
        List<String> out = new ArrayList<>();
        if (Files.exists(file)) {
            for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                String[] f = line.strip().split("\\s+");
                if (!(f.length >= 2 && f[0].equals(agent))) {
                    out.add(line);
                }
            }
        } else {
            out.add("# DDS Tuner: agent certificates pinned on first use (host:port fingerprint)");
        }
        out.add(agent + " " + fingerprint);
        Path parent = file.toAbsolutePath().getParent();
        Files.createDirectories(parent);
        Path tmp = Files.createTempFile(parent, ".known-agents", ".tmp");
        try {
            Files.write(tmp, out, StandardCharsets.UTF_8);
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }
}
