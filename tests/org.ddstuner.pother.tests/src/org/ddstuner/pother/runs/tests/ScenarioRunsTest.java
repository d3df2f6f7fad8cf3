package org.ddstuner.pother.runs.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

import org.ddstuner.dds.CycloneConfig;
import org.ddstuner.pother.runs.BenchmarkRun;
import org.ddstuner.pother.runs.LocalPairRunner;
import org.ddstuner.pother.runs.Plateau;
import org.ddstuner.pother.runs.Points;
import org.ddstuner.pother.runs.RunDefinition;
import org.ddstuner.pother.runs.RunEnvironment;
import org.ddstuner.pother.runs.RunSummary;
import org.ddstuner.pother.runs.Scenario;
import org.ddstuner.pother.runs.ScenarioRunner;
import org.ddstuner.pother.runs.Scenarios;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The one-click scenarios payload-size sweep (with its plateau), latency vs message size and latency under a
 * background throughput load, run headless on real local pairs (loopback-only domains 192–194) with the sizes
 * up to 4 KiB and 1 s steps: every step measured what it says, and the sweep names where it levels off.
 */
@Timeout(value = 240, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class ScenarioRunsTest {

    private static final Duration PERIOD = Duration.ofMillis(250);
    private static final List<Integer> SIZES = List.of(64, 256, 1024, 4096);

    /**
     * How long each step runs: 8 periods of 250 ms, so "at least 2 periods per step" holds on a starved box too (with
     * 1 s steps a reporting thread held off the CPU for 750 ms under load merged a step into 1 period).
     */
    private static final Duration STEP = Duration.ofSeconds(2);

    /** The scenario's steps up to 4 KiB, reporting every 250 ms, run to their end. */
    private static BenchmarkRun run(Scenario s, int domain) throws InterruptedException {
        List<RunDefinition> steps = s.steps().stream().filter(d -> d.size() <= 4096).map(d -> d.withPeriod(PERIOD)).toList();
        BenchmarkRun run = BenchmarkRun.unsaved(s.runDefinition(), RunEnvironment.capture(CycloneConfig.loopbackOnly()));
        ScenarioRunner r = ScenarioRunner.start(new LocalPairRunner(domain), run, steps);
        assertTrue(r.await(Duration.ofSeconds(150)), "the scenario ended");
        assertEquals(BenchmarkRun.State.FINISHED, run.state(), run.endMessage() + " " + run.messages());
        assertEquals(steps.size(), run.steps().size(), "every step ran");
        return run;
    }

    @Test
    void payloadSweepMeasuresEverySizeAndNamesItsPlateau() throws Exception {
        BenchmarkRun run = run(Scenarios.payloadSweep(STEP), 192);
        List<RunSummary> steps = RunSummary.perStep(run);
        assertEquals(SIZES, steps.stream().map(RunSummary::size).toList(), "one summary per size, in order");
        for (RunSummary s : steps) {
            assertTrue(s.periods() >= 2 && s.samplesPerSecond() > 0 && s.megabytesPerSecond() > 0, s.toString());
            for (Points.Throughput p : run.throughput().stream().filter(p -> p.step() == s.step()).toList()) {
                assertEquals((long) s.size() * p.report().samples(), p.report().bytes(), "samples of " + s.size() + " B");
            }
        }
        Plateau plateau = Plateau.of(steps).orElseThrow();
        RunSummary best = steps.stream().max((a, b) -> Double.compare(a.megabytesPerSecond(), b.megabytesPerSecond()))
                .orElseThrow();
        assertEquals(best.size(), plateau.bestSize());
        assertEquals(best.megabytesPerSecond(), plateau.bestMegabytesPerSecond());
        assertTrue(plateau.megabytesPerSecond() >= 0.9 * best.megabytesPerSecond(), plateau.toString());
        for (RunSummary s : steps) {
            if (s.size() < plateau.size()) {
                assertTrue(s.megabytesPerSecond() < 0.9 * best.megabytesPerSecond(), "a smaller size below 90 %: " + s);
            }
        }
        assertTrue(run.messages().stream().anyMatch(m -> m.text().equals(plateau.describe())),
                "the run says where it plateaus: " + run.messages());
        System.out.println(plateau.describe());
    }

    private static RunSummary summary(String label, int size, double megabytesPerSecond) {
        return new RunSummary(0, label, size, 3, megabytesPerSecond * 1e6 / size, megabytesPerSecond, Double.NaN, Double.NaN);
    }

    @Test
    void plateauIsTheSmallestSizeWithinTenPercentOfTheBest() {
        List<RunSummary> sweep = List.of(summary("a", 64, 10), summary("b", 256, 40), summary("c", 1024, 90),
                summary("d", 4096, 100), summary("e", 16384, 97), summary("f", 65536, 80));
        assertEquals(new Plateau(1024, 90, 4096, 100), Plateau.of(sweep).orElseThrow(), "90 of 100 is within 10 %");
        List<RunSummary> below = List.of(summary("a", 64, 10), summary("c", 1024, 89.9), summary("d", 4096, 100));
        assertEquals(4096, Plateau.of(below).orElseThrow().size());
        assertEquals(Optional.empty(), Plateau.of(List.of(summary("a", 64, 10))), "one size has no plateau");
        assertEquals(Optional.empty(), Plateau.of(List.of(summary("a", 64, Double.NaN), summary("b", 256, Double.NaN))),
                "a latency sweep has no throughput");
        assertEquals("Throughput plateaus from 1024 B: 90.0 MB/s, within 10 % of the best (100.0 MB/s at 4096 B).",
                Plateau.of(sweep).orElseThrow().describe());
    }

    @Test
    void latencyVsSizeMeasuresRoundTripsAtEverySize() throws Exception {
        BenchmarkRun run = run(Scenarios.latencyVsSize(STEP), 193);
        List<RunSummary> steps = RunSummary.perStep(run);
        assertEquals(SIZES, steps.stream().map(RunSummary::size).toList());
        for (RunSummary s : steps) {
            assertTrue(s.periods() >= 2, s.toString());
            assertTrue(s.p50Micros() > 0 && s.p99Micros() >= s.p50Micros(), s.toString());
            List<Points.Latency> points = run.latency().stream().filter(p -> p.step() == s.step()).toList();
            assertTrue(points.stream().mapToLong(Points.Latency::count).sum() > 10, "round trips at " + s.size() + " B");
            for (Points.Latency p : points) {
                assertEquals(p.report().received(), p.count(), "trip count = echoes received");
            }
        }
        assertTrue(run.throughput().isEmpty(), "no background load in this scenario");
        assertTrue(Plateau.of(steps).isEmpty(), "no plateau without throughput");
        assertTrue(run.messages().stream().noneMatch(m -> m.text().startsWith("Throughput plateaus")));
    }

    @Test
    void latencyUnderLoadMeasuresRoundTripsWhileTheLoadRuns() throws Exception {
        Scenario s = Scenarios.latencyUnderLoad(STEP);
        BenchmarkRun run = run(s, 194);
        double[] loads = { 0, 10_000, 50_000 };
        for (int step = 0; step < 3; step++) {
            int i = step;
            RunDefinition d = run.steps().get(i).definition();
            assertEquals(loads[i], d.loadRate());
            List<Points.Latency> rtt = run.latency().stream().filter(p -> p.step() == i).toList();
            assertTrue(rtt.size() >= 2 && rtt.stream().mapToLong(Points.Latency::count).sum() > 10,
                    "round trips in step " + i + ": " + rtt.size());
            List<Points.Throughput> load = run.throughput().stream().filter(p -> p.step() == i).toList();
            if (loads[i] == 0) {
                assertTrue(load.isEmpty(), "no load in the quiet step");
                continue;
            }
            assertTrue(load.stream().mapToLong(p -> p.report().samples()).sum() > 0, "the load ran in step " + i);
            for (Points.Throughput p : load) {
                assertEquals(loads[i], p.requestedSamplesPerSecond(), "the load's requested rate");
                assertEquals(1024L * p.report().samples(), p.report().bytes(), "1 KiB load samples");
            }
        }
    }
}
