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
 * per size and marks where it plateaus, and the transport comparison measures UDP, TCP and shared memory per size
 * (the libddsc 0.10.2 loaded here has Iceoryx; iox-roudi is installed, so a RouDi is started for the agents).
 */
class ScenarioRunsTest extends BenchmarksTestBase {

    /** Agent processes start and each step has its setup and wind-down: far more than 6 × 1 s. */
    private static final Duration SCENARIO_TIMEOUT = Duration.ofSeconds(300);

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
        assertTrue(shm.available(), "libddsc 0.10.2 with Iceoryx and iox-roudi installed (apt install iceoryx): "
                + shm.reason());
        assertEquals(Messages.sharedMemory(shm), launcher.sharedMemoryNote().getText());
        // the note says it can, and what a test needs to really go through shared memory
        String note = launcher.sharedMemoryNote().getText();
        assertTrue(note.startsWith("Shared memory: yes, ") && note.contains("libddsc 0.10.2") && note.contains("keep-last")
                && note.contains("this host"), note);
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

    /** The chart's name of a step's transport. */
    private static final class StepNamesOf {
        static String transport(RunDefinition d) {
            return switch (d.transport()) {
                case UDP -> "UDP";
                case TCP -> "TCP";
                case SHM -> "shared memory";
            };
        }
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
    void transportComparisonMeasuresUdpTcpAndSharedMemoryPerSize() throws Exception {
        BenchmarkRun run = runScenario(Scenarios.transportComparison(Duration.ofSeconds(1)));
        List<RunDefinition> defs = run.steps().stream().map(Points.Step::definition).toList();
        assertEquals(3 * Scenarios.TRANSPORT_SIZES.size(), defs.size(), "three transports per size");
        for (RunDefinition.Transport t : RunDefinition.Transport.values()) {
            assertEquals(Scenarios.TRANSPORT_SIZES, defs.stream().filter(d -> d.transport() == t).map(RunDefinition::size)
                    .toList(), t + " over every size");
        }
        for (int step = 0; step < defs.size(); step++) {
            int s = step;
            List<Points.Latency> points = run.latency().stream().filter(p -> p.step() == s && p.count() > 0).toList();
            assertTrue(!points.isEmpty(), defs.get(step).label() + " timed round trips: " + run.messages());
            assertTrue(points.stream().allMatch(p -> p.agent().startsWith("app ")), "measured by local agents");
        }
        assertTrue(run.messages().stream().noneMatch(m -> m.text().contains("skipped")), run.messages().toString());
        // the shared-memory agents stay for the next run, with the RouDi started for them; stopping them stops it
        var shmAgents = BenchmarkSession.get().localAgents().agents();
        assertEquals(RunDefinition.Transport.SHM, shmAgents.transport());
        assertTrue(shmAgents.roudi().started(), "a RouDi was started for the agents");
        assertTrue(Transports.sharedMemory().reason().contains("RouDi running (pid "), Transports.sharedMemory().reason());
        // against the size, one series per transport (not 18 names side by side), RTT on a log axis (µs to ms)
        assertEquals(List.of(), charts.charts().stepAxisNames());
        assertTrue(charts.charts().chart(ChartId.STEPS).getXYPlot().getRangeAxis(0) instanceof org.jfree.chart.axis.LogAxis,
                "log RTT axis");
        List<RunSummary> summaries = RunSummary.perStep(run);
        for (String name : List.of("UDP", "TCP", "shared memory")) {
            XYSeries series = charts.charts().series(ChartId.STEPS, name + " RTT p50 (µs)");
            assertNotNull(series, charts.charts().seriesKeys(ChartId.STEPS).toString());
            assertEquals(Scenarios.TRANSPORT_SIZES.size(), series.getItemCount(), name);
            for (int i = 0; i < series.getItemCount(); i++) {
                int size = Scenarios.TRANSPORT_SIZES.get(i);
                RunSummary sum = summaries.stream().filter(x -> x.size() == size && StepNamesOf.transport(defs.get(x.step()))
                        .equals(name)).findFirst().orElseThrow();
                assertEquals((double) size, series.getX(i).doubleValue());
                assertEquals(sum.p50Micros(), series.getY(i).doubleValue(), name + " at " + size + " B");
            }
        }
        XYSeries p50 = charts.charts().series(ChartId.RTT, "p50");
        assertEquals(run.latency().stream().filter(p -> p.report().column(org.ddstuner.pother.LatencyColumn.TRIP) != null)
                .count(), p50.getItemCount(), "every round-trip report of every transport charted");
        Ui.page().activate(charts);
        Ui.spin(300);
        Ui.screenshot("22-transport-comparison");
        Path dir = Files.createTempDirectory("ddstuner-transports");
        charts.exportAll(dir);
        copyToScreenshots(dir.resolve(ChartId.STEPS.file() + ".png"), "export-transports-steps.png");
        assertTrue(Arrays.stream(launcher.transport().getItems()).noneMatch(i -> i.equals("SHM")));
        BenchmarkSession.get().localAgents().stopAgents();
        assertTrue(org.ddstuner.pother.runs.Roudi.runningPid().isEmpty(), "the RouDi stopped with the agents");
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
