package org.ddstuner.pother.ui.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;

import org.ddstuner.pother.BestFraction;
import org.ddstuner.pother.LatencyColumn;
import org.ddstuner.pother.LatencyReport;
import org.ddstuner.pother.StatSummary;
import org.ddstuner.pother.runs.BenchmarkRun;
import org.ddstuner.pother.runs.DiscoveryResult;
import org.ddstuner.pother.runs.EndpointQos;
import org.ddstuner.pother.runs.Points;
import org.ddstuner.pother.runs.RunCsv;
import org.ddstuner.pother.runs.RunDefinition;
import org.ddstuner.pother.runs.RunSummary;
import org.ddstuner.pother.runs.Scenario;
import org.ddstuner.pother.runs.Scenarios;
import org.ddstuner.pother.ui.AgentsView;
import org.ddstuner.pother.ui.BenchmarkSession;
import org.ddstuner.pother.ui.ChartsView;
import org.ddstuner.pother.ui.DiscoveryView;
import org.ddstuner.pother.ui.LauncherView;
import org.ddstuner.pother.ui.Messages;
import org.ddstuner.pother.ui.PercentilesView;
import org.ddstuner.pother.ui.RunsView;
import org.ddstuner.pother.ui.ViewIds;
import org.ddstuner.pother.ui.charts.ChartExport;
import org.ddstuner.pother.ui.charts.ChartId;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.TableColumn;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.WorkbenchException;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.xy.XYSeries;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * The Benchmarks perspective in the real product: two agent processes started from the Agents view
 * (loopback only, benchmark domain 154) run a round trip started from the Launcher, which must fill the
 * charts and the percentile table with exactly the values of their reports, and the Agents view must show
 * both with their CPU; the in-process pair runs the remaining tests (throughput, exports, overlay).
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class BenchmarksPerspectiveTest {

    private static LauncherView launcher;
    private static ChartsView charts;
    private static PercentilesView percentiles;
    private static RunsView runs;
    private static BenchmarkRun rttRun;

    @BeforeAll
    static void openPerspective() throws WorkbenchException {
        PlatformUI.getWorkbench().showPerspective(ViewIds.PERSPECTIVE, Ui.page().getWorkbenchWindow());
        assertEquals(ViewIds.PERSPECTIVE, Ui.page().getPerspective().getId());
        launcher = Ui.view(ViewIds.LAUNCHER, LauncherView.class);
        charts = Ui.view(ViewIds.CHARTS, ChartsView.class);
        percentiles = Ui.view(ViewIds.PERCENTILES, PercentilesView.class);
        runs = Ui.view(ViewIds.RUNS, RunsView.class);
        Ui.view(ViewIds.AGENTS, AgentsView.class);
        Ui.page().activate(percentiles);
        Ui.spin(300);
    }

    /** Starts the form's test in-process and waits for it to end. */
    private static BenchmarkRun runFromLauncher(int kind, String sizes, int seconds) {
        return runFromLauncher(1, kind, sizes, seconds, () -> { });
    }

    /** Starts the form's test on {@code target} (0 local agents, 1 in-process) and waits for it to end. */
    private static BenchmarkRun runFromLauncher(int target, int kind, String sizes, int seconds, Runnable whileRunning) {
        launcher.target().select(target);
        launcher.kind().select(kind);
        launcher.sizes().setText(sizes);
        launcher.duration().setSelection(seconds);
        launcher.period().setSelection(250);
        launcher.startButton().notifyListeners(SWT.Selection, new Event());
        BenchmarkRun run = BenchmarkSession.get().current();
        assertNotNull(run, "Start created a run: " + launcher.status());
        Ui.waitUntil("the run to end", () -> {
            whileRunning.run();
            return run.state() != BenchmarkRun.State.RUNNING;
        }, launcher::status);
        Ui.spin(3 * 250 + 100); // the views' refresh ticks
        assertEquals(BenchmarkRun.State.FINISHED, run.state(), run.endMessage() + " " + run.messages());
        return run;
    }

    @Test
    @Order(10)
    void perspectiveShowsLauncherAgentsAndEmptyCharts() {
        AgentsView agents = Ui.view(ViewIds.AGENTS, AgentsView.class);
        String domain = System.getProperty(org.ddstuner.pother.runs.LocalPairRunner.DOMAIN_PROPERTY); // the pom's: 154
        assertEquals(0, agents.table().getItemCount(), "no agent on domain " + domain + " yet");
        assertTrue(agents.status().contains("domain " + domain), agents.status());
        assertEquals(Messages.TARGET_LOCAL_AGENTS, launcher.target().getText(), "agent processes are the default");
        assertEquals(Messages.NO_LATENCY_YET, percentiles.heading());
        assertTrue(launcher.startButton().isEnabled());
        Ui.screenshot("01-benchmarks-empty");
        // the scenarios and the form's choices in sight, without scrolling and not cut off
        assertEquals(Scenarios.all(Duration.ofSeconds(5)).stream().map(Scenario::title).toList(),
                List.of(launcher.scenario().getItems()), "every scenario in the chooser");
        assertFullyVisible(launcher.scenario(), "the scenario chooser");
        assertFullyVisible(launcher.runScenarioButton(), "Run scenario");
        assertFullyVisible(launcher.target(), "the Run on combo");
        assertFullyVisible(launcher.kind(), "the Test combo");
        // the whole QoS group fits in the view at once (scrolled to it: the load fields come first)
        launcher.reveal(launcher.durability());
        Ui.spin(100);
        for (Control c : List.of(launcher.reliability(), launcher.history(), launcher.depth(), launcher.priority(),
                launcher.budget(), launcher.durability())) {
            assertFullyVisible(c, "QoS field " + c);
        }
        launcher.reveal(launcher.target());
        for (Combo combo : List.of(launcher.target(), launcher.kind(), launcher.history(), launcher.reliability(),
                launcher.durability(), launcher.scenario())) {
            assertTrue(combo.computeSize(SWT.DEFAULT, SWT.DEFAULT).x <= combo.getSize().x,
                    "the combo is as wide as its longest item " + Arrays.toString(combo.getItems()) + ": "
                            + combo.getSize().x + " < " + combo.computeSize(SWT.DEFAULT, SWT.DEFAULT).x);
        }
    }

    @Test
    @Order(15)
    void localAgentProcessesRunARoundTripAndShowTheirCpu() {
        AgentsView agents = Ui.view(ViewIds.AGENTS, AgentsView.class);
        Ui.page().activate(agents);
        agents.startButton().notifyListeners(SWT.Selection, new Event());
        Ui.waitUntil("two live local agents", () -> agents.rows().stream()
                .filter(r -> r[4].equals("running") && r[7].equals("live") && !r[9].isEmpty()).count() == 2,
                () -> agents.status() + " " + rowsText(agents));
        List<Long> pids = BenchmarkSession.get().localAgents().agents().agents().stream().map(a -> a.pid()).toList();
        for (String[] r : agents.rows()) {
            assertTrue(pids.contains(Long.parseLong(r[3])), "row " + Arrays.toString(r) + " is one of our processes " + pids);
            assertTrue(Double.parseDouble(r[6]) > 10, "RSS of a JVM: " + r[6] + " MB");
        }
        Ui.screenshot("05-local-agents-started");

        // CPU while they ping-pong, as the agents announce it
        double[] maxCpu = new double[2];
        BenchmarkRun run = runFromLauncher(0, 0, "64", 3, () -> {
            List<String[]> rows = agents.rows();
            for (int i = 0; i < Math.min(2, rows.size()); i++) {
                maxCpu[i] = Math.max(maxCpu[i], Double.parseDouble(rows.get(i)[5]));
            }
        });
        assertTrue(maxCpu[0] > 0 && maxCpu[1] > 0, "both agents showed CPU > 0 while measuring: " + Arrays.toString(maxCpu));
        List<Points.Latency> points = run.latency();
        assertTrue(points.size() >= 6, "3 s at 250 ms is 12 periods, at least half even on a busy box: " + points.size() + " " + run.messages());
        String measurer = points.get(0).agent();
        assertTrue(measurer.startsWith("app 10"), "measured by a local agent: " + measurer);
        assertTrue(points.stream().mapToLong(p -> p.report().received()).sum() > 100);
        XYSeries p50 = charts.charts().series(ChartId.RTT, "p50");
        assertEquals(points.size(), p50.getItemCount(), "one chart point per agent report");
        for (int i = 0; i < points.size(); i++) {
            assertEquals(points.get(i).p50Micros(), p50.getY(i).doubleValue(), "p50 µs of report " + i);
        }
        for (String[] r : agents.rows()) {
            String name = "app " + r[0] + " CPU %";
            XYSeries cpu = charts.charts().series(ChartId.CPU, name);
            assertNotNull(cpu, name + " in " + charts.charts().seriesKeys(ChartId.CPU));
            assertTrue(cpu.getItemCount() > 0);
        }
        Points.Latency last = newestWithSamples(run); // what the table shows
        StatSummary trip = last.report().column(LatencyColumn.TRIP).rows().get(BestFraction.ALL);
        assertTrue(percentiles.rows().stream().anyMatch(r -> r[0].equals("trip latency") && r[1].equals("100%")
                && r[2].equals(Long.toString(trip.count())) && r[4].equals(Messages.micros(trip.avg()))),
                "the table shows the last agent report");
        Ui.page().activate(percentiles);
        Ui.spin(300);
        Ui.screenshot("06-agents-rtt-run");
        Ui.page().activate(agents);
        Ui.screenshot("07-agents-after-run");

        agents.stopButton().notifyListeners(SWT.Selection, new Event());
        Ui.waitUntil("local agents stopped", () -> BenchmarkSession.get().localAgents().agents() == null
                && pids.stream().noneMatch(p -> ProcessHandle.of(p).map(ProcessHandle::isAlive).orElse(false)),
                () -> agents.status());
        Ui.waitUntil("the view shows them stopped", () -> agents.rows().stream().allMatch(r -> r[4].equals("stopped")),
                () -> rowsText(agents));
    }

    @Test
    @Order(16)
    void aKilledAgentShowsGoneAndAFrozenOneUnresponsiveUntilItResumes() throws Exception {
        AgentsViewLiveness.killOneFreezeOne(Ui.view(ViewIds.AGENTS, AgentsView.class));
    }

    /** The newest period of a one-agent run that timed round trips: what the percentile table shows. */
    private static Points.Latency newestWithSamples(BenchmarkRun run) {
        List<Points.Latency> points = run.latency();
        for (int i = points.size() - 1; i >= 0; i--) {
            if (points.get(i).count() > 0) {
                return points.get(i);
            }
        }
        throw new AssertionError("no period with round trips: " + points);
    }

    /** {@code c} lies inside every ancestor's visible area: nothing clips it, nothing has to scroll to it. */
    static void assertFullyVisible(Control c, String what) {
        Rectangle bounds = c.getDisplay().map(c.getParent(), null, c.getBounds());
        assertTrue(bounds.width > 0 && bounds.height > 0 && c.isVisible(), what + " shown: " + bounds);
        for (Composite p = c.getParent(); p != null; p = p.getParent()) {
            Rectangle area = c.getDisplay().map(p, null, p.getClientArea());
            assertTrue(area.contains(bounds.x, bounds.y) && area.contains(bounds.x + bounds.width - 1,
                    bounds.y + bounds.height - 1), what + " at " + bounds + " is cut off by " + p + " " + area);
        }
    }

    private static String rowsText(AgentsView agents) {
        StringBuilder b = new StringBuilder();
        agents.rows().forEach(r -> b.append(Arrays.toString(r)).append('\n'));
        return b.toString();
    }

    @Test
    @Order(20)
    void localRoundTripFillsChartsAndTableWithTheReportedValues() {
        rttRun = runFromLauncher(0, "64", 3);
        List<Points.Latency> points = rttRun.latency();
        assertTrue(points.size() >= 6, "3 s at 250 ms is 12 periods, at least half even on a busy box: " + points.size());

        XYSeries p50 = charts.charts().series(ChartId.RTT, "p50");
        XYSeries p99 = charts.charts().series(ChartId.RTT, "p99");
        XYSeries max = charts.charts().series(ChartId.RTT, "max");
        assertEquals(points.size(), p50.getItemCount(), "one chart point per report");
        for (int i = 0; i < points.size(); i++) {
            assertEquals(points.get(i).time(), p50.getX(i).doubleValue());
            assertEquals(points.get(i).p50Micros(), p50.getY(i).doubleValue(), "p50 µs of report " + i);
            assertEquals(points.get(i).p99Micros(), p99.getY(i).doubleValue(), "p99 µs of report " + i);
            assertEquals(points.get(i).maxMicros(), max.getY(i).doubleValue(), "max µs of report " + i);
        }
        Points.Latency last = points.get(points.size() - 1);
        XYSeries pct = charts.charts().series(ChartId.PERCENTILES, "latest period");
        assertEquals(5, pct.getItemCount(), "p50, p90, p99, p99.9 and max");
        // a "nines" axis: 50, 90, 99, 99.9 % evenly apart at -log10(1 - p), the max one step past 99.9
        double[] nines = { -Math.log10(0.5), 1, 2, 3, 4 };
        LatencyReport.Column lastTrip = last.report().column(LatencyColumn.TRIP);
        double[] micros = { last.p50Micros(), last.p90Micros(), last.p99Micros(),
            lastTrip.rows().get(BestFraction.P99_9).max() / 1e3, last.maxMicros() };
        for (int i = 0; i < 5; i++) {
            assertEquals(nines[i], pct.getX(i).doubleValue(), 1e-9, "x of point " + i);
            assertEquals(micros[i], pct.getY(i).doubleValue(), "µs of point " + i);
        }
        var pctRenderer = (XYLineAndShapeRenderer) charts.charts().chart(ChartId.PERCENTILES).getXYPlot().getRenderer();
        assertTrue(!pctRenderer.getItemLineVisible(0, 0) && pctRenderer.getItemShapeVisible(0, 0),
                "markers, no lines: nothing suggests values between the percentiles measured");
        XYSeries cpu = charts.charts().series(ChartId.CPU, "local CPU %");
        assertNotNull(cpu, charts.charts().seriesKeys(ChartId.CPU).toString());
        assertEquals(rttRun.resources().size(), cpu.getItemCount());
        assertTrue(charts.charts().series(ChartId.STEPS, "RTT p50 (µs)").getItemCount() == 1);

        List<String[]> rows = percentiles.rows();
        assertEquals(LatencyColumn.values().length * BestFraction.values().length, rows.size());
        // the table shows the newest period with round trips: on a busy machine the last one may have none
        Points.Latency shown = newestWithSamples(rttRun);
        StatSummary trip = shown.report().column(LatencyColumn.TRIP).rows().get(BestFraction.ALL);
        String[] tripRow = rows.stream().filter(r -> r[0].equals("trip latency") && r[1].equals("100%")).findFirst()
                .orElseThrow();
        assertArrayEquals(new String[] { "trip latency", "100%", Long.toString(trip.count()), Messages.micros(trip.min()),
            Messages.micros(trip.avg()), Messages.micros(trip.max()), Messages.micros(trip.stdDev()) }, tripRow);
        assertEquals(shown.count(), Long.parseLong(tripRow[2]), "table count = the report's round trips");
        StatSummary trip90 = shown.report().column(LatencyColumn.TRIP).rows().get(BestFraction.P90);
        assertTrue(rows.stream().anyMatch(r -> r[0].equals("trip latency") && r[1].equals("90%")
                && r[2].equals(Long.toString(trip90.count())) && r[5].equals(Messages.micros(trip90.max()))));
        assertTrue(percentiles.heading().contains(shown.report().received() + " echoes"), percentiles.heading());
        Ui.page().activate(percentiles);
        Ui.screenshot("02-rtt-run");
        assertRunHistogram(points);
    }

    /**
     * The histogram chart draws the whole run: per bucket a bar outline (foot, top, top, foot) whose top is the
     * run's round trips in that bucket, so the tops add up to every round trip reported, and the bars lie between
     * the run's fastest and slowest round trip.
     */
    private static void assertRunHistogram(List<Points.Latency> points) {
        XYSeries h = charts.charts().series(ChartId.HISTOGRAM, "round trips");
        assertNotNull(h, charts.charts().seriesKeys(ChartId.HISTOGRAM).toString());
        long reported = points.stream().mapToLong(p -> p.report().column(LatencyColumn.TRIP).rows().get(BestFraction.ALL)
                .count()).sum();
        double min = points.stream().filter(p -> p.count() > 0).mapToDouble(p -> p.report().column(LatencyColumn.TRIP)
                .rows().get(BestFraction.ALL).min()).min().orElseThrow() / 1e3;
        double max = points.stream().mapToDouble(Points.Latency::maxMicros).max().orElseThrow();
        assertTrue(h.getItemCount() >= 4 && h.getItemCount() % 4 == 0, "4 points per bucket: " + h.getItemCount());
        long drawn = 0;
        for (int i = 0; i < h.getItemCount(); i += 4) {
            assertEquals(h.getY(i + 1).doubleValue(), h.getY(i + 2).doubleValue(), "a flat top");
            drawn += (long) h.getY(i + 1).doubleValue();
        }
        assertEquals(reported, drawn, "the bars add up to the run's round trips");
        assertTrue(h.getX(0).doubleValue() <= min && min < h.getX(3).doubleValue(),
                "the first bar holds the fastest round trip " + min + " µs: " + h.getX(0) + "–" + h.getX(3));
        int last = h.getItemCount() - 1;
        assertTrue(h.getX(last - 3).doubleValue() <= max && max < h.getX(last).doubleValue(),
                "the last bar holds the slowest round trip " + max + " µs");
        charts.charts().select(ChartId.HISTOGRAM);
        assertEquals(ChartId.HISTOGRAM, charts.charts().selectedShape());
        Ui.screenshot("02b-rtt-histogram");
        charts.charts().select(ChartId.PERCENTILES);
    }

    @Test
    @Order(30)
    void exportWritesPngSvgAndCsvOfWhatIsShown() throws Exception {
        Path dir = Files.createTempDirectory("ddstuner-export");
        // a round trip has no throughput and no loss counts: those charts are left out, not written as empty axes
        assertEquals(List.of(ChartId.THROUGHPUT, ChartId.LOSS), ChartExport.withoutData(charts.charts()));
        List<Path> files = charts.exportAll(dir);
        // + run CSV, its latency statistics, histogram CSV
        assertEquals((ChartId.values().length - 2) * 2 + 3, files.size(), files.toString());
        for (ChartId id : List.of(ChartId.THROUGHPUT, ChartId.LOSS)) {
            assertTrue(!Files.exists(dir.resolve(id.file() + ".png")) && !Files.exists(dir.resolve(id.file() + ".svg")),
                    id + " not exported");
        }
        Exception empty = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> ChartExport.export(charts.charts(), ChartId.LOSS, List.of(rttRun), "PNG", dir));
        assertTrue(empty.getMessage().contains("has nothing to draw"), empty.getMessage());
        for (ChartId id : ChartId.values()) {
            if (id == ChartId.THROUGHPUT || id == ChartId.LOSS) {
                continue;
            }
            byte[] png = Files.readAllBytes(dir.resolve(id.file() + ".png"));
            assertArrayEquals(new byte[] { (byte) 0x89, 'P', 'N', 'G' }, Arrays.copyOf(png, 4), id + " is a PNG");
            assertEquals(1000, ByteBuffer.wrap(png, 16, 4).getInt(), "PNG width");
            assertEquals(600, ByteBuffer.wrap(png, 20, 4).getInt(), "PNG height");
            String svg = Files.readString(dir.resolve(id.file() + ".svg"), StandardCharsets.UTF_8);
            assertTrue(svg.contains("<svg") && svg.contains(id.title()), id + " SVG with its title");
            copyToScreenshots(dir.resolve(id.file() + ".png"), "export-" + id.file() + ".png");
        }
        String rttSvg = Files.readString(dir.resolve(ChartId.RTT.file() + ".svg"));
        assertTrue(rttSvg.contains(">time (s)<") && rttSvg.contains(">p50<"), "axis label and legend as SVG text");
        List<String> csv = Files.readAllLines(dir.resolve(rttRun.id() + ".csv"));
        assertEquals(RunCsv.HEADER, csv.get(0));
        assertEquals(rttRun.latency().size() + 1, csv.size());
        String[] first = csv.get(1).split(",", -1);
        assertEquals("latency", first[3]);
        assertEquals(Long.toString(rttRun.latency().get(0).count()), first[4]);
        assertLatencyStatsEqualReports(rttRun, dir.resolve(rttRun.id() + ChartExport.LATENCY_STATS_SUFFIX));
        copyToScreenshots(dir.resolve(rttRun.id() + ChartExport.LATENCY_STATS_SUFFIX), "export-rtt-latency-stats.csv");
        List<String> hist = Files.readAllLines(dir.resolve(ChartId.HISTOGRAM.file() + ".csv"));
        assertEquals(ChartExport.HISTOGRAM_HEADER, hist.get(0));
        long bucketed = hist.stream().skip(1).mapToLong(l -> Long.parseLong(l.substring(l.lastIndexOf(',') + 1))).sum();
        assertEquals(rttRun.latency().stream().mapToLong(p -> p.report().column(LatencyColumn.TRIP).rows()
                .get(BestFraction.ALL).count()).sum(), bucketed, "the histogram CSV counts every round trip of the run");
    }

    /**
     * The latency statistics CSV holds, in order, every report's every column and best fraction with the report's own
     * count, min, avg, max and stddev (µs, read back as the same numbers).
     */
    static void assertLatencyStatsEqualReports(BenchmarkRun run, Path file) throws java.io.IOException {
        List<String> lines = Files.readAllLines(file);
        assertEquals(RunCsv.LATENCY_STATS_HEADER, lines.get(0));
        int line = 1;
        java.util.Set<LatencyColumn> seen = java.util.EnumSet.noneOf(LatencyColumn.class);
        for (Points.Latency p : run.latency()) {
            for (LatencyColumn c : LatencyColumn.values()) {
                LatencyReport.Column col = p.report().column(c);
                if (col == null) {
                    continue;
                }
                seen.add(c);
                for (BestFraction f : BestFraction.values()) {
                    String[] cells = lines.get(line++).split(",", -1);
                    StatSummary st = col.rows().get(f);
                    String where = "line " + (line - 1) + ": " + String.join(",", cells);
                    assertEquals(String.format(java.util.Locale.ROOT, "%.3f", p.time()), cells[0], where);
                    assertEquals(p.agent() == null ? "" : p.agent(), cells[1], where);
                    assertEquals(Integer.toString(p.step()), cells[2], where);
                    assertEquals(c.label(), cells[3], where);
                    assertEquals(f.label(), cells[4], where);
                    assertEquals(st.count(), Long.parseLong(cells[5]), where);
                    double[] values = { st.min(), st.avg(), st.max(), st.stdDev() };
                    for (int i = 0; i < values.length; i++) {
                        if (Double.isNaN(values[i])) {
                            assertEquals("", cells[6 + i], where);
                        } else {
                            assertEquals(values[i] / 1e3, Double.parseDouble(cells[6 + i]), where);
                        }
                    }
                }
            }
        }
        assertEquals(lines.size(), line, "one line per report, column and fraction");
        assertTrue(seen.containsAll(List.of(LatencyColumn.SEND, LatencyColumn.SEND_SOURCE, LatencyColumn.SEND_ARRIVAL,
                LatencyColumn.ECHO, LatencyColumn.TRIP, LatencyColumn.INTER_ARRIVAL)), "a round trip reports every column: "
                        + seen);
    }

    @Test
    @Order(40)
    void throughputRunFillsTheThroughputChart() {
        BenchmarkRun run = runFromLauncher(1, "1024", 2);
        List<Points.Throughput> points = run.throughput();
        XYSeries samples = charts.charts().series(ChartId.THROUGHPUT, "samples/s");
        assertEquals(points.size(), samples.getItemCount());
        for (int i = 0; i < points.size(); i++) {
            assertEquals(points.get(i).samplesPerSecond(), samples.getY(i).doubleValue());
        }
        assertTrue(points.stream().mapToLong(p -> p.report().samples()).sum() > 0);
        // the receiver's theoretical rate (from sequence numbers) next to the actual one
        XYSeries theory = charts.charts().series(ChartId.THROUGHPUT, "theoretical samples/s (by sequence)");
        assertNotNull(theory, charts.charts().seriesKeys(ChartId.THROUGHPUT).toString());
        assertEquals(points.size(), theory.getItemCount());
        for (int i = 0; i < points.size(); i++) {
            assertEquals(points.get(i).theoreticalSamplesPerSecond(), theory.getY(i).doubleValue());
            assertTrue(points.get(i).theoreticalSamplesPerSecond() >= points.get(i).samplesPerSecond(), "received ≤ sent");
        }
        // one size, one step: the per-step MB/s is a single point, visible only as a marker
        XYSeries stepMb = charts.charts().series(ChartId.STEPS, "MB/s");
        assertNotNull(stepMb, charts.charts().seriesKeys(ChartId.STEPS).toString());
        assertEquals(1, stepMb.getItemCount(), "one step");
        assertEquals(1024.0, stepMb.getX(0).doubleValue());
        assertTrue(stepMb.getY(0).doubleValue() > 0, "MB/s of the step");
        var stepsPlot = charts.charts().chart(ChartId.STEPS).getXYPlot();
        assertTrue(((XYLineAndShapeRenderer) stepsPlot.getRenderer(1)).getItemShapeVisible(0, 0),
                "the right-axis MB/s points have markers");
        // a throughput run has no round trips: those charts say so and list no series
        assertEquals("No round trips: this run measures throughput", emptyChartText(ChartId.RTT));
        assertEquals("No round trips: this run measures throughput", emptyChartText(ChartId.PERCENTILES));
        assertEquals("No round trips: this run measures throughput", emptyChartText(ChartId.HISTOGRAM));
        assertEquals(null, emptyChartText(ChartId.THROUGHPUT), "the throughput chart has points");
        Ui.page().activate(charts);
        Ui.spin(300);
        Ui.screenshot("03-throughput-run");
    }

    @Test
    @Order(50)
    void twoSavedRunsOverlayOnTheSameChart() throws Exception {
        BenchmarkRun big = runFromLauncher(0, "8192", 2);
        runs.reload();
        assertTrue(runs.table().getItemCount() >= 3, "saved runs listed: " + runs.table().getItemCount());
        runs.show(List.of(rttRun.id(), big.id()));
        Ui.spin(600);
        XYSeries a = charts.charts().series(ChartId.RTT, "A p50");
        XYSeries b = charts.charts().series(ChartId.RTT, "B p50");
        assertNotNull(a, charts.charts().seriesKeys(ChartId.RTT).toString());
        assertNotNull(b);
        assertEquals(rttRun.latency().size(), a.getItemCount(), "run A loaded from its file");
        assertEquals(big.latency().size(), b.getItemCount());
        assertEquals(rttRun.latency().get(0).p50Micros(), a.getY(0).doubleValue(), "A's values come back from disk unchanged");
        XYSeries stepsA = charts.charts().series(ChartId.STEPS, "A RTT p50 (µs)");
        assertEquals(1, stepsA.getItemCount());
        assertEquals(64.0, stepsA.getX(0).doubleValue());
        assertEquals(RunSummary.perStep(rttRun).get(0).p50Micros(), stepsA.getY(0).doubleValue(), 1e-9);
        var yRange = charts.charts().chart(ChartId.STEPS).getXYPlot().getRangeAxis().getRange();
        assertTrue(yRange.contains(stepsA.getY(0).doubleValue()), "A's point is inside the drawn range " + yRange);
        // the table shows A alone (the launcher's status talks about B, the run just finished): its heading says so
        Ui.waitUntil("the percentile table to show run A", () -> percentiles.heading()
                .startsWith(Messages.shownRun(rttRun.definition().label(), 2) + ": "), percentiles::heading);
        assertTrue(percentiles.heading().startsWith("Run A of the 2 overlaid (" + rttRun.definition().label() + ")"),
                percentiles.heading());
        StatSummary tripA = newestWithSamples(rttRun).report().column(LatencyColumn.TRIP).rows().get(BestFraction.ALL);
        assertTrue(percentiles.rows().stream().anyMatch(r -> r[0].equals("trip latency") && r[1].equals("100%")
                && r[2].equals(Long.toString(tripA.count())) && r[4].equals(Messages.micros(tripA.avg()))),
                "A's newest period in the table");
        assertTrue(launcher.status().startsWith(big.definition().label()), launcher.status());
        // B's newest period beside A's, and (B - A) / A in %, row by row
        StatSummary tripB = big.lastLatencyByAgent().values().stream().filter(p -> p.report().column(LatencyColumn.TRIP) != null)
                .findFirst().orElseThrow().report().column(LatencyColumn.TRIP).rows().get(BestFraction.ALL);
        assertTrue(percentiles.heading().contains("B and Δ: the newest period of run B (" + big.definition().label() + ")"),
                percentiles.heading());
        assertEquals(List.of("B avg µs", "Δ avg", "B max µs", "Δ max"),
                Arrays.stream(percentiles.table().getColumns()).skip(7).limit(4).map(TableColumn::getText).toList());
        assertEquals("Run B's mean of this row, in µs", percentiles.table().getColumn(7).getToolTipText());
        String[] tripRow = percentiles.rows().stream().filter(r -> r[0].equals("trip latency") && r[1].equals("100%"))
                .findFirst().orElseThrow();
        assertEquals(Messages.micros(tripB.avg()), tripRow[7], Arrays.toString(tripRow));
        assertEquals(delta(tripA.avg(), tripB.avg()), tripRow[8], Arrays.toString(tripRow));
        assertEquals(Messages.micros(tripB.max()), tripRow[9]);
        assertEquals(delta(tripA.max(), tripB.max()), tripRow[10]);
        Ui.page().activate(runs); // the two runs picked, beside their overlaid charts
        Ui.spin(300);
        Ui.screenshot("04-overlay");
        // each run's histogram as its own outline, named after the run as in the percentiles chart
        for (BenchmarkRun r : List.of(rttRun, big)) {
            String key = (r == rttRun ? "A " : "B ") + r.definition().label();
            XYSeries h = charts.charts().series(ChartId.HISTOGRAM, key);
            assertNotNull(h, key + " in " + charts.charts().seriesKeys(ChartId.HISTOGRAM));
            assertTrue(h.getItemCount() >= 4, key + " has bars");
        }
        charts.charts().select(ChartId.HISTOGRAM);
        Ui.spin(300);
        Ui.screenshot("04c-overlay-histogram");
        charts.charts().select(ChartId.PERCENTILES);
        // the comparison columns fit the Percentiles view at the perspective's own size, not only maximized
        Ui.page().activate(percentiles);
        Ui.spin(500);
        Ui.screenshot("04b-overlay-percentiles");
        Table pt = percentiles.table();
        int used = Arrays.stream(pt.getColumns()).mapToInt(TableColumn::getWidth).sum();
        int room = pt.getClientArea().width;
        assertTrue(used <= room, "the " + pt.getColumnCount() + " columns take " + used + " px of the table's " + room
                + ": " + Arrays.stream(pt.getColumns()).map(col -> col.getText() + "=" + col.getWidth()).toList());
        // one run again: A's table alone, without B columns
        runs.show(List.of(big.id()));
        Ui.waitUntil("the B columns to go", () -> percentiles.table().getColumnCount() == 7 + 1, // and the filler
                () -> percentiles.table().getColumnCount() + " columns");
        Path dir = Files.createTempDirectory("ddstuner-overlay");
        charts.exportAll(dir);
        copyToScreenshots(dir.resolve("rtt.png"), "export-overlay-rtt.png");
        copyToScreenshots(dir.resolve("steps.png"), "export-overlay-steps.png");
    }

    @Test
    @Order(60)
    void relayPipelineScenarioFromTheLauncherFillsThroughputPerStageAndWriteTimes() {
        Scenario relay = Scenarios.relayPipeline(Duration.ofSeconds(5));
        launcher.target().select(0); // local agent processes: one per stage
        int index = List.of(launcher.scenario().getItems()).indexOf(relay.title());
        assertTrue(index >= 0, "the launcher offers " + relay.title());
        assertTrue(Scenarios.notYetAvailable().isEmpty(), "no seed scenario is left out");
        launcher.scenario().select(index);
        launcher.scenario().notifyListeners(SWT.Selection, new Event());
        assertTrue(launcher.runScenarioButton().getToolTipText().startsWith(relay.question()),
                launcher.runScenarioButton().getToolTipText());
        launcher.runScenarioButton().notifyListeners(SWT.Selection, new Event());
        BenchmarkRun run = BenchmarkSession.get().current();
        assertNotNull(run, launcher.status());
        assertEquals(RunDefinition.Kind.RELAY, run.definition().kind());
        // three agent JVMs start first (seconds on a busy machine), then the pipeline runs 5 s
        Ui.waitUntil("the sink's first throughput report", () -> run.throughput().stream()
                .anyMatch(p -> p.agent().endsWith("sink (stage 2)")) || run.state() != BenchmarkRun.State.RUNNING,
                () -> launcher.status() + " " + run.messages());
        Ui.waitUntil("the pipeline run to end", () -> run.state() != BenchmarkRun.State.RUNNING,
                () -> launcher.status() + " " + run.messages());
        Ui.spin(3 * 250 + 100);
        assertEquals(BenchmarkRun.State.FINISHED, run.state(), run.endMessage() + " " + run.messages());

        List<Points.Throughput> sinkPoints = run.throughput().stream().filter(p -> p.agent().endsWith("sink (stage 2)"))
                .toList();
        String sinkAgent = sinkPoints.get(0).agent();
        XYSeries sink = charts.charts().series(ChartId.THROUGHPUT, sinkAgent + " samples/s");
        assertNotNull(sink, charts.charts().seriesKeys(ChartId.THROUGHPUT).toString());
        assertEquals(sinkPoints.size(), sink.getItemCount(), "one chart point per sink report");
        for (int i = 0; i < sinkPoints.size(); i++) {
            assertEquals(sinkPoints.get(i).samplesPerSecond(), sink.getY(i).doubleValue());
        }
        assertTrue(sinkPoints.stream().mapToLong(p -> p.report().samples()).sum() > 0, "samples came through both stages");
        assertLossChartEqualsReports(run);
        assertTrue(charts.charts().seriesKeys(ChartId.THROUGHPUT).stream().anyMatch(k -> k.endsWith("relay (stage 1) samples/s")),
                charts.charts().seriesKeys(ChartId.THROUGHPUT).toString());
        // the first stage too: what the source wrote
        List<Points.Throughput> sourcePoints = run.throughput().stream().filter(p -> p.agent().endsWith("source (stage 0)"))
                .toList();
        assertTrue(!sourcePoints.isEmpty(), "the source's reports: " + run.throughput().stream().map(Points.Throughput::agent)
                .distinct().toList());
        XYSeries source = charts.charts().series(ChartId.THROUGHPUT, sourcePoints.get(0).agent() + " samples/s");
        assertNotNull(source, charts.charts().seriesKeys(ChartId.THROUGHPUT).toString());
        assertEquals(sourcePoints.size(), source.getItemCount());
        for (int i = 0; i < sourcePoints.size(); i++) {
            assertEquals(sourcePoints.get(i).samplesPerSecond(), source.getY(i).doubleValue(), "source report " + i);
        }
        assertTrue(sourcePoints.stream().mapToLong(p -> p.report().samples()).sum()
                >= sinkPoints.stream().mapToLong(p -> p.report().samples()).sum(), "the sink got at most what was sent");
        List<String[]> rows = percentiles.rows();
        assertTrue(rows.stream().filter(r -> r[0].endsWith(" write: blocked in write")).count() >= 2 * 4,
                "source and relay writers' block times in the table: " + rows.stream().map(r -> r[0]).distinct().toList());
        assertTrue(rows.stream().anyMatch(r -> r[0].endsWith("end-to-end: send → arrival") && r[1].equals("100%")));
        assertEveryAgentsNewestPeriodHasSamples(rows);
        assertEquals(3, run.resources().stream().map(Points.Resources::agent).distinct().count(),
                "CPU of the three processes");
        // no round trips: the sink's end-to-end times are the latency chart's own one-way series
        List<LatencyReport.Column> oneWay = run.latency().stream()
                .map(p -> p.report().column(LatencyColumn.SEND_ARRIVAL)).filter(c -> c != null
                        && c.rows().get(BestFraction.ALL).count() > 0).toList();
        assertTrue(!oneWay.isEmpty(), "the sink reported end-to-end times");
        XYSeries p50 = charts.charts().series(ChartId.RTT, "one-way p50 (source→sink)");
        XYSeries p99 = charts.charts().series(ChartId.RTT, "one-way p99 (source→sink)");
        assertNotNull(p50, charts.charts().seriesKeys(ChartId.RTT).toString());
        assertNotNull(p99);
        assertEquals(oneWay.size(), p50.getItemCount(), "one point per sink report with samples");
        for (int i = 0; i < oneWay.size(); i++) {
            assertEquals(oneWay.get(i).p50() / 1e3, p50.getY(i).doubleValue());
            assertEquals(oneWay.get(i).p99() / 1e3, p99.getY(i).doubleValue());
        }
        assertEquals(0, charts.charts().series(ChartId.RTT, "p50").getItemCount(), "no round trip was measured");
        Ui.page().activate(charts);
        Ui.spin(300);
        Ui.screenshot("09-relay-pipeline-one-way-chart");
        Ui.page().activate(percentiles);
        Ui.spin(300);
        Ui.screenshot("08-relay-pipeline");
    }

    @Test
    @Order(62)
    void fanInRunChartsEverySenderWithAReadableLegend() throws Exception {
        launcher.senders().setSelection(Scenarios.FAN_IN_SENDERS);
        launcher.rate().setSelection(2000);
        BenchmarkRun run = runFromLauncher(0, RunDefinition.Kind.FAN_IN.ordinal(), "1024", 3, () -> { });
        launcher.rate().setSelection(0);
        launcher.kind().select(0);
        launcher.kind().notifyListeners(SWT.Selection, new Event());
        List<String> agents = run.throughput().stream().map(Points.Throughput::agent).distinct().toList();
        assertEquals(Scenarios.FAN_IN_SENDERS + 1, agents.size(), "every sender and the receiver report: " + agents);
        for (String agent : agents) {
            XYSeries s = charts.charts().series(ChartId.THROUGHPUT, agent + " samples/s");
            assertNotNull(s, charts.charts().seriesKeys(ChartId.THROUGHPUT).toString());
            assertEquals(run.throughput().stream().filter(p -> p.agent().equals(agent)).count(), s.getItemCount());
        }
        assertLossChartEqualsReports(run);
        // the time axes start at the first report, not at the agents' launch seconds before it
        double first = run.throughput().stream().mapToDouble(Points.Throughput::time).min().orElseThrow();
        for (ChartId id : List.of(ChartId.THROUGHPUT, ChartId.LOSS)) {
            double lower = charts.charts().chart(id).getXYPlot().getDomainAxis().getLowerBound();
            assertTrue(lower > first - 1 && lower <= first, id + " axis from " + lower + " s, first report at " + first + " s");
        }
        // a legend by source: each agent once, then one entry per line style (not agents × measures)
        var plot = charts.charts().chart(ChartId.THROUGHPUT).getXYPlot();
        List<String> legend = new java.util.ArrayList<>();
        for (int i = 0; i < plot.getLegendItems().getItemCount(); i++) {
            legend.add(plot.getLegendItems().get(i).getLabel());
        }
        List<String> expected = new java.util.ArrayList<>(agents);
        expected.addAll(List.of("theoretical (by sequence)", "samples/s", "MB/s (right axis)"));
        assertEquals(new java.util.HashSet<>(expected), new java.util.HashSet<>(legend), legend.toString());
        assertEquals(expected.size(), legend.size(), legend.toString());
        // the theoretical rates in a dataset drawn behind the actual ones (datasets are drawn last first), as wide pale
        // bands in the colour of their actual rate: the line stays in sight where the two are equal
        var keys = plot.getDataset(0);
        var theories = plot.getDataset(2);
        for (String agent : agents) {
            int actual = keys.indexOf(agent + " samples/s");
            int theory = theories.indexOf(agent + " theoretical samples/s (by sequence)");
            assertTrue(actual >= 0 && theory >= 0, agent);
            java.awt.Color line = (java.awt.Color) plot.getRenderer(0).getSeriesPaint(actual);
            java.awt.Color band = (java.awt.Color) plot.getRenderer(2).getSeriesPaint(theory);
            assertEquals(line.getRGB() & 0xffffff, band.getRGB() & 0xffffff, agent + ": theoretical in the colour of its actual rate");
            assertTrue(band.getAlpha() < 128, agent + ": a pale band");
            assertTrue(((java.awt.BasicStroke) plot.getRenderer(2).getSeriesStroke(theory)).getLineWidth()
                    > 3 * ((java.awt.BasicStroke) plot.getRenderer(0).getSeriesStroke(actual)).getLineWidth(),
                    "the band is wider than the line over it");
        }
        assertEquals(org.jfree.chart.plot.DatasetRenderingOrder.REVERSE, plot.getDatasetRenderingOrder());
        Ui.page().activate(charts);
        Ui.spin(300);
        Ui.screenshot("12-fan-in");
        Path dir = Files.createTempDirectory("ddstuner-fan-in");
        charts.exportAll(dir);
        for (ChartId id : List.of(ChartId.THROUGHPUT, ChartId.LOSS, ChartId.CPU)) {
            copyToScreenshots(dir.resolve(id.file() + ".png"), "export-fan-in-" + id.file() + ".png");
        }
        Ui.page().activate(percentiles);
    }

    @Test
    @Order(63)
    void aBestEffortFloodShowsItsReportedLossInTheLossChart() {
        launcher.reliability().select(1); // best effort, keep last 1, as fast as possible: loopback drops some
        launcher.history().select(2);
        launcher.history().notifyListeners(SWT.Selection, new Event());
        launcher.depth().setSelection(1);
        launcher.rate().setSelection(0);
        try {
            BenchmarkRun run = runFromLauncher(0, RunDefinition.Kind.THROUGHPUT.ordinal(), "1024", 3, () -> { });
            assertTrue(!run.definition().reliable(), run.definition().label());
            assertTrue(run.throughput().stream().mapToLong(p -> p.report().samples()).sum() > 0, "samples arrived");
            assertLossChartEqualsReports(run);
            long lost = run.throughput().stream().mapToLong(Points.Throughput::lost).max().orElse(0);
            long ooo = run.throughput().stream().mapToLong(Points.Throughput::outOfOrder).max().orElse(0);
            assertTrue(lost + ooo > 0, "a best-effort keep-last-1 flood over loopback loses or reorders samples: lost "
                    + lost + ", out of order " + ooo);
            assertTrue(!percentiles.rows().isEmpty(), "the receiver's one-way times: " + percentiles.heading());
            assertEveryAgentsNewestPeriodHasSamples(percentiles.rows());
            Ui.page().activate(charts);
            Ui.spin(300);
            Ui.screenshot("12b-best-effort-flood");
        } finally {
            launcher.reliability().select(0);
            launcher.history().select(0);
            launcher.history().notifyListeners(SWT.Selection, new Event());
            launcher.kind().select(0);
            launcher.kind().notifyListeners(SWT.Selection, new Event());
            Ui.page().activate(percentiles);
        }
    }

    @Test
    @Order(64)
    void stopEndsARunningScenarioAtItsCurrentStepAndTheAgentsGoIdle() throws Exception {
        launcher.target().select(0); // the local agent processes the fan-in left running
        launcher.kind().select(RunDefinition.Kind.LATENCY.ordinal());
        launcher.kind().notifyListeners(SWT.Selection, new Event());
        launcher.sizes().setText("64, 1024, 4096"); // three steps of 60 s: Stop must end it in the first
        launcher.rate().setSelection(200);
        launcher.duration().setSelection(60);
        launcher.period().setSelection(250);
        launcher.startButton().notifyListeners(SWT.Selection, new Event());
        BenchmarkRun run = BenchmarkSession.get().current();
        assertNotNull(run, "Start created a run: " + launcher.status());
        try {
            Ui.waitUntil("three round-trip reports", () -> run.latency().size() >= 3
                    || run.state() != BenchmarkRun.State.RUNNING, () -> launcher.status() + " " + run.messages());
            assertEquals(BenchmarkRun.State.RUNNING, run.state(), run.endMessage() + " " + run.messages());
            Ui.spin(300); // the launcher's refresh tick: Stop is enabled while running
            assertTrue(launcher.stopButton().isEnabled() && !launcher.startButton().isEnabled());
            List<Integer> ids = BenchmarkSession.get().localAgents().agents().appIds();
            long stoppedAt = System.nanoTime();
            long stoppedWall = System.currentTimeMillis() * 1_000_000L;
            launcher.stopButton().notifyListeners(SWT.Selection, new Event());
            // promptly: the senders' last reports and the removals take a few periods, not the 60 s of the step
            Ui.waitUntil(Duration.ofSeconds(20), "the run to stop", () -> run.state() != BenchmarkRun.State.RUNNING,
                    () -> launcher.status() + " " + run.messages());
            double seconds = (System.nanoTime() - stoppedAt) / 1e9;
            assertEquals(BenchmarkRun.State.STOPPED, run.state(), run.endMessage() + " " + run.messages());
            assertEquals("stopped during step 1 of 3", run.endMessage());
            assertEquals(1, run.steps().size(), "the later sizes never started: " + run.steps());
            Ui.waitUntil(Duration.ofSeconds(5), "Start enabled again", () -> launcher.startButton().isEnabled()
                    && !launcher.stopButton().isEnabled() && launcher.status().contains("stopped"), launcher::status);
            assertTrue(launcher.runScenarioButton().isEnabled());
            // the agents' tests were removed over the command topics: their next announcements list none
            var controller = BenchmarkSession.get().controller();
            Ui.waitUntil(Duration.ofSeconds(10), "the agents to announce no tests", () -> ids.stream().allMatch(id -> {
                var a = controller.agents().get(id);
                return a != null && a.timestampNanos() > stoppedWall && a.tests().isEmpty();
            }), () -> ids.stream().map(id -> id + ": " + controller.agents().get(id)).toList().toString());
            var reports = controller.queue(10_000);
            try {
                Ui.spin(1500); // six periods of 250 ms
                List<String> late = reports.stream().filter(r -> ids.contains(r.appId())
                        && (r instanceof org.ddstuner.pother.protocol.LatencyPeriodReport
                                || r instanceof org.ddstuner.pother.protocol.ThroughputPeriodReport))
                        .map(r -> r.appId() + " " + r.name()).toList();
                assertEquals(List.of(), late, "no period report once the agents are idle");
            } finally {
                controller.removeQueue(reports);
            }
            System.out.println("Stop: run ended " + String.format("%.1f", seconds) + " s after the click, "
                    + run.latency().size() + " reports");
            Ui.page().activate(charts);
            Ui.spin(300);
            // a 60 s step stopped early spans less than a decade of latency: its log axis still labels several values
            List<String> yLabels = LogAxisTicksTest.labels(charts.charts().chart(ChartId.RTT).getXYPlot().getRangeAxis(),
                    org.jfree.chart.ui.RectangleEdge.LEFT);
            assertTrue(yLabels.size() >= 2 && yLabels.stream().distinct().count() == yLabels.size(),
                    "readable latency axis: " + yLabels + " over " + charts.charts().chart(ChartId.RTT).getXYPlot()
                            .getRangeAxis().getRange());
            Ui.screenshot("13-stopped-run");

            BenchmarkRun loaded = BenchmarkSession.get().store().load(run.id());
            assertEquals(BenchmarkRun.State.STOPPED, loaded.state(), "the saved run says it was stopped");
            assertEquals(run.endMessage(), loaded.endMessage());
            assertEquals(run.latency().stream().map(Points.Latency::report).toList(),
                    loaded.latency().stream().map(Points.Latency::report).toList(), "the saved run has its reports");
            assertTrue(loaded.latency().size() >= 3);
        } finally {
            BenchmarkSession.get().stop();
            launcher.sizes().setText("64");
            launcher.duration().setSelection(3);
            launcher.rate().setSelection(0);
        }
    }

    @Test
    @Order(80)
    void applyChangesTheSizeOfTheRunningTestAndTheReportsFollow() {
        launcher.target().select(0); // the local agent processes: they rebuild a test redefined while it runs
        launcher.kind().select(RunDefinition.Kind.THROUGHPUT.ordinal());
        launcher.kind().notifyListeners(SWT.Selection, new Event());
        launcher.sizes().setText("64");
        launcher.rate().setSelection(1000);
        launcher.duration().setSelection(60);
        launcher.period().setSelection(250);
        Ui.spin(300);
        assertTrue(!launcher.applyButton().isEnabled(), "nothing to apply to before a test runs");
        launcher.startButton().notifyListeners(SWT.Selection, new Event());
        BenchmarkRun run = BenchmarkSession.get().current();
        assertNotNull(run, "Start created a run: " + launcher.status());
        try {
            Ui.waitUntil("two periods of 64-byte samples", () -> run.throughput().stream()
                    .filter(p -> p.report().samples() > 0 && p.report().bytes() == 64L * p.report().samples()).count() >= 2
                    || run.state() != BenchmarkRun.State.RUNNING, () -> launcher.status() + " " + run.messages());
            assertEquals(BenchmarkRun.State.RUNNING, run.state(), run.endMessage() + " " + run.messages());
            Ui.spin(300);
            assertTrue(launcher.applyButton().isEnabled() && !launcher.startButton().isEnabled());
            // two sizes cannot go to one running test: the status says so and the test goes on
            launcher.sizes().setText("64, 1024");
            launcher.applyButton().notifyListeners(SWT.Selection, new Event());
            assertEquals("Cannot apply: a running test takes one sample size, not 2", launcher.status());
            launcher.sizes().setText("1024");
            int before = run.throughput().size();
            launcher.applyButton().notifyListeners(SWT.Selection, new Event());
            Ui.waitUntil("periods of 1 KiB samples from the same run", () -> run.throughput().stream().skip(before)
                    .filter(p -> p.report().samples() > 0 && p.report().bytes() == 1024L * p.report().samples()).count() >= 2
                    || run.state() != BenchmarkRun.State.RUNNING, () -> launcher.status() + " " + run.messages());
            assertEquals(BenchmarkRun.State.RUNNING, run.state(), "the run goes on: " + run.endMessage() + " " + run.messages());
            assertTrue(run.messages().stream().anyMatch(m -> m.text().startsWith("changed while running")),
                    run.messages().toString());
            // every period's samples are of the one size or the other (a period across the change holds both)
            assertTrue(run.throughput().stream().filter(p -> p.report().samples() > 0).allMatch(p -> p.report().bytes()
                    >= 64L * p.report().samples() && p.report().bytes() <= 1024L * p.report().samples()));
            Ui.page().activate(charts);
            Ui.spin(600);
            assertTrue(launcher.status().contains("changed while running"), launcher.status());
            Ui.screenshot("13b-applied-while-running");
            launcher.stopButton().notifyListeners(SWT.Selection, new Event());
            Ui.waitUntil(Duration.ofSeconds(30), "the run to stop", () -> run.state() != BenchmarkRun.State.RUNNING,
                    () -> launcher.status() + " " + run.messages());
            assertEquals(BenchmarkRun.State.STOPPED, run.state(), run.endMessage() + " " + run.messages());
        } finally {
            BenchmarkSession.get().stop();
            launcher.sizes().setText("64");
            launcher.duration().setSelection(3);
            launcher.rate().setSelection(0);
            launcher.kind().select(0);
            launcher.kind().notifyListeners(SWT.Selection, new Event());
        }
    }

    @Test
    @Order(65)
    void fanInFromTheFormUsesTheSendersField() {
        assertEquals(Messages.KIND_FAN_IN, launcher.kind().getItem(RunDefinition.Kind.FAN_IN.ordinal()));
        launcher.kind().select(RunDefinition.Kind.LATENCY.ordinal());
        launcher.kind().notifyListeners(SWT.Selection, new Event());
        assertTrue(!launcher.senders().isEnabled(), "senders only matter for a fan-in");
        launcher.kind().select(RunDefinition.Kind.FAN_IN.ordinal());
        launcher.kind().notifyListeners(SWT.Selection, new Event());
        assertTrue(launcher.senders().isEnabled());
        assertEquals(Scenarios.FAN_IN_SENDERS, launcher.senders().getSelection(), "the one-click fan-in's default");
        launcher.sizes().setText("1024, 64");
        launcher.senders().setSelection(5);
        List<RunDefinition> defs = launcher.definitions();
        assertEquals(2, defs.size());
        for (RunDefinition d : defs) {
            assertEquals(RunDefinition.Kind.FAN_IN, d.kind());
            assertEquals(5, d.senders());
            assertEquals(6, d.agentsNeeded(), "five senders and the receiver");
        }
        assertEquals(List.of(1024, 64), defs.stream().map(RunDefinition::size).toList());
        // the spinner holds its bounds: typed or set values outside them are clamped
        launcher.senders().setSelection(RunDefinition.MAX_SENDERS + 10);
        assertEquals(RunDefinition.MAX_SENDERS, launcher.senders().getSelection());
        launcher.senders().setSelection(1);
        assertEquals(2, launcher.senders().getSelection(), "a fan-in of one would be a plain pair");
        // the relay kind builds a 3-stage pipeline and ignores the senders
        launcher.kind().select(RunDefinition.Kind.RELAY.ordinal());
        launcher.kind().notifyListeners(SWT.Selection, new Event());
        assertTrue(!launcher.senders().isEnabled());
        RunDefinition relay = launcher.definitions().get(0);
        assertEquals(RunDefinition.Kind.RELAY, relay.kind());
        assertEquals(3, relay.agentsNeeded());
        launcher.kind().select(0);
        launcher.kind().notifyListeners(SWT.Selection, new Event());
        launcher.sizes().setText("64");
    }

    @Test
    @Order(66)
    void historyPriorityAndLatencyBudgetFromTheFormReachTheDefinition() {
        launcher.kind().select(RunDefinition.Kind.LATENCY.ordinal());
        launcher.kind().notifyListeners(SWT.Selection, new Event());
        launcher.sizes().setText("64");
        RunDefinition plain = launcher.definitions().get(0);
        assertEquals(EndpointQos.DEFAULTS, plain.endpointQos(), "the test's own defaults unless changed");
        assertEquals(1, plain.testQos().historyDepth(), "a round trip keeps the last sample");
        assertTrue(!launcher.depth().isEnabled(), "a depth only for keep last");
        launcher.history().select(2);
        launcher.history().notifyListeners(SWT.Selection, new Event());
        assertTrue(launcher.depth().isEnabled());
        launcher.depth().setSelection(8);
        launcher.priority().setSelection(7);
        launcher.budget().setSelection(2000);
        RunDefinition d = launcher.definitions().get(0);
        assertEquals(new EndpointQos(8, 7, 2_000_000), d.endpointQos());
        assertEquals(8, d.testQos().historyDepth());
        assertEquals(7, d.testQos().transportPriority());
        assertEquals(2_000_000, d.testQos().latencyBudgetNanos());
        assertEquals(new org.ddstuner.dds.Qos.TransportPriority(7), d.qos().transportPriority());
        assertTrue(d.label().contains("keep last 8") && d.label().contains("priority 7"), d.label());
        launcher.history().select(1);
        launcher.history().notifyListeners(SWT.Selection, new Event());
        assertEquals(0, launcher.definitions().get(0).testQos().historyDepth(), "keep all");
        launcher.durability().select(1);
        RunDefinition tl = launcher.definitions().get(0);
        assertEquals(org.ddstuner.pother.protocol.TestQos.TRANSIENT_LOCAL, tl.testQos().durability());
        assertEquals(org.ddstuner.dds.Qos.DurabilityKind.TRANSIENT_LOCAL, tl.qos().durability().kind());
        assertTrue(tl.label().contains("transient local"), tl.label());
        launcher.reveal(launcher.durability()); // the QoS group in sight, as someone changing it would scroll
        Ui.spin(100);
        for (Control c : List.of(launcher.reliability(), launcher.history(), launcher.depth(), launcher.priority(),
                launcher.budget(), launcher.durability())) {
            assertFullyVisible(c, "QoS field " + c);
        }
        Ui.screenshot("11-launcher-qos");
        launcher.reveal(launcher.target());
        launcher.durability().select(0);
        launcher.history().select(0);
        launcher.history().notifyListeners(SWT.Selection, new Event());
        launcher.priority().setSelection(0);
        launcher.budget().setSelection(0);
        assertEquals(EndpointQos.DEFAULTS, launcher.definitions().get(0).endpointQos());
    }

    @Test
    @Order(67)
    void badInputInTheLauncherSaysWhyAndStartsNothing() {
        BenchmarkRun before = BenchmarkSession.get().current();
        launcher.target().select(1);
        launcher.kind().select(RunDefinition.Kind.THROUGHPUT.ordinal());
        launcher.kind().notifyListeners(SWT.Selection, new Event());
        try {
            // a negative rate cannot be entered: the spinner holds 0 (as fast as possible) and up
            launcher.rate().setSelection(-5);
            assertEquals(0, launcher.rate().getSelection(), "the rate spinner refuses -5");
            // 2 MiB is beyond the largest sample
            launcher.sizes().setText(Integer.toString(2 * 1024 * 1024));
            launcher.startButton().notifyListeners(SWT.Selection, new Event());
            String tooBig = "Cannot start: sample size must be between " + org.ddstuner.pother.PotherType.FIXED_BYTES
                    + " and " + org.ddstuner.pother.PotherType.MAX_SIZE + " bytes, not 2097152";
            assertEquals(tooBig, launcher.status());
            assertTrue(BenchmarkSession.get().current() == before && !BenchmarkSession.get().isRunning(), "nothing started");
            Ui.spin(3 * 250 + 100); // the refresh ticks keep the reason (they used to show the previous run again)
            assertEquals(tooBig, launcher.status());
            assertTrue(launcher.startButton().isEnabled());
            Ui.screenshot("14-launcher-bad-input");
            // a size with a unit is not a number of bytes
            launcher.sizes().setText("64, 2 MiB");
            launcher.startButton().notifyListeners(SWT.Selection, new Event());
            assertEquals("Cannot start: '2 MiB' is not a sample size in bytes", launcher.status());
            assertTrue(BenchmarkSession.get().current() == before, "nothing started");
        } finally {
            launcher.sizes().setText("64");
            launcher.rate().setSelection(0);
            launcher.kind().select(0);
            launcher.kind().notifyListeners(SWT.Selection, new Event());
        }
    }

    @Test
    @Order(70)
    void discoveryBenchmarkFromTheLauncherFillsTheDiscoveryTable() {
        assertEquals(Messages.KIND_DISCOVERY, launcher.kind().getItem(RunDefinition.Kind.DISCOVERY.ordinal()));
        launcher.rate().setSelection(0);
        launcher.kind().select(RunDefinition.Kind.DISCOVERY.ordinal());
        launcher.kind().notifyListeners(SWT.Selection, new Event());
        assertEquals((int) RunDefinition.DISCOVERY_RATE, launcher.rate().getSelection(),
                "a discovery run needs a sending rate: the default replaces 'as fast as possible'");
        BenchmarkRun run = runFromLauncher(0, RunDefinition.Kind.DISCOVERY.ordinal(), "64", 3, () -> { });
        launcher.rate().setSelection(0);
        assertEquals(RunDefinition.Kind.DISCOVERY, run.definition().kind());
        List<Points.Discovery> points = run.discovery();
        assertTrue(points.size() >= 2, "fresh writers measured in 3 s: " + points.size() + " " + run.messages());
        DiscoveryView view = Ui.view(ViewIds.DISCOVERY, DiscoveryView.class);
        Ui.page().activate(view);
        Ui.waitUntil("the discovery table shows every measurement", () -> view.rows().size() == points.size(),
                () -> view.rows().size() + " rows, " + view.heading());
        List<String[]> rows = view.rows();
        for (int i = 0; i < points.size(); i++) {
            DiscoveryResult m = points.get(i).result();
            assertTrue(m.createToMatchNanos() > 0 && m.createToFirstSampleNanos() > m.createToMatchNanos() - 1_000_000,
                    m.toString());
            assertTrue(m.samplesMissed() >= 0, "written before the writer matched: " + m);
            assertTrue(m.lateReaderMissed() > 0, "a volatile reader joining a running writer misses what it sent: " + m);
            assertArrayEquals(new String[] { Integer.toString(i + 1), points.get(i).agent(),
                m.ownParticipant() ? Messages.DISCOVERY_OWN : Messages.DISCOVERY_SHARED, Messages.millis(m.matchMillis()),
                Messages.millis(m.firstSampleMillis()), Long.toString(m.writtenBeforeMatch()),
                Long.toString(m.samplesMissed()), Messages.millis(m.lateReaderMatchMillis()),
                Messages.millis(m.lateReaderFirstSampleMillis()), Long.toString(m.lateReaderMissed()) }, rows.get(i));
            assertTrue(points.get(i).agent().startsWith("app "), "measured by a local agent process: " + points.get(i));
        }
        assertTrue(view.heading().startsWith(run.definition().label() + ": " + points.size() + " writers"), view.heading());
        assertEquals(run.definition().label(), Messages.shownRun(run.definition().label(), 1), "one run: named as it is");
        // the launcher counts the measurements as the run's reports
        int reports = run.latency().size() + run.throughput().size() + points.size();
        assertTrue(launcher.status().startsWith(run.definition().label() + ": finished, " + reports + " report(s)"),
                launcher.status());
        // a discovery run fills none of the latency and throughput charts: each says why
        for (ChartId id : List.of(ChartId.RTT, ChartId.PERCENTILES, ChartId.THROUGHPUT, ChartId.LOSS, ChartId.STEPS)) {
            String why = emptyChartText(id);
            assertNotNull(why, id + " is empty for a discovery run");
            assertTrue(why.contains("discovery run"), id + ": " + why);
        }
        assertEquals(null, emptyChartText(ChartId.CPU), "the agents' CPU is charted");
        Ui.spin(300);
        Ui.screenshot("10-discovery-run");
        // every header readable and every column on screen: short headers, the meaning in the tooltip
        Table table = view.table();
        int n = rows.get(0).length; // the columns with a header; an empty filler takes the room left after them
        assertEquals(n + 1, table.getColumnCount());
        assertEquals("", table.getColumn(n).getText(), "the filler");
        int total = 0;
        GC gc = new GC(table);
        try {
            for (int i = 0; i < n; i++) {
                TableColumn col = table.getColumn(i);
                assertTrue(col.getToolTipText() != null && !col.getToolTipText().isBlank(), col.getText() + " has a tooltip");
                int needed = gc.textExtent(col.getText()).x;
                for (String[] r : rows) {
                    needed = Math.max(needed, gc.textExtent(r[i]).x);
                }
                assertTrue(needed < col.getWidth(), "header and cells of '" + col.getText() + "' (" + needed
                        + " px) fit in " + col.getWidth() + " px");
                total += col.getWidth();
            }
        } finally {
            gc.dispose();
        }
        assertTrue(total <= table.getClientArea().width, "all columns (" + total + " px) in the table's "
                + table.getClientArea().width + " px: " + Arrays.stream(table.getColumns())
                        .map(c -> c.getText() + " " + c.getWidth()).toList());
        assertTrue(run.resources().stream().map(Points.Resources::agent).distinct().count() == 2,
                "CPU of both agent processes: " + run.resources().stream().map(Points.Resources::agent).distinct().toList());
    }

    /** (B − A) / A as the table shows it: in %, with its sign. */
    static String delta(double a, double b) {
        return String.format(java.util.Locale.ROOT, "%+.1f %%", 100 * (b - a) / a);
    }

    /**
     * The sentence chart {@code id} shows because it has no points, or null when it has points; an empty chart must
     * list no series in its legend (the series it would draw do not exist for this run).
     */
    static String emptyChartText(ChartId id) {
        var chart = charts.charts().chart(id);
        boolean empty = charts.charts().seriesKeys(id).stream()
                .allMatch(k -> charts.charts().series(id, k).getItemCount() == 0);
        if (!empty) {
            return null;
        }
        assertEquals(0, chart.getXYPlot().getLegendItems().getItemCount(), id + ": no legend entry for series without points");
        String text = chart.getXYPlot().getNoDataMessage();
        assertTrue(text != null && !text.isBlank(), id + " says why it is empty");
        return text;
    }

    /**
     * Each agent's block of the percentile table is its newest period with samples, not the empty one that closed
     * after the run stopped: every 100 % row counts samples and has numbers.
     */
    static void assertEveryAgentsNewestPeriodHasSamples(List<String[]> rows) {
        List<String[]> all = rows.stream().filter(r -> r[1].equals("100%")).toList();
        assertTrue(!all.isEmpty(), "100 % rows in the table");
        for (String[] r : all) {
            assertTrue(Long.parseLong(r[2]) > 0 && !r[4].equals("–"), "samples in " + Arrays.toString(r));
        }
    }

    /** The LOSS chart has, per reporting agent, exactly the lost and out-of-order totals of its reports. */
    static void assertLossChartEqualsReports(BenchmarkRun run) {
        List<String> agents = run.throughput().stream().map(Points.Throughput::agent).distinct().toList();
        for (String agent : agents) {
            List<Points.Throughput> points = run.throughput().stream().filter(p -> p.agent().equals(agent)).toList();
            String prefix = agents.size() == 1 ? "" : agent + " ";
            XYSeries lost = charts.charts().series(ChartId.LOSS, prefix + "lost");
            XYSeries ooo = charts.charts().series(ChartId.LOSS, prefix + "out-of-order");
            assertNotNull(lost, charts.charts().seriesKeys(ChartId.LOSS).toString());
            assertNotNull(ooo, charts.charts().seriesKeys(ChartId.LOSS).toString());
            assertEquals(points.size(), lost.getItemCount(), agent + ": one loss point per report");
            assertEquals(points.size(), ooo.getItemCount(), agent + ": one out-of-order point per report");
            for (int i = 0; i < points.size(); i++) {
                assertEquals(points.get(i).time(), lost.getX(i).doubleValue(), agent + " report " + i);
                assertEquals(points.get(i).lost(), lost.getY(i).longValue(), agent + " lost in report " + i);
                assertEquals(points.get(i).outOfOrder(), ooo.getY(i).longValue(), agent + " out-of-order in report " + i);
            }
        }
    }

    private static void copyToScreenshots(Path file, String name) throws java.io.IOException {
        Path shots = Path.of(System.getProperty("ddstuner.screenshots", "target/screenshots"));
        Files.createDirectories(shots);
        Files.copy(file, shots.resolve(name), StandardCopyOption.REPLACE_EXISTING);
    }
}
