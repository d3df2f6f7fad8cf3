package org.ddstuner.pother.runs.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.ddstuner.dds.Domain;
import org.ddstuner.pother.runs.AgentLauncher;
import org.ddstuner.pother.runs.BenchmarkRun;
import org.ddstuner.pother.runs.Points;
import org.ddstuner.pother.runs.RunStore;
import org.junit.jupiter.api.Test;

/**
 * "Runs are saved as they happen — a killed run keeps what it had", with a real kill: {@link KilledRunChild}
 * runs a local latency pair (domain 114) into a run store in a JVM of its own; this test reads the run file
 * while the run goes on (the reports are on disk, flushed, not in a buffer), kills the process with SIGKILL and
 * loads the run: every report written before the kill is there, the run ends STOPPED as killed.
 */
class KilledRunTest {

    private static final int DOMAIN = 114;

    @Test
    void aRunKilledMidwayLoadsWithTheReportsItHad() throws Exception {
        Path dir = Files.createTempDirectory("ddstuner-killed-run");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> cmd = List.of(java, "--enable-native-access=ALL-UNNAMED", "-cp", classPath(), KilledRunChild.class
                .getName(), dir.toString(), Integer.toString(DOMAIN));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        List<String> output = new ArrayList<>();
        CompletableFuture<String> id = new CompletableFuture<>();
        Thread pump = Thread.ofPlatform().daemon().start(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line = r.readLine(); line != null; line = r.readLine()) {
                    synchronized (output) {
                        output.add(line);
                    }
                    if (line.startsWith("RUN ")) {
                        id.complete(line.substring(4).strip());
                    }
                }
            } catch (IOException e) {
                // the process ended
            }
            id.complete(null);
        });
        try {
            String runId = id.get(60, TimeUnit.SECONDS);
            assertNotNull(runId, "the child started its run: " + output);
            Path file = dir.resolve(runId + ".jsonl");

            // while the run goes on: report lines are on disk already
            long end = System.nanoTime() + 60_000_000_000L;
            long onDisk = 0;
            while (onDisk < 8 && p.isAlive() && System.nanoTime() < end) {
                Thread.sleep(100);
                onDisk = latencyLines(file);
            }
            assertTrue(p.isAlive(), "the one-minute run is still going: " + output);
            assertTrue(onDisk >= 8, "report lines flushed while the run goes on: " + onDisk + "\n" + output);
            assertFalse(Files.readString(file).contains("\"type\":\"end\""), "no end record yet");

            p.destroyForcibly(); // SIGKILL: no shutdown hook, no finish(), no close of the file
            assertTrue(p.waitFor(30, TimeUnit.SECONDS), "killed");
            assertEquals(137, p.exitValue(), "ended by SIGKILL");
            long written = latencyLines(file);
            assertTrue(written >= onDisk, "the file kept what was on it: " + written + " >= " + onDisk);

            BenchmarkRun loaded = new RunStore(dir).load(runId);
            assertEquals(BenchmarkRun.State.STOPPED, loaded.state());
            assertTrue(loaded.endMessage().contains("killed"), loaded.endMessage());
            List<Points.Latency> points = loaded.latency();
            // a kill between two bytes of a line leaves that line unreadable (truncated), anything else loads whole
            assertEquals(written - (loaded.truncated() ? 1 : 0), points.size(), "every complete report line loaded");
            for (Points.Latency pt : points) {
                assertTrue(pt.count() > 0 && pt.p50Micros() > 0 && pt.p50Micros() <= pt.maxMicros(),
                        "a real measurement: " + pt);
            }
            assertEquals(1, new RunStore(dir).list().size(), "the killed run is listed");
        } finally {
            p.destroyForcibly();
            pump.join(5000);
        }
    }

    /** Complete latency records in the file now. */
    private static long latencyLines(Path file) throws IOException {
        if (!Files.exists(file)) {
            return 0;
        }
        String text = Files.readString(file, StandardCharsets.UTF_8);
        int complete = text.lastIndexOf('\n') + 1;
        return text.substring(0, complete).lines().filter(l -> l.startsWith("{\"type\":\"latency\"")).count();
    }

    /** The test fragment (for {@link KilledRunChild}) and the bundles it needs. */
    private static String classPath() throws ClassNotFoundException {
        ClassLoader cli = org.ddstuner.cli.Main.class.getClassLoader();
        Set<String> cp = new LinkedHashSet<>();
        for (Class<?> c : List.of(KilledRunChild.class, Domain.class, BenchmarkRun.class,
                cli.loadClass("org.ddstuner.system.SystemModel"))) {
            cp.addAll(AgentLauncher.entryOf(c));
        }
        for (Class<?> c : org.ddstuner.json.StrictJson.classPathRoots()) { // JSON: the json bundle and Jackson's jars
            cp.addAll(AgentLauncher.entryOf(c));
        }
        return String.join(File.pathSeparator, cp);
    }
}
