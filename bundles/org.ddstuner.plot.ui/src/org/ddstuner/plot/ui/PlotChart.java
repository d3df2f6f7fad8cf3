package org.ddstuner.plot.ui;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Paint;
import java.util.List;

import org.ddstuner.plot.Decimation;
import org.ddstuner.plot.PlotSeries;
import org.ddstuner.plot.SeriesRing;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.DateAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.plot.DefaultDrawingSupplier;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.chart.ui.RectangleInsets;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * The Plot view's JFreeChart: one line per series, x the reception time or the sample number. {@link #show} swaps
 * in a fresh dataset built from the series' rings (one change event per redraw, not one per point), thinned to
 * what the chart's width can show ({@link Decimation}).
 */
final class PlotChart {

    enum Axis { TIME, INDEX }

    /** Distinct colours that read on white (no yellow), as the Benchmarks charts use. */
    private static final Paint[] PALETTE = { new Color(0x1f77b4), new Color(0xff7f0e), new Color(0x2ca02c),
        new Color(0xd62728), new Color(0x9467bd), new Color(0x8c564b), new Color(0xe377c2), new Color(0x7f7f7f),
        new Color(0x17becf), new Color(0xbcbd22) };
    private static final Font LABEL = new Font(Font.SANS_SERIF, Font.PLAIN, 11);
    private static final Font TICK = new Font(Font.SANS_SERIF, Font.PLAIN, 10);

    private final JFreeChart chart;
    private final XYPlot plot;
    private Axis axis = Axis.TIME;

    PlotChart() {
        XYLineAndShapeRenderer r = new XYLineAndShapeRenderer(true, false);
        r.setDefaultStroke(new BasicStroke(1.5f));
        r.setAutoPopulateSeriesStroke(false);
        plot = new XYPlot(new XYSeriesCollection(), xAxis(Axis.TIME), style(new NumberAxis(Messages.Y)), r);
        ((NumberAxis) plot.getRangeAxis()).setAutoRangeIncludesZero(false);
        plot.setDrawingSupplier(new DefaultDrawingSupplier(PALETTE, DefaultDrawingSupplier.DEFAULT_FILL_PAINT_SEQUENCE,
                DefaultDrawingSupplier.DEFAULT_OUTLINE_PAINT_SEQUENCE, DefaultDrawingSupplier.DEFAULT_STROKE_SEQUENCE,
                DefaultDrawingSupplier.DEFAULT_OUTLINE_STROKE_SEQUENCE, DefaultDrawingSupplier.DEFAULT_SHAPE_SEQUENCE));
        plot.setBackgroundPaint(Color.WHITE);
        plot.setDomainGridlinePaint(new Color(0xdd, 0xdd, 0xdd));
        plot.setRangeGridlinePaint(new Color(0xdd, 0xdd, 0xdd));
        plot.setNoDataMessage(Messages.NO_DATA);
        chart = new JFreeChart(null, LABEL, plot, true);
        chart.setBackgroundPaint(Color.WHITE);
        chart.getLegend().setPosition(RectangleEdge.BOTTOM);
        chart.getLegend().setItemFont(LABEL);
        chart.getLegend().setItemLabelPadding(new RectangleInsets(2, 2, 2, 14)); // room between the items
        chart.setPadding(new RectangleInsets(4, 4, 4, 16)); // the last x tick label is centred on the right edge
        chart.setAntiAlias(true);
    }

    JFreeChart chart() {
        return chart;
    }

    Axis axis() {
        return axis;
    }

    void axis(Axis a) {
        axis = a;
        plot.setDomainAxis(xAxis(a));
    }

    private static ValueAxis xAxis(Axis a) {
        if (a == Axis.TIME) {
            DateAxis d = new DateAxis(Messages.X_TIME);
            return style(d);
        }
        NumberAxis n = new NumberAxis(Messages.X_INDEX);
        n.setStandardTickUnits(NumberAxis.createIntegerTickUnits());
        n.setAutoRangeIncludesZero(false);
        return style(n);
    }

    private static <A extends ValueAxis> A style(A a) {
        a.setLabelFont(LABEL);
        a.setTickLabelFont(TICK);
        return a;
    }

    /** Draws the series' current points, at most about 4 per pixel of {@code width}. */
    void show(List<PlotSeries> series, int width) {
        XYSeriesCollection data = new XYSeriesCollection();
        for (PlotSeries s : series) {
            XYSeries xy = new XYSeries(s.id() + (s.ended() ? Messages.ENDED : ""), false, true);
            SeriesRing.Points p = s.ring().snapshot();
            for (int i : Decimation.keep(p.value(), Math.max(width, 100))) {
                double x = axis == Axis.TIME ? p.timeMicros()[i] / 1000.0 : p.index()[i];
                xy.add(x, Double.isNaN(p.value()[i]) ? null : p.value()[i], false);
            }
            data.addSeries(xy);
        }
        plot.setDataset(data);
    }

    /** The points drawn now, per series (for tests): x and y of series {@code s}. */
    XYSeries drawn(int s) {
        return ((XYSeriesCollection) plot.getDataset()).getSeries(s);
    }

    int drawnSeries() {
        return plot.getDataset().getSeriesCount();
    }
}
