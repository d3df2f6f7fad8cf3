package org.ddstuner.pother.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import org.ddstuner.pother.BestFraction;
import org.ddstuner.pother.LatencyColumn;
import org.ddstuner.pother.StatSummary;
import org.ddstuner.pother.runs.BenchmarkRun;
import org.ddstuner.pother.runs.RunSummary;
import org.ddstuner.pother.ui.Messages;
import org.ddstuner.pother.ui.charts.ChartId;
import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.TableColumn;
import org.jfree.data.xy.XYSeries;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;

/**
 * Two saved runs overlaid: an in-process round trip of 64-byte samples (A) and one of 8 KiB samples (B)
 * share the charts, and the percentile table shows A with B's values and (B − A) / A beside it, in columns that fit
 * the view.
 */
class OverlayTest extends BenchmarksTestBase {

    private static BenchmarkRun rttRun;

    /** Run A, and a throughput run: the runs view lists saved runs of both kinds before B is added. */
    @BeforeAll
    static void runARoundTripAndAThroughputRun() {
        rttRun = runFromLauncher(0, "64", 3);
        runFromLauncher(1, "1024", 2);
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

    /** (B − A) / A as the table shows it: in %, with its sign. */
    static String delta(double a, double b) {
        return String.format(java.util.Locale.ROOT, "%+.1f %%", 100 * (b - a) / a);
    }
}
