package org.ddstuner.cli.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import org.ddstuner.cli.tests.CliTest.Result;
import org.junit.jupiter.api.Test;

/**
 * {@code ddstuner pother-run --agents-transport}: the pair's two agents as processes over the chosen transport, here
 * shared memory (Iceoryx; the CLI starts a RouDi, none runs in the test namespace, and stops it after the agents).
 */
class PotherRunTransportTest {

    @Test
    void agentProcessesOverSharedMemoryWithTheirOwnRoudi() throws Exception {
        String out;
        try (CliProcess cli = CliProcess.start("pother-run", "--agents-transport", "shm", "--no-save", "--domain", "226",
                "--count", "2000", "--size", "1024", "--period-ms", "200")) {
            StringBuilder b = new StringBuilder();
            BufferedReader r = cli.out;
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                b.append(line).append('\n');
            }
            assertTrue(cli.process.waitFor(120, TimeUnit.SECONDS), "pother-run ended");
            out = b.toString();
            assertEquals(0, cli.process.exitValue(), cli.stderr() + out);
            assertTrue(cli.stderr().contains("[roudi] started iox-roudi (pid "), cli.stderr());
        }
        assertTrue(out.contains("RESULT sent=2000 echoes=2000"), out);
        assertTrue(out.contains("agent processes over shm"), "the run is labelled with its transport: " + out);
        assertTrue(!Files.exists(Path.of("/tmp/roudi")) && !Files.exists(Path.of("/dev/shm/iceoryx_mgmt")),
                "the RouDi started for the run was stopped and left nothing");
    }

    @Test
    void sharedMemoryRefusesKeepAllAndContradictions() {
        Result keepAll = CliTest.run("pother-run", "--agents-transport", "shm", "--throughput", "--no-save");
        assertEquals(2, keepAll.code());
        assertTrue(keepAll.err().contains("keep-last"), keepAll.err());
        Result both = CliTest.run("pother-run", "--agents-transport", "udp", "--local", "--no-save");
        assertEquals(2, both.code());
        assertTrue(both.err().contains("contradict"), both.err());
        Result bad = CliTest.run("pother-run", "--agents-transport", "ipc", "--no-save");
        assertEquals(2, bad.code());
        assertTrue(bad.err().contains("udp, tcp or shm"), bad.err());
        Result apps = CliTest.run("pother-run", "--agents-transport", "udp", "--transponder-app", "7", "--no-save");
        assertEquals(2, apps.code());
        assertTrue(apps.err().contains("--transponder-app 2"), apps.err());
    }
}
