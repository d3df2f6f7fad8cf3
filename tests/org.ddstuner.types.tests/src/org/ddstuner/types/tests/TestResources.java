package org.ddstuner.types.tests;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** Finds the fragment's {@code resources/} folder (Tycho runs tests with the project as working dir). */
final class TestResources {
    private TestResources() {
    }

    static Path root() {
        String prop = System.getProperty("ddstuner.types.tests.resources");
        Path p = prop != null ? Path.of(prop) : Path.of("resources");
        if (!Files.isDirectory(p)) {
            throw new IllegalStateException("test resources not found at " + p.toAbsolutePath()
                    + " (run from tests/org.ddstuner.types.tests or set -Dddstuner.types.tests.resources)");
        }
        return p;
    }

    static Path path(String relative) {
        return root().resolve(relative);
    }

    /** The {@code *.idl} files directly in a folder, sorted. */
    static List<Path> idlFiles(String folder) {
        try (Stream<Path> s = Files.list(path(folder))) {
            return s.filter(p -> p.toString().endsWith(".idl")).sorted().toList();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
