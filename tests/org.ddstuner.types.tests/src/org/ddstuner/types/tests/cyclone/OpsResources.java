package org.ddstuner.types.tests.cyclone;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.ddstuner.types.TypeLibrary;
import org.ddstuner.types.idl.IdlParseException;
import org.ddstuner.types.idl.IdlParser;

/** The fragment's {@code resources/cyclone-ops} folder (Tycho runs tests with the project as working dir). */
final class OpsResources {
    private OpsResources() {
    }

    static Path folder() {
        String prop = System.getProperty("ddstuner.types.tests.resources");
        Path p = (prop != null ? Path.of(prop) : Path.of("resources")).resolve("cyclone-ops");
        if (!Files.isDirectory(p)) {
            throw new IllegalStateException("test resources not found at " + p.toAbsolutePath()
                    + " (run from tests/org.ddstuner.types.tests or set -Dddstuner.types.tests.resources)");
        }
        return p;
    }

    static TypeLibrary parse(String file) {
        try {
            return IdlParser.parseText(Files.readString(folder().resolve(file)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (IdlParseException e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
    }
}
