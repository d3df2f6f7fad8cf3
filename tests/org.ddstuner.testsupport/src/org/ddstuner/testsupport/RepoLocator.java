package org.ddstuner.testsupport;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Finds the DDS Tuner repository so tests can reach {@code tests/peers}. Tests run with different
 * working directories (the bundle folder under Tycho, the repo root by hand, /tmp for ad-hoc runs),
 * so we walk up from the working directory, or take the system property {@value #PROPERTY}.
 */
public final class RepoLocator {

    /** System property naming the repository root explicitly. */
    public static final String PROPERTY = "ddstuner.repo";

    /** A file that exists only in this repository, relative to its root. */
    static final String MARKER = "tests/peers/run-peer.sh";

    private RepoLocator() {
    }

    /**
     * The repository root.
     *
     * @throws IllegalStateException if {@value #PROPERTY} points elsewhere or no parent of the working
     *                               directory holds {@value #MARKER}
     */
    public static Path repoRoot() {
        String configured = System.getProperty(PROPERTY);
        if (configured != null && !configured.isBlank()) {
            Path root = Path.of(configured).toAbsolutePath().normalize();
            if (!Files.isRegularFile(root.resolve(MARKER))) {
                throw new IllegalStateException("System property " + PROPERTY + "=" + configured
                        + " does not point to a DDS Tuner repository (no " + MARKER + " there).");
            }
            return root;
        }
        Path start = Path.of("").toAbsolutePath().normalize();
        for (Path dir = start; dir != null; dir = dir.getParent()) {
            if (Files.isRegularFile(dir.resolve(MARKER))) {
                return dir;
            }
        }
        throw new IllegalStateException("Cannot find the DDS Tuner repository above the working directory " + start
                + " (looked for " + MARKER + "); pass -D" + PROPERTY + "=/path/to/repo.");
    }

    /** The folder of the foreign test peers, {@code tests/peers}. */
    public static Path peersDir() {
        return repoRoot().resolve("tests/peers");
    }
}
