package org.ddstuner.pother.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;

import org.ddstuner.pother.BestFraction;
import org.ddstuner.pother.LatencyColumn;
import org.ddstuner.pother.LatencyReport;
import org.ddstuner.pother.runs.BenchmarkRun;
import org.ddstuner.pother.runs.Points;
import org.ddstuner.pother.runs.RunDefinition;
import org.ddstuner.pother.runs.Scenario;
import org.ddstuner.pother.runs.Scenarios;
import org.ddstuner.pother.ui.BenchmarkSession;
import org.ddstuner.pother.ui.charts.ChartId;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Event;
import org.jfree.data.xy.XYSeries;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;

/**
 * Runs with more than two agent processes and the throughput and loss they report: the relay pipeline scenario
 * (source, relay, sink), a fan-in of several senders into one receiver with a legend by source, and a best-effort
 * flood whose losses the loss chart shows exactly as reported.
 */
class RelayAndFanInTest extends BenchmarksTestBase {

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
}
