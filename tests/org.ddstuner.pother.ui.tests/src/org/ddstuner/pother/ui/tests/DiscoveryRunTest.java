package org.ddstuner.pother.ui.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;

import org.ddstuner.pother.runs.BenchmarkRun;
import org.ddstuner.pother.runs.DiscoveryResult;
import org.ddstuner.pother.runs.Points;
import org.ddstuner.pother.runs.RunDefinition;
import org.ddstuner.pother.ui.DiscoveryView;
import org.ddstuner.pother.ui.Messages;
import org.ddstuner.pother.ui.ViewIds;
import org.ddstuner.pother.ui.charts.ChartId;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.TableColumn;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;

/**
 * A discovery benchmark from the Launcher on local agent processes: the Discovery view lists every measurement with
 * readable headers, and the latency and throughput charts say why they stay empty.
 */
class DiscoveryRunTest extends BenchmarksTestBase {

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
}
