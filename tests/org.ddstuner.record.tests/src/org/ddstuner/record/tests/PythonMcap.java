package org.ddstuner.record.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import org.ddstuner.json.StrictJson;
import org.ddstuner.testsupport.Peers;
import org.ddstuner.testsupport.RepoLocator;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The {@code mcap} package from PyPI (in the peers' venv) reading a file: {@code tests/peers/mcap_check.py} prints
 * what it found as JSON, CRCs validated. A reader DDS Tuner did not write.
 */
final class PythonMcap {

    private PythonMcap() {
    }

    static JsonNode read(Path file) throws Exception {
        Peers.requireAvailable();
        Path out = Files.createTempFile("mcap-check", ".json");
        Path err = Files.createTempFile("mcap-check", ".err");
        try {
            Process p = new ProcessBuilder(Peers.venvDir().resolve("bin/python").toString(),
                    RepoLocator.peersDir().resolve("mcap_check.py").toString(), file.toString())
                    .redirectOutput(out.toFile()).redirectError(err.toFile()).start();
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new AssertionError("mcap_check.py did not finish in 60 s");
            }
            assertEquals(0, p.exitValue(), "the mcap package refused " + file + ":\n" + Files.readString(err));
            return StrictJson.parse(Files.readString(out, StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }
}
