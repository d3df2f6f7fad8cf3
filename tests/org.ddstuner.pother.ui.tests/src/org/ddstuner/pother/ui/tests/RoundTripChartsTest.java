package org.ddstuner.pother.ui.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.ddstuner.pother.BestFraction;
import org.ddstuner.pother.LatencyColumn;
import org.ddstuner.pother.LatencyReport;
import org.ddstuner.pother.StatSummary;
import org.ddstuner.pother.runs.BenchmarkRun;
import org.ddstuner.pother.runs.Points;
import org.ddstuner.pother.ui.Messages;
import org.ddstuner.pother.ui.charts.ChartId;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.xy.XYSeries;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;

/**
 * The charts and the percentile table of in-process runs started from the Launcher: a round trip's latency,
 * percentile, histogram, CPU and per-step charts hold exactly the values of its reports, and a throughput run fills
 * the throughput chart while the round-trip charts say why they are empty.
 */
class RoundTripChartsTest extends BenchmarksTestBase {

    @Test
    @Order(20)
    void localRoundTripFillsChartsAndTableWithTheReportedValues() {
        BenchmarkRun rttRun = runFromLauncher(0, "64", 3);
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
}
