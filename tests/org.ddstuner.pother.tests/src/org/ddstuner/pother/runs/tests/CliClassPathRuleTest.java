package org.ddstuner.pother.runs.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.ddstuner.pother.runs.AgentLauncher;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The rule that makes the CLI's class path (the start script, the desktop's agent launcher and the tests' child
 * JVMs all apply it): headless DDS Tuner bundles and the CLI's libraries are on it; UI bundles, tests, test support
 * and the desktop-only updater are not; a bundle folder brings its class output; a missing required bundle is named.
 */
class CliClassPathRuleTest {

    @TempDir
    Path dir;

    @Test
    void headlessBundlesAreOnItAndUiTestsAndTheUpdaterAreNot() {
        for (String on : List.of("org.ddstuner.dds", "org.ddstuner.cli", "org.ddstuner.record", "org.ddstuner.map")) {
            assertTrue(AgentLauncher.isCliBundle(on), on);
        }
        for (String off : List.of("org.ddstuner.ui", "org.ddstuner.record.ui", "org.ddstuner.dds.tests",
                "org.ddstuner.testsupport", "org.ddstuner.testsupport.ui", "org.ddstuner.update", "org.eclipse.ui",
                "picocli")) {
            assertFalse(AgentLauncher.isCliBundle(off), off);
        }
    }

    @Test
    void classPathTakesJarsAndFoldersWithTheirClassesAndNamesWhatIsMissing() throws IOException {
        Path dds = Files.createDirectories(dir.resolve("org.ddstuner.dds"));
        Files.createDirectories(dds.resolve("target/classes"));
        Path cli = Files.createFile(dir.resolve("org.ddstuner.cli_0.10.0.jar"));
        Path picocli = Files.createFile(dir.resolve("picocli_4.7.7.jar"));
        Path ui = Files.createFile(dir.resolve("org.ddstuner.ui_0.10.0.jar"));
        Path update = Files.createFile(dir.resolve("org.ddstuner.update_0.10.0.jar"));
        Map<String, Path> installed = new java.util.LinkedHashMap<>();
        installed.put("org.ddstuner.dds", dds);
        installed.put("org.ddstuner.ui", ui);
        installed.put("org.ddstuner.cli", cli);
        installed.put("org.ddstuner.update", update);
        installed.put("picocli", picocli);
        installed.put("org.eclipse.swt", dir.resolve("swt.jar"));

        List<String> cp = AgentLauncher.classPathOf(installed.keySet(), n -> n, installed::get,
                List.of("org.ddstuner.cli", "picocli"));
        assertEquals(List.of(dds.toString(), dds.resolve("target/classes").toString(), cli.toString(),
                picocli.toString()), cp);

        IllegalStateException e = assertThrows(IllegalStateException.class, () -> AgentLauncher.classPathOf(
                installed.keySet(), n -> n, installed::get, List.of("com.fasterxml.jackson.core.jackson-databind")));
        assertTrue(e.getMessage().startsWith("bundle com.fasterxml.jackson.core.jackson-databind is not installed"),
                e.getMessage());
    }
}
