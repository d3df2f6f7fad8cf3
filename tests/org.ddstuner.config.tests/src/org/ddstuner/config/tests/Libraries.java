package org.ddstuner.config.tests;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

import org.ddstuner.testsupport.Peers;

/** The two libddsc lines the checker is tested with: the system's 0.10.2 and the Python peer's 11.0.1. */
final class Libraries {

    private Libraries() {
    }

    /** libddsc 11.0.1 from the peers' venv (the cyclonedds wheel keeps it in cyclonedds.libs/). */
    static Path cyclone11() throws IOException {
        Peers.requireAvailable();
        Path libs = Peers.venvDir().resolve("lib/python3.11/site-packages/cyclonedds.libs");
        try (Stream<Path> s = Files.list(libs)) {
            return s.filter(p -> p.getFileName().toString().startsWith("libddsc")).findFirst()
                    .orElseThrow(() -> new IllegalStateException("no libddsc in " + libs));
        }
    }
}
