package org.ddstuner.pother.ui.charts;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;

import java.awt.Paint;
import java.text.DecimalFormat;

import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.DefaultDrawingSupplier;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.labels.ItemLabelAnchor;
import org.jfree.chart.labels.ItemLabelPosition;
import org.jfree.chart.labels.StandardXYItemLabelGenerator;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.title.TextTitle;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.chart.ui.RectangleInsets;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.xy.XYDataset;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/** How every Benchmarks chart looks: white plot, light grid, legend below, small title. */
final class ChartKit {

    /** Points kept per series: several minutes of 1 s reports; older ones scroll out. */
    static final int MAX_POINTS = 1200;

    /** Pixels right of a chart: the last x tick label ("4.0", "1,024") is centred on the plot's right edge. */
    static final int RIGHT_PADDING = 16;

    private static final Font TITLE = new Font(Font.SANS_SERIF, Font.BOLD, 12);
    private static final Font LABEL = new Font(Font.SANS_SERIF, Font.PLAIN, 11);
    private static final Font TICK = new Font(Font.SANS_SERIF, Font.PLAIN, 10);

    /** Distinct colours that read on white (no yellow): blue, orange, green, red, purple, brown, pink, grey. */
    static final Paint[] PALETTE = { new Color(0x1f77b4), new Color(0xff7f0e), new Color(0x2ca02c),
        new Color(0xd62728), new Color(0x9467bd), new Color(0x8c564b), new Color(0xe377c2), new Color(0x7f7f7f) };

    private ChartKit() {
    }

    /**
     * A logarithmic axis with plain numbers as tick labels (latencies span 10 µs to tens of ms); within one decade
     * it labels round linear steps instead (see {@link ReadableLogAxis}).
     */
    static LogAxis logAxis(String label, int base) {
        LogAxis a = new ReadableLogAxis(label);
        a.setBase(base);
        a.setNumberFormatOverride(new DecimalFormat("#,##0.#"));
        a.setSmallestValue(0.1);
        a.setStandardTickUnits(NumberAxis.createIntegerTickUnits()); // whole powers only: 10, 100 / 64, 128, not 31.6
        return style(a);
    }

    static XYSeries series(String key) {
        XYSeries s = new XYSeries(key, false, true);
        s.setMaximumItemCount(MAX_POINTS);
        return s;
    }

    static JFreeChart chart(String title, ValueAxis x, String yLabel, XYSeriesCollection data, boolean shapes) {
        return chart(title, x, axis(yLabel), data, shapes);
    }

    static JFreeChart chart(String title, ValueAxis x, ValueAxis y, XYSeriesCollection data, boolean shapes) {
        XYLineAndShapeRenderer r = renderer(shapes);
        XYPlot plot = new XYPlot(data, style(x), y, r);
        plot.setDrawingSupplier(new DefaultDrawingSupplier(PALETTE, DefaultDrawingSupplier.DEFAULT_FILL_PAINT_SEQUENCE,
                DefaultDrawingSupplier.DEFAULT_OUTLINE_PAINT_SEQUENCE, DefaultDrawingSupplier.DEFAULT_STROKE_SEQUENCE,
                DefaultDrawingSupplier.DEFAULT_OUTLINE_STROKE_SEQUENCE, DefaultDrawingSupplier.DEFAULT_SHAPE_SEQUENCE));
        plot.setBackgroundPaint(Color.WHITE);
        plot.setDomainGridlinePaint(new Color(0xdd, 0xdd, 0xdd));
        plot.setRangeGridlinePaint(new Color(0xdd, 0xdd, 0xdd));
        plot.setDomainGridlinesVisible(true);
        plot.setRangeGridlinesVisible(true);
        JFreeChart c = new JFreeChart(title, TITLE, plot, true);
        c.setBackgroundPaint(Color.WHITE);
        // room right of the plot for half of the last x tick label, which would be cut off at the chart's edge
        c.setPadding(new RectangleInsets(2, 2, 2, RIGHT_PADDING));
        c.getLegend().setPosition(RectangleEdge.BOTTOM);
        c.getLegend().setItemFont(TICK);
        ((TextTitle) c.getTitle()).setFont(TITLE);
        return c;
    }

    /**
     * Adds a second dataset drawn against its own axis on the right, with point markers if {@code shapes} (a chart
     * of few points: a single-size run has one, which a line alone does not show).
     */
    static NumberAxis secondAxis(JFreeChart c, String yLabel, XYSeriesCollection data, boolean shapes) {
        XYPlot plot = c.getXYPlot();
        NumberAxis axis = axis(yLabel);
        plot.setRangeAxis(1, axis);
        plot.setDataset(1, data);
        plot.mapDatasetToRangeAxis(1, 1);
        XYLineAndShapeRenderer r = renderer(shapes);
        for (int i = 0; i < 8; i++) {
            r.setSeriesStroke(i, new BasicStroke(1.5f, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND, 1f,
                    new float[] { 6f, 4f }, 0f)); // dashed: tells the right-axis series apart
        }
        plot.setRenderer(1, r);
        return axis;
    }

    /**
     * Adds a dataset drawn against the left axis behind every other series ({@code plot}'s datasets are drawn last
     * index first): the theoretical throughput as a wide pale band, so the actual rate's line stays in sight on top of
     * it where the two are equal.
     */
    static void behind(JFreeChart c, int index, XYSeriesCollection data) {
        XYPlot plot = c.getXYPlot();
        plot.setDataset(index, data);
        plot.mapDatasetToRangeAxis(index, 0);
        plot.setRenderer(index, renderer(false));
    }

    /**
     * Points without lines between them, each labelled with its value: for a chart of a few separate measures (the
     * percentiles of one period), where a line would suggest values between them that were never measured. Where
     * overlaid runs have close values at the same x (A and B at 99.9 % and max), the lower one's label goes below
     * its point, so the two labels do not print over each other.
     */
    static void markersOnly(JFreeChart c) {
        XYPlot plot = c.getXYPlot();
        XYLineAndShapeRenderer r = new XYLineAndShapeRenderer(false, true) {
            private static final long serialVersionUID = 1L;

            @Override
            public ItemLabelPosition getPositiveItemLabelPosition(int series, int item) {
                return belowAnother(getPlot() == null ? null : getPlot().getDataset(), series, item) ? LABEL_BELOW
                        : super.getPositiveItemLabelPosition(series, item);
            }
        };
        r.setDefaultStroke(new BasicStroke(1.5f));
        r.setAutoPopulateSeriesStroke(false);
        DecimalFormat f = new DecimalFormat("#,##0");
        r.setDefaultItemLabelGenerator(new StandardXYItemLabelGenerator("{2}", f, f));
        r.setDefaultItemLabelFont(TICK);
        r.setDefaultItemLabelsVisible(true);
        plot.setRenderer(r);
    }

    private static final ItemLabelPosition LABEL_BELOW = new ItemLabelPosition(ItemLabelAnchor.OUTSIDE6,
            TextAnchor.TOP_CENTER);

    /** Labels closer than this factor (on a log axis, about a label's height) would overlap. */
    private static final double CLOSE = 4;

    /** True if another series has a higher value within {@link #CLOSE} at the same x (the same percentile). */
    static boolean belowAnother(XYDataset d, int series, int item) {
        if (d == null || d.getSeriesCount() < 2) {
            return false;
        }
        double x = d.getXValue(series, item);
        double y = d.getYValue(series, item);
        for (int s = 0; s < d.getSeriesCount(); s++) {
            if (s == series) {
                continue;
            }
            for (int i = 0; i < d.getItemCount(s); i++) {
                double oy = d.getYValue(s, i);
                if (d.getXValue(s, i) == x && (oy > y || oy == y && s < series) && oy <= y * CLOSE) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * The time axis of the live charts: seconds since the run started, ranged from the first report on, not
     * from zero (agent processes take seconds to start: a fan-in's first report comes ~18 s in).
     */
    static NumberAxis timeAxis() {
        NumberAxis a = axis("time (s)");
        a.setAutoRangeIncludesZero(false);
        a.setAutoRangeStickyZero(false);
        return a;
    }

    static NumberAxis axis(String label) {
        NumberAxis a = new NumberAxis(label);
        a.setAutoRangeIncludesZero(true);
        return style(a);
    }

    static <A extends ValueAxis> A style(A a) {
        a.setLabelFont(LABEL);
        a.setTickLabelFont(TICK);
        return a;
    }

    private static XYLineAndShapeRenderer renderer(boolean shapes) {
        XYLineAndShapeRenderer r = new XYLineAndShapeRenderer(true, shapes);
        r.setDefaultStroke(new BasicStroke(1.5f));
        r.setAutoPopulateSeriesStroke(false);
        return r;
    }
}
