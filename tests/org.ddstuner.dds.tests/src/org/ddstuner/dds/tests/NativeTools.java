package org.ddstuner.dds.tests;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Assumptions;

/** Finds the repository, the C compiler and Cyclone's headers/tools for tests that build C code. */
final class NativeTools {

    private NativeTools() {
    }

    /** releng/probe: from DDSTUNER_REPO (set by the build) or by walking up from the working directory. */
    static Path probeDir() {
        String repo = System.getenv("DDSTUNER_REPO");
        if (repo != null && Files.isDirectory(Path.of(repo, "releng", "probe"))) {
            return Path.of(repo, "releng", "probe");
        }
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            if (Files.isRegularFile(p.resolve("releng/probe/layout_probe.c"))) {
                return p.resolve("releng/probe");
            }
        }
        throw new IllegalStateException("releng/probe not found above " + Path.of("").toAbsolutePath()
                + " (set DDSTUNER_REPO to the repository root)");
    }

    /** Skips the calling test (with a reason) when cc or the Cyclone headers are missing. */
    static Path requireCcAndHeaders() {
        Path cc = DiscoveryTest.findOnPath("cc");
        Assumptions.assumeTrue(cc != null, "no C compiler 'cc' on PATH: layout check skipped (apt install gcc)");
        Assumptions.assumeTrue(Files.isRegularFile(Path.of("/usr/include/dds/dds.h")),
                "Cyclone headers /usr/include/dds missing: layout check skipped (apt install cyclonedds-dev)");
        return cc;
    }

    /** Runs a command, returns stdout; fails the test with the output if it exits non-zero. */
    static String run(Path dir, List<String> command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
        byte[] out = p.getInputStream().readAllBytes();
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("timed out: " + command);
        }
        String text = new String(out, StandardCharsets.UTF_8);
        if (p.exitValue() != 0) {
            throw new AssertionError(command + " exited with " + p.exitValue() + ":\n" + text);
        }
        return text;
    }
}
