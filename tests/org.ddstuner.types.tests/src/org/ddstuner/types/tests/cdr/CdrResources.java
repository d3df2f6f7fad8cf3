package org.ddstuner.types.tests.cdr;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.ddstuner.types.TypeLibrary;
import org.ddstuner.types.idl.IdlParseException;
import org.ddstuner.types.idl.IdlParser;

/** The fragment's {@code resources/cdr} folder (Tycho runs tests with the project as working dir). */
final class CdrResources {
    private CdrResources() {
    }

    static Path path(String relative) {
        String prop = System.getProperty("ddstuner.types.tests.resources");
        Path root = prop != null ? Path.of(prop) : Path.of("resources");
        Path p = root.resolve("cdr").resolve(relative);
        if (!Files.exists(p)) {
            throw new IllegalStateException("test resource not found: " + p.toAbsolutePath()
                    + " (run from tests/org.ddstuner.types.tests or set -Dddstuner.types.tests.resources)");
        }
        return p;
    }

    static TypeLibrary library(String idlFile) {
        try {
            return IdlParser.parseText(Files.readString(path(idlFile)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (IdlParseException e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
    }
}
