package org.ddstuner.pother.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;

import org.ddstuner.pother.runs.BenchmarkRun;
import org.ddstuner.pother.runs.Plateau;
import org.ddstuner.pother.runs.Points;
import org.ddstuner.pother.runs.RunDefinition;
import org.ddstuner.pother.runs.RunSummary;
import org.ddstuner.pother.runs.Scenario;
import org.ddstuner.pother.runs.Scenarios;
import org.ddstuner.pother.runs.Transports;
import org.ddstuner.pother.ui.BenchmarkSession;
import org.ddstuner.pother.ui.Messages;
import org.ddstuner.pother.ui.charts.ChartId;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Event;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.data.xy.XYSeries;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;

/**
 * The one-click scenarios the other tests only list, run from the Launcher on two local agent processes (the test
 * bundle's benchmark domain, loopback only) with 1 s steps: the payload sweep fills the per-step chart with one point
 * per size and marks where it plateaus, and the transport comparison measures UDP and TCP and says why it skips
 * shared memory (the libddsc 0.10.2 loaded here has Iceoryx, but no RouDi daemon runs).
 */
class ScenarioRunsTest extends BenchmarksTestBase {

    /** Agent processes start and each step has its setup and wind-down: far more than 6 × 1 s. */
    private static final Duration SCENARIO_TIMEOUT = Duration.ofSeconds(240);

    @BeforeAll
    static void twoAgentsAsOnAFirstClick() {
        Ui.page().activate(charts);
        // as on a first click: the scenarios start their own two agents (not the six a fan-in run may have left)
        BenchmarkSession.get().localAgents().stopAgents();
        BenchmarkSession.get().localAgents().setAgents(2, 101);
        Ui.spin(300);
    }

    @Test
    @Order(10)
    void launcherSaysWhetherSharedMemoryWorksAndNamesTransportsInWords() {
        Transports.Availability shm = Transports.sharedMemory();
        assertTrue(!shm.available(), "no shared memory with the libddsc 0.10.2 of this machine: " + shm.reason());
        assertEquals(Messages.sharedMemory(shm), launcher.sharedMemoryNote().getText());
        // this machine's libddsc 0.10.2 is built with Iceoryx, but no RouDi daemon runs: the note says which it is
        assertTrue(launcher.sharedMemoryNote().getText().startsWith("Shared memory: no, ")
                && launcher.sharedMemoryNote().getText().contains("libddsc 0.10.2"), launcher.sharedMemoryNote().getText());
        assertFullyVisible(launcher.sharedMemoryNote(), "the shared-memory note");
        assertFullyVisible(launcher.stepSeconds(), "the seconds per scenario step");
        assertEquals(List.of("UDP (loopback)", "TCP", "Shared memory (Iceoryx)"), List.of(launcher.transport().getItems()));
        launcher.transport().select(1);
        launcher.sizes().setText("64");
        assertEquals(RunDefinition.Transport.TCP, launcher.definitions().get(0).transport(), "the label picks TCP");
        launcher.transport().select(0);
        assertEquals(RunDefinition.Transport.UDP, launcher.definitions().get(0).transport());
        Ui.screenshot("20-launcher-shared-memory-note");
    }

    /** Runs {@code s} from the launcher's chooser on local agents with 1 s steps and waits for it to end. */
    private static BenchmarkRun runScenario(Scenario s) {
        launcher.target().select(0);
        launcher.stepSeconds().setSelection(1);
        int index = List.of(launcher.scenario().getItems()).indexOf(s.title());
        assertTrue(index >= 0, "the launcher offers " + s.title());
        launcher.scenario().select(index);
        launcher.scenario().notifyListeners(SWT.Selection, new Event());
        assertTrue(launcher.runScenarioButton().getToolTipText().endsWith("(" + s.steps().size() + " steps of 1 s)"),
                launcher.runScenarioButton().getToolTipText());
        launcher.runScenarioButton().notifyListeners(SWT.Selection, new Event());
        BenchmarkRun run = BenchmarkSession.get().current();
        assertNotNull(run, launcher.status());
        assertEquals(s.title(), run.definition().label());
        Ui.waitUntil(SCENARIO_TIMEOUT, s.title() + " to end", () -> run.state() != BenchmarkRun.State.RUNNING,
                () -> launcher.status() + " " + run.messages());
        Ui.spin(3 * 250 + 100); // the views' refresh ticks
        assertEquals(BenchmarkRun.State.FINISHED, run.state(), run.endMessage() + " " + run.messages());
        for (RunDefinition step : run.steps().stream().map(Points.Step::definition).toList()) {
            assertEquals(Duration.ofSeconds(1), step.duration(), "1 s steps: " + step.label());
        }
        return run;
    }

    @Test
    @Order(20)
    void payloadSweepDrawsEverySizeAndMarksThePlateau() throws Exception {
        BenchmarkRun run = runScenario(Scenarios.payloadSweep(Duration.ofSeconds(1)));
        List<RunSummary> steps = RunSummary.perStep(run);
        assertEquals(Scenarios.SWEEP_SIZES, steps.stream().map(RunSummary::size).toList(), "every size measured");
        XYSeries mb = charts.charts().series(ChartId.STEPS, "MB/s");
        assertNotNull(mb, charts.charts().seriesKeys(ChartId.STEPS).toString());
        assertEquals(steps.size(), mb.getItemCount(), "one per-step point per size");
        for (int i = 0; i < steps.size(); i++) {
            assertEquals((double) steps.get(i).size(), mb.getX(i).doubleValue(), "size of step " + i);
            assertEquals(steps.get(i).megabytesPerSecond(), mb.getY(i).doubleValue(), "MB/s of step " + i);
            assertTrue(mb.getY(i).doubleValue() > 0, "step " + i + " moved data");
        }
        // the plateau: the marker on the per-step chart, and the run's answer in the launcher's status
        Plateau plateau = Plateau.of(steps).orElseThrow();
        assertEquals(plateau, charts.charts().plateau());
        var markers = charts.charts().chart(ChartId.STEPS).getXYPlot().getDomainMarkers(0, org.jfree.chart.ui.Layer.FOREGROUND);
        assertNotNull(markers, "a plateau marker on the per-step chart");
        List<ValueMarker> plateauMarkers = markers.stream().filter(ValueMarker.class::isInstance)
                .map(ValueMarker.class::cast).toList();
        assertEquals(1, plateauMarkers.size(), plateauMarkers.toString());
        assertEquals(plateau.size(), plateauMarkers.get(0).getValue());
        assertEquals("plateau " + plateau.size() + " B", plateauMarkers.get(0).getLabel());
        assertTrue(run.messages().stream().anyMatch(m -> m.text().equals(plateau.describe())), run.messages().toString());
        assertTrue(launcher.status().endsWith(plateau.describe()), launcher.status());
        // a throughput sweep has no round trips: the per-step chart shows its MB/s axis alone
        var plot = charts.charts().chart(ChartId.STEPS).getXYPlot();
        assertTrue(!plot.getRangeAxis(0).isVisible(), "the unused RTT axis is hidden");
        assertTrue(plot.getRangeAxis(1).isVisible(), "the MB/s axis is shown");
        assertTrue(plot.getRangeAxis(1).getRange().getUpperBound() > mb.getMaxY() * 1.05,
                "room above the highest point: " + plot.getRangeAxis(1).getRange() + ", highest " + mb.getMaxY());
        Ui.page().activate(charts);
        Ui.spin(300);
        Ui.screenshot("21-payload-sweep");
        Path dir = Files.createTempDirectory("ddstuner-sweep");
        charts.exportAll(dir);
        copyToScreenshots(dir.resolve(ChartId.STEPS.file() + ".png"), "export-sweep-steps.png");
        copyToScreenshots(dir.resolve(ChartId.THROUGHPUT.file() + ".png"), "export-sweep-throughput.png");
    }

    @Test
    @Order(30)
    void transportComparisonMeasuresUdpAndTcpAndSaysWhyItSkipsSharedMemory() throws Exception {
        BenchmarkRun run = runScenario(Scenarios.transportComparison(Duration.ofSeconds(1)));
        List<RunDefinition.Transport> transports = run.steps().stream().map(s -> s.definition().transport()).toList();
        assertEquals(List.of(RunDefinition.Transport.UDP, RunDefinition.Transport.TCP, RunDefinition.Transport.SHM),
                transports);
        for (int step = 0; step < 2; step++) {
            int s = step;
            List<Points.Latency> points = run.latency().stream().filter(p -> p.step() == s && p.count() > 0).toList();
            assertTrue(!points.isEmpty(), transports.get(step) + " step timed round trips: " + run.messages());
            assertTrue(points.stream().allMatch(p -> p.agent().startsWith("app ")), "measured by local agents");
        }
        assertTrue(run.latency().stream().noneMatch(p -> p.step() == 2), "nothing measured over shared memory");
        String skipped = run.messages().stream().map(Points.Message::text).filter(t -> t.contains("skipped"))
                .findFirst().orElseThrow(() -> new AssertionError("no skip message: " + run.messages()));
        assertTrue(skipped.contains("skipped. Shared memory is not available: ") && skipped.contains("libddsc 0.10.2"),
                skipped);
        assertTrue(launcher.status().contains("skipped. Shared memory is not available"), launcher.status());
        // all steps are 64 B: the per-step chart shows them side by side, named after their transport (the skipped
        // one without a point)
        assertEquals(List.of("UDP", "TCP", "shared memory"), charts.charts().stepAxisNames());
        assertEquals("Per step, side by side by name", charts.charts().chart(ChartId.STEPS).getTitle().getText(),
                "the title says the steps are named, not drawn against their size");
        XYSeries steps = charts.charts().series(ChartId.STEPS, "RTT p50 (µs)");
        assertEquals(2, steps.getItemCount(), "UDP and TCP");
        List<RunSummary> summaries = RunSummary.perStep(run);
        for (int i = 0; i < 2; i++) {
            assertEquals((double) i, steps.getX(i).doubleValue(), "at its step's name");
            assertEquals(summaries.get(i).p50Micros(), steps.getY(i).doubleValue(), "mean p50 of step " + i);
        }
        XYSeries p50 = charts.charts().series(ChartId.RTT, "p50");
        assertEquals(run.latency().stream().filter(p -> p.report().column(org.ddstuner.pother.LatencyColumn.TRIP) != null)
                .count(), p50.getItemCount(), "every round-trip report of both transports charted");
        Ui.page().activate(charts);
        Ui.spin(300);
        Ui.screenshot("22-transport-comparison");
        Path dir = Files.createTempDirectory("ddstuner-transports");
        charts.exportAll(dir);
        copyToScreenshots(dir.resolve(ChartId.STEPS.file() + ".png"), "export-transports-steps.png");
        assertTrue(Arrays.stream(launcher.transport().getItems()).noneMatch(i -> i.equals("SHM")));
    }

    @Test
    @Order(40)
    void latencyVsSizeDrawsOneRoundTripPointPerSize() {
        BenchmarkRun run = runScenario(Scenarios.latencyVsSize(Duration.ofSeconds(1)));
        List<RunSummary> steps = RunSummary.perStep(run);
        assertEquals(Scenarios.SWEEP_SIZES, steps.stream().map(RunSummary::size).toList(), "every size measured");
        XYSeries p50 = charts.charts().series(ChartId.STEPS, "RTT p50 (µs)");
        assertEquals(steps.size(), p50.getItemCount());
        for (int i = 0; i < steps.size(); i++) {
            assertEquals((double) steps.get(i).size(), p50.getX(i).doubleValue());
            assertEquals(steps.get(i).p50Micros(), p50.getY(i).doubleValue(), "mean p50 of step " + i);
        }
        assertEquals(List.of(), charts.charts().stepAxisNames(), "a sweep against its sizes");
        assertEquals(ChartId.STEPS.title(), charts.charts().chart(ChartId.STEPS).getTitle().getText());
        assertTrue(ChartId.STEPS.title().contains("sample size"), ChartId.STEPS.title());
        var plot = charts.charts().chart(ChartId.STEPS).getXYPlot();
        assertTrue(plot.getRangeAxis(0).isVisible() && !plot.getRangeAxis(1).isVisible(), "RTT axis only: no MB/s");
        assertEquals(null, charts.charts().plateau(), "a round-trip sweep has no throughput plateau");
        Ui.page().activate(charts);
        Ui.spin(300);
        Ui.screenshot("23-latency-vs-size");
    }

    @Test
    @Order(50)
    void latencyUnderLoadNamesEachLoadInThePerStepChart() {
        BenchmarkRun run = runScenario(Scenarios.latencyUnderLoad(Duration.ofSeconds(1)));
        List<RunSummary> steps = RunSummary.perStep(run);
        assertEquals(3, steps.size(), "no load, 10k/s and 50k/s: " + run.messages());
        XYSeries p50 = charts.charts().series(ChartId.STEPS, "RTT p50 (µs)");
        assertEquals(3, p50.getItemCount());
        assertEquals(List.of("no load", "10k/s load", "50k/s load"), charts.charts().stepAxisNames());
        assertEquals("Per step, side by side by name", charts.charts().chart(ChartId.STEPS).getTitle().getText());
        for (int i = 0; i < 3; i++) {
            assertEquals((double) i, p50.getX(i).doubleValue());
            assertEquals(steps.get(i).p50Micros(), p50.getY(i).doubleValue(), "mean p50 of step " + i);
        }
        // the background load's receiver reports throughput of its own
        assertTrue(run.throughput().stream().anyMatch(p -> p.step() > 0 && p.report().samples() > 0),
                "background samples arrived: " + run.messages());
        Ui.page().activate(charts);
        Ui.spin(300);
        Ui.screenshot("24-latency-under-load");
    }
}
