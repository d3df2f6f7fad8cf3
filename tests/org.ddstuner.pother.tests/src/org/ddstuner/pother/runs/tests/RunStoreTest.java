package org.ddstuner.pother.runs.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import org.ddstuner.dds.CycloneConfig;
import org.ddstuner.pother.BestFraction;
import org.ddstuner.pother.LatencyColumn;
import org.ddstuner.pother.StatSummary;
import org.ddstuner.pother.runs.BenchmarkRun;
import org.ddstuner.pother.runs.LocalPairRunner;
import org.ddstuner.pother.runs.Points;
import org.ddstuner.pother.runs.RunDefinition;
import org.ddstuner.pother.runs.RunEnvironment;
import org.ddstuner.pother.runs.RunStore;
import org.ddstuner.pother.runs.ScenarioRunner;
import org.ddstuner.pother.runs.Transports;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Real local pairs (two libddsc participants, loopback only, domains 226–228) feeding saved runs: what
 * is loaded back equals what was measured, and a file cut off mid-line (a killed run) still loads.
 */
class RunStoreTest {

    private static final Duration PERIOD = Duration.ofMillis(250);

    private static Path dir;
    private static RunStore store;
    private static BenchmarkRun latencyRun;

    @BeforeAll
    static void runALatencyPair() throws Exception {
        dir = Files.createTempDirectory("ddstuner-runs");
        store = new RunStore(dir);
        RunDefinition d = RunDefinition.latency(128, Duration.ofSeconds(2)).withPeriod(PERIOD);
        latencyRun = store.create(d, RunEnvironment.capture(CycloneConfig.loopbackOnly()));
        ScenarioRunner r = ScenarioRunner.start(new LocalPairRunner(226), latencyRun, List.of(d));
        assertTrue(r.await(Duration.ofSeconds(40)), "the 2 s run ended");
    }

    @Test
    void latencyRunReportsEveryPeriodWithCountsFromTheTransceiver() {
        assertEquals(BenchmarkRun.State.FINISHED, latencyRun.state(), latencyRun.endMessage() + latencyRun.messages());
        List<Points.Latency> points = latencyRun.latency();
        // 2 s at 250 ms gives ~8 periods; a busy CI box may stretch or merge a few (not a timing test)
        assertTrue(points.size() >= 4 && points.size() <= 10, "2 s at 250 ms gives ~8 periods, got " + points.size());
        for (Points.Latency p : points) {
            assertEquals(LocalPairRunner.AGENT, p.agent());
            assertTrue(p.count() > 0, "round trips in every period");
            assertEquals(p.report().received(), p.count(), "trip count = echoes received");
            assertTrue(p.p50Micros() > 0 && p.p50Micros() <= p.p90Micros() && p.p90Micros() <= p.p99Micros()
                    && p.p99Micros() <= p.maxMicros(), "ordered percentiles " + p);
        }
        for (int i = 1; i < points.size() - 1; i++) { // the last period is cut short by the end of the run
            double dt = points.get(i).time() - points.get(i - 1).time();
            assertTrue(dt > 0.1 && dt < 1.5, "reports about 250 ms apart: " + dt);
        }
        assertFalse(latencyRun.resources().isEmpty(), "the local agent's CPU/RSS came with the reports");
        assertTrue(latencyRun.resources().get(0).resources().rssBytes() > 10_000_000, "RSS of a JVM");
    }

    @Test
    void savedRunReloadsWithTheSameTablesAndIsListed() throws IOException {
        BenchmarkRun loaded = store.load(latencyRun.id());
        assertEquals(latencyRun.definition(), loaded.definition());
        assertEquals(latencyRun.environment(), loaded.environment());
        assertEquals(BenchmarkRun.State.FINISHED, loaded.state());
        assertFalse(loaded.truncated());
        List<Points.Latency> live = latencyRun.latency();
        List<Points.Latency> back = loaded.latency();
        assertEquals(live.size(), back.size());
        for (int i = 0; i < live.size(); i++) {
            assertEquals(live.get(i).report(), back.get(i).report(), "period " + i + ": every statistic bit-identical");
            assertEquals(live.get(i).time(), back.get(i).time());
            StatSummary trip = back.get(i).report().column(LatencyColumn.TRIP).rows().get(BestFraction.P99);
            assertEquals(BestFraction.P99.kept(live.get(i).count()), trip.count(), "99 % row keeps 99 % of the trips");
        }
        assertEquals(latencyRun.resources(), loaded.resources());
        List<RunStore.RunInfo> runs = store.list();
        assertTrue(runs.stream().anyMatch(r -> r.id().equals(latencyRun.id()) && r.definition().size() == 128), runs.toString());
    }

    @Test
    void killedRunLoadsWhatWasWrittenBeforeTheCut() throws IOException {
        Path file = dir.resolve(latencyRun.id() + ".jsonl");
        String text = Files.readString(file, StandardCharsets.UTF_8);
        // what a kill leaves: no end record, the last report half written
        String withoutEnd = text.substring(0, text.lastIndexOf("{\"type\":\"end\""));
        int lastLine = withoutEnd.lastIndexOf("{\"type\":\"latency\"");
        String cut = withoutEnd.substring(0, lastLine + (withoutEnd.length() - lastLine) / 2);
        Path killed = dir.resolve("killed").resolve("killed.jsonl");
        Files.createDirectories(killed.getParent());
        Files.writeString(killed, cut, StandardCharsets.UTF_8);

        BenchmarkRun loaded = RunStore.load(killed);
        assertTrue(loaded.truncated());
        assertEquals(BenchmarkRun.State.STOPPED, loaded.state());
        assertTrue(loaded.endMessage().contains("killed"), loaded.endMessage());
        List<Points.Latency> live = latencyRun.latency();
        assertEquals(live.size() - 1, loaded.latency().size(), "all complete reports, not the cut one");
        assertEquals(live.get(0).report(), loaded.latency().get(0).report());
        assertEquals(1, new RunStore(killed.getParent()).list().size(), "a killed run is still listed");
    }

    @Test
    void throughputRunCountsSamplesWithoutLoss() throws Exception {
        RunDefinition d = RunDefinition.throughput(1024, Duration.ofMillis(1500)).withRate(2000, 10).withPeriod(PERIOD);
        BenchmarkRun run = store.create(d, RunEnvironment.capture(CycloneConfig.loopbackOnly()));
        ScenarioRunner r = ScenarioRunner.start(new LocalPairRunner(227), run, List.of(d));
        assertTrue(r.await(Duration.ofSeconds(40)));
        assertEquals(BenchmarkRun.State.FINISHED, run.state(), run.endMessage() + run.messages());
        List<Points.Throughput> points = run.throughput();
        assertTrue(points.size() >= 4, "reports: " + points.size());
        long samples = points.stream().mapToLong(p -> p.report().samples()).sum();
        assertTrue(samples > 10_000 && samples < 40_000, "about 20 kS/s for 1.5 s: " + samples);
        Points.Throughput last = points.get(points.size() - 1);
        assertEquals(0, last.lost(), "reliable on loopback loses nothing");
        assertEquals(1024.0 * last.report().samples(), last.report().bytes(), 0.0);
        assertEquals(last.samplesPerSecond() * 1024 / 1e6, last.megabytesPerSecond(), 1e-9);
        BenchmarkRun loaded = store.load(run.id());
        assertEquals(points, loaded.throughput());
    }

    @Test
    void sharedMemoryStepIsSkippedWithTheReasonWhenUnavailable() throws Exception {
        Transports.Availability shm = Transports.sharedMemory();
        RunDefinition d = RunDefinition.latency(64, Duration.ofSeconds(1)).withTransport(RunDefinition.Transport.SHM);
        LocalPairRunner runner = new LocalPairRunner(228);
        String tcp = runner.unsupported(d.withTransport(RunDefinition.Transport.TCP));
        assertNotNull(tcp, "one process cannot compare transports");
        assertTrue(tcp.contains(LocalPairRunner.IN_PROCESS_NOTE), tcp);
        if (shm.available()) {
            return; // nothing to skip on a host with RouDi
        }
        assertTrue(shm.reason().contains("Iceoryx") || shm.reason().contains("RouDi"), shm.reason());
        assertNotNull(runner.unsupported(d));
        BenchmarkRun run = BenchmarkRun.unsaved(d, RunEnvironment.capture(""));
        ScenarioRunner r = ScenarioRunner.start(runner, run, List.of(d));
        assertTrue(r.await(Duration.ofSeconds(10)));
        assertTrue(run.latency().isEmpty(), "no numbers under a shared-memory label");
        assertTrue(run.messages().stream().anyMatch(m -> m.text().contains("skipped") && m.text().contains(shm.reason())),
                run.messages().toString());
    }

    @Test
    void unreadableFilesGiveClearErrors() throws IOException {
        Path junk = dir.resolve("junk").resolve("junk.jsonl");
        Files.createDirectories(junk.getParent());
        Files.writeString(junk, "this is not json\n");
        IOException e = assertThrows(IOException.class, () -> RunStore.load(junk));
        assertTrue(e.getMessage().contains("is not a run file"), e.getMessage());
        assertTrue(new RunStore(junk.getParent()).list().isEmpty());

        String text = Files.readString(dir.resolve(latencyRun.id() + ".jsonl"));
        String[] lines = text.split("\n");
        lines[2] = "{\"type\":\"latency\",\"t\":oops}";
        Path bad = junk.getParent().resolve("bad-middle.jsonl");
        Files.writeString(bad, String.join("\n", lines) + "\n");
        BenchmarkRun loaded = RunStore.load(bad);
        assertFalse(loaded.truncated());
        assertTrue(loaded.messages().stream().anyMatch(m -> m.text().contains("line 3")), loaded.messages().toString());
    }

    @Test
    void definitionsRejectImpossibleValues() {
        assertThrows(IllegalArgumentException.class, () -> RunDefinition.latency(10, Duration.ofSeconds(1)));
        assertThrows(IllegalArgumentException.class, () -> RunDefinition.latency(64, Duration.ZERO));
        assertThrows(IllegalArgumentException.class, () -> RunDefinition.throughput(64, Duration.ofSeconds(1)).withRate(-1, 1));
        assertThrows(IllegalArgumentException.class,
                () -> RunDefinition.latency(64, Duration.ofSeconds(1)).withPeriod(Duration.ofMillis(10)));
    }
}
