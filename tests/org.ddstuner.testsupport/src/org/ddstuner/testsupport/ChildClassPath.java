package org.ddstuner.testsupport;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.Set;

/** The class path of a child JVM a test starts (a peer in a process of its own) from classes this test can see. */
public final class ChildClassPath {

    private ChildClassPath() {
    }

    /** The folder or jar each class was loaded from (Equinox gives a bundle's location as its code source). */
    public static String of(Class<?>... classes) throws URISyntaxException {
        Set<String> entries = new LinkedHashSet<>();
        for (Class<?> c : classes) {
            var src = c.getProtectionDomain().getCodeSource();
            assertNotNull(src, "no code source for " + c.getName());
            Path p = Path.of(src.getLocation().toURI());
            assertTrue(Files.exists(p), "code source of " + c.getName() + " exists: " + p);
            entries.add(p.toString());
            Path classes2 = p.resolve("target/classes"); // a bundle folder in a workspace-style runtime
            if (Files.isDirectory(p) && Files.isDirectory(classes2)) {
                entries.add(classes2.toString());
            }
        }
        return String.join(File.pathSeparator, entries);
    }
}
