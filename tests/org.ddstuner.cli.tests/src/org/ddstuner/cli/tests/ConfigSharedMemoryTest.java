package org.ddstuner.cli.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.ddstuner.cli.tests.CliTest.Result;
import org.junit.jupiter.api.Test;

/**
 * {@code config new --scenario shared-memory} and {@code config check} of its file: Cyclone 0.10.2 checks every
 * SharedMemory element, with Enable turned off while it checks (with it on and no RouDi, as here, libddsc would wait
 * 60 s for one and abort), so the check answers at once.
 */
class ConfigSharedMemoryTest {

    @Test
    void sharedMemoryScenarioIsWrittenAndCheckedWithoutARoudi() throws Exception {
        Path out = Files.createTempDirectory("shm-config").resolve("node.xml");
        long start = System.nanoTime();
        Result r = CliTest.run("config", "new", "--scenario", "shared-memory", "--interface", "127.0.0.1", "--output",
                out.toString());
        assertEquals(0, r.code(), r.err());
        String xml = Files.readString(out);
        assertTrue(xml.contains("<SharedMemory>") && xml.contains("<Enable>true</Enable>")
                && xml.contains("<Prefix>DDS_CYCLONE</Prefix>"), xml);
        assertTrue(r.err().contains("iox-roudi") && r.err().contains("keep-last"), r.err());
        Result check = CliTest.run("config", "check", out.toString());
        assertEquals(0, check.code(), check.out() + check.err());
        assertTrue((System.nanoTime() - start) / 1e9 < 30, "no 60 s wait for a RouDi");
    }
}
