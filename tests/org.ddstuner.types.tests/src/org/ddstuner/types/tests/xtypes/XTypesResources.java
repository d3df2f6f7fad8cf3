package org.ddstuner.types.tests.xtypes;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.ddstuner.types.TypeLibrary;
import org.ddstuner.types.idl.IdlParseException;
import org.ddstuner.types.idl.IdlParser;

/** The fragment's {@code resources/xtypes} folder (Tycho runs tests with the project as working dir). */
final class XTypesResources {
    private XTypesResources() {
    }

    static Path path(String relative) {
        String prop = System.getProperty("ddstuner.types.tests.resources");
        Path root = prop != null ? Path.of(prop) : Path.of("resources");
        Path p = root.resolve("xtypes").resolve(relative);
        if (!Files.exists(p) && !relative.endsWith(".typeobjects")) {
            throw new IllegalStateException("test resource not found: " + p.toAbsolutePath()
                    + " (run from tests/org.ddstuner.types.tests or set -Dddstuner.types.tests.resources)");
        }
        return p;
    }

    static TypeLibrary parseIdl(String file) {
        try {
            return IdlParser.parseText(Files.readString(path(file)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (IdlParseException e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
    }
}
