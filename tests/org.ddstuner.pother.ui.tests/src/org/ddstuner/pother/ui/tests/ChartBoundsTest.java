package org.ddstuner.pother.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;

import org.ddstuner.dds.CycloneConfig;
import org.ddstuner.pother.ThroughputReport;
import org.ddstuner.pother.runs.BenchmarkRun;
import org.ddstuner.pother.runs.Points;
import org.ddstuner.pother.runs.RunDefinition;
import org.ddstuner.pother.runs.RunEnvironment;
import org.ddstuner.pother.ui.charts.BenchmarkCharts;
import org.ddstuner.pother.ui.charts.ChartId;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Shell;
import org.jfree.data.xy.XYSeries;
import org.junit.jupiter.api.Test;

/**
 * The live charts on a run fed more reports than a series keeps ({@link BenchmarkCharts#MAX_POINTS}): every series
 * stays bounded, keeps the newest points with their exact values, and the loss chart shows the lost and
 * out-of-order totals the reports carry (here a known loss: 3 samples lost and 1 out of order per period).
 */
class ChartBoundsTest {

    private static final int EXTRA = 300;

    private static ThroughputReport report(int i) {
        return new ThroughputReport(250_000_000L, 100 + i % 7, (100 + i % 7) * 1024L, 3L * i, i, 4 * (100 + i % 7 + 3), 0);
    }

    @Test
    void seriesStayBoundedKeepTheNewestAndShowTheReportedLoss() {
        Shell shell = new Shell(Display.getDefault());
        try {
            BenchmarkCharts charts = new BenchmarkCharts(shell, (id, format) -> { });
            BenchmarkRun run = BenchmarkRun.unsaved(RunDefinition.throughput(1024, Duration.ofSeconds(1)),
                    RunEnvironment.capture(CycloneConfig.loopbackOnly()));
            charts.show(List.of(run));
            int total = BenchmarkCharts.MAX_POINTS + EXTRA;
            // two batches: a refresh between them, as the refresh ticker does while a run streams
            for (int i = 0; i < total; i++) {
                run.throughput("app 2", report(i), null);
                if (i == BenchmarkCharts.MAX_POINTS - 10) {
                    charts.refresh();
                }
            }
            charts.refresh();

            List<Points.Throughput> points = run.throughput();
            assertEquals(total, points.size(), "the run itself keeps every report");
            List<Points.Throughput> newest = points.subList(EXTRA, total);
            XYSeries samples = charts.series(ChartId.THROUGHPUT, "samples/s");
            XYSeries lost = charts.series(ChartId.LOSS, "lost");
            XYSeries ooo = charts.series(ChartId.LOSS, "out-of-order");
            for (XYSeries s : List.of(samples, lost, ooo, charts.series(ChartId.THROUGHPUT, "MB/s"))) {
                assertEquals(BenchmarkCharts.MAX_POINTS, s.getItemCount(), s.getKey() + " bounded");
            }
            for (int i = 0; i < newest.size(); i++) {
                Points.Throughput p = newest.get(i);
                assertEquals(p.time(), samples.getX(i).doubleValue(), "point " + i + " is report " + (EXTRA + i));
                assertEquals(p.samplesPerSecond(), samples.getY(i).doubleValue());
                assertEquals(3L * (EXTRA + i), lost.getY(i).longValue(), "lost total of report " + (EXTRA + i));
                assertEquals(p.lost(), lost.getY(i).longValue());
                assertEquals((long) (EXTRA + i), ooo.getY(i).longValue(), "out-of-order total of report " + (EXTRA + i));
                assertEquals(p.time(), ooo.getX(i).doubleValue());
            }
            assertEquals(points.get(total - 1).time(), samples.getMaxX(), "the newest report is the last point");
            assertTrue(samples.getMinX() > points.get(EXTRA - 1).time(), "the oldest ones scrolled out");
        } finally {
            shell.dispose();
        }
    }
}
