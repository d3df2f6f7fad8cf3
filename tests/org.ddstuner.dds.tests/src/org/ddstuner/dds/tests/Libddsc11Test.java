package org.ddstuner.dds.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The binding against libddsc 11.x (the library bundled with the Cyclone Python peer). The library is
 * process-wide, so this runs {@link Libddsc11Check} in a child JVM ({@link JavaPeer}) with
 * {@code -Dddstuner.libddsc} pointing at 11.x. Skipped when the peers' venv or the compiled classes are
 * missing. Domain 201; 11.x always sends a multicast probe, so this
 * runs only inside the build's private network namespace (netns-run.sh sets DDSTUNER_IN_NETNS).
 */
class Libddsc11Test {

    static Path library11() throws IOException {
        String venv = System.getenv("DDSTUNER_PEERS_VENV");
        Path root = venv != null && !venv.isBlank() ? Path.of(venv)
                : Path.of(System.getProperty("user.home"), ".cache", "ddstuner", "peers-venv");
        if (!Files.isDirectory(root.resolve("lib"))) {
            return null;
        }
        try (Stream<Path> s = Files.walk(root.resolve("lib"), 5)) {
            return s.filter(p -> p.toString().endsWith("/cyclonedds/.libs/libddsc.so")).findFirst().orElse(null);
        }
    }

    @Test
    void rawWriterAndUntypedReaderWorkOnLibddsc11() throws Exception {
        Assumptions.assumeTrue("1".equals(System.getenv("DDSTUNER_IN_NETNS")),
                "libddsc 11.x sends a multicast probe: only inside releng/scripts/netns-run.sh");
        Path lib = library11();
        Assumptions.assumeTrue(lib != null, "libddsc 11.x not found in the peers' venv (tests/peers/install-peers.sh)");
        List<String> cmd = JavaPeer.command(Libddsc11Check.class, List.of("-Dddstuner.libddsc=" + lib), List.of("201"));
        String out = NativeTools.run(Path.of("").toAbsolutePath(), cmd);
        assertTrue(out.contains("libddsc 11."), out);
        assertEquals("OK", out.strip().lines().reduce((a, b) -> b).orElse(""), out);
    }
}
