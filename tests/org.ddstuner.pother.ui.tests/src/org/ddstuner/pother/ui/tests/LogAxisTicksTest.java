package org.ddstuner.pother.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.Graphics2D;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.util.List;

import org.ddstuner.pother.ui.charts.BenchmarkCharts;
import org.ddstuner.pother.ui.charts.ChartId;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Shell;
import org.jfree.chart.axis.AxisState;
import org.jfree.chart.axis.Tick;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.ui.RectangleEdge;
import org.junit.jupiter.api.Test;

/**
 * The log axes of the latency charts label several values whatever their range: whole powers across decades,
 * 1-2-5 steps across one or two, round linear steps within a narrow range (a run between 600 and 2,000 µs used
 * to show the single label "1,000").
 */
class LogAxisTicksTest {

    /** The tick labels {@code axis} draws on a 300 × 200 px plot at its current range. */
    static List<String> labels(ValueAxis axis, RectangleEdge edge) {
        BufferedImage image = new BufferedImage(400, 300, BufferedImage.TYPE_INT_ARGB);
        Graphics2D g2 = image.createGraphics();
        try {
            List<?> ticks = axis.refreshTicks(g2, new AxisState(), new Rectangle2D.Double(50, 20, 300, 200), edge);
            return ticks.stream().map(t -> {
                Tick tick = (Tick) t;
                if (tick instanceof org.jfree.chart.axis.LogTick lt && lt.getAttributedLabel() != null) {
                    var it = lt.getAttributedLabel().getIterator();
                    StringBuilder b = new StringBuilder();
                    for (char c = it.first(); c != java.text.CharacterIterator.DONE; c = it.next()) {
                        b.append(c);
                    }
                    return b.toString();
                }
                return tick.getText() == null ? "" : tick.getText();
            }).filter(s -> !s.isBlank()).toList();
        } finally {
            g2.dispose();
        }
    }

    @Test
    void subDecadeRangesGetSeveralReadableLabelsAndDecadesKeepWholePowers() {
        Shell shell = new Shell(Display.getDefault());
        try {
            BenchmarkCharts charts = new BenchmarkCharts(shell, (id, format) -> { });
            for (ChartId id : List.of(ChartId.RTT, ChartId.PERCENTILES)) {
                ValueAxis y = charts.chart(id).getXYPlot().getRangeAxis();
                y.setRange(600, 2000);
                assertEquals(List.of("750", "1,000", "1,250", "1,500", "1,750", "2,000"), labels(y, RectangleEdge.LEFT),
                        id + ": round steps between 600 and 2,000 µs");
                y.setRange(250, 6000); // one power of ten inside: 1-2-5 steps, evenly spread on the log scale
                assertEquals(List.of("500", "1,000", "2,000", "5,000"), labels(y, RectangleEdge.LEFT), id + ": 1-2-5 steps");
                y.setRange(0.3, 4);
                assertEquals(List.of("0.5", "1", "2"), labels(y, RectangleEdge.LEFT), id + ": below 1 µs");
                y.setRange(5, 20_000);
                assertEquals(List.of("10", "100", "1,000", "10,000"), labels(y, RectangleEdge.LEFT),
                        id + ": whole powers across decades");
                y.setRange(1000, 1001);
                assertEquals(List.of("1,000", "1,000.2", "1,000.4", "1,000.6", "1,000.8", "1,001"),
                        labels(y, RectangleEdge.LEFT), id + ": distinct labels even across 1 µs");
                y.setRange(16.4999999, 16.5000001); // an empty chart's range: no repeated labels
                List<String> empty = labels(y, RectangleEdge.LEFT);
                assertEquals(empty.stream().distinct().count(), empty.size(), id + ": " + empty);
            }
        } finally {
            shell.dispose();
        }
    }

    @Test
    void thePercentileAxisIsInNinesWithTheFivePercentilesAsItsOnlyTicks() {
        Shell shell = new Shell(Display.getDefault());
        try {
            BenchmarkCharts charts = new BenchmarkCharts(shell, (id, format) -> { });
            ValueAxis x = charts.chart(ChartId.PERCENTILES).getXYPlot().getDomainAxis();
            assertEquals(List.of("50", "90", "99", "99.9", "max"), labels(x, RectangleEdge.BOTTOM));
            // at -log10(1 - p): 90, 99 and 99.9 one step apart each, the tail as much room as the body
            BufferedImage image = new BufferedImage(400, 300, BufferedImage.TYPE_INT_ARGB);
            Graphics2D g2 = image.createGraphics();
            List<Double> at = x.refreshTicks(g2, new AxisState(), new Rectangle2D.Double(50, 20, 300, 200),
                    RectangleEdge.BOTTOM).stream().map(t -> ((org.jfree.chart.axis.ValueTick) t).getValue()).toList();
            g2.dispose();
            assertEquals(5, at.size());
            double[] expected = { Math.log10(2), 1, 2, 3, 4 };
            for (int i = 0; i < 5; i++) {
                assertEquals(expected[i], at.get(i), 1e-9, "tick " + i);
                assertTrue(x.getRange().contains(at.get(i)), "tick " + i + " inside " + x.getRange());
            }
        } finally {
            shell.dispose();
        }
    }
}
