package org.ddstuner.pother.ui.charts;

import java.awt.Graphics2D;
import java.awt.geom.Rectangle2D;
import java.text.DecimalFormat;
import java.text.NumberFormat;
import java.util.ArrayList;
import java.util.List;

import org.jfree.chart.axis.AxisState;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberTick;
import org.jfree.chart.axis.TickType;
import org.jfree.chart.axis.ValueTick;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.chart.ui.TextAnchor;

/**
 * A log axis whose ticks are whole powers of its base (10, 100, 1,000 µs) when its range holds at least two of
 * them, and round linear steps (600, 800, 1,000, 1,200 µs) when it does not: a run whose latencies stay within
 * one decade would otherwise get a single tick label and no way to read a value.
 */
final class ReadableLogAxis extends LogAxis {

    private static final long serialVersionUID = 1L;

    /** Ticks wanted when the axis falls back to linear steps. */
    private static final int LINEAR_TICKS = 6;

    ReadableLogAxis(String label) {
        super(label);
    }

    @Override
    @SuppressWarnings("rawtypes")
    public List refreshTicks(Graphics2D g2, AxisState state, Rectangle2D dataArea, RectangleEdge edge) {
        double lo = getLowerBound();
        double hi = getUpperBound();
        // an empty chart's axis spans a hair around one value: nothing to label there
        if (wholePowersIn(lo, hi) >= 2 || !(lo > 0) || !(hi - lo > hi * 1e-4)) {
            return super.refreshTicks(g2, state, dataArea, edge);
        }
        List<ValueTick> ticks = linearTicks(lo, hi, edge);
        if (ticks.stream().map(ValueTick::getText).distinct().count() < ticks.size()) {
            return super.refreshTicks(g2, state, dataArea, edge);
        }
        state.setTicks(ticks);
        return ticks;
    }

    /** How many whole powers of the base lie in [lo, hi]. */
    int wholePowersIn(double lo, double hi) {
        if (!(lo > 0) || !(hi >= lo)) {
            return 0;
        }
        double eps = 1e-9;
        return (int) (Math.floor(calculateLog(hi) + eps) - Math.ceil(calculateLog(lo) - eps) + 1);
    }

    /** Ticks at 1, 2, 2.5 or 5 × a power of ten apart, about {@value #LINEAR_TICKS} of them, labelled to their step. */
    private List<ValueTick> linearTicks(double lo, double hi, RectangleEdge edge) {
        double raw = (hi - lo) / LINEAR_TICKS;
        double magnitude = Math.pow(10, Math.floor(Math.log10(raw)));
        double step = magnitude;
        for (double m : new double[] { 1, 2, 2.5, 5, 10 }) {
            step = m * magnitude;
            if (step >= raw) {
                break;
            }
        }
        NumberFormat format = labels(step);
        // RectangleEdge is a class of constants, not an enum
        TextAnchor anchor = RectangleEdge.LEFT.equals(edge) ? TextAnchor.CENTER_RIGHT
                : RectangleEdge.RIGHT.equals(edge) ? TextAnchor.CENTER_LEFT
                : RectangleEdge.TOP.equals(edge) ? TextAnchor.BOTTOM_CENTER : TextAnchor.TOP_CENTER;
        List<ValueTick> ticks = new ArrayList<>();
        for (long i = (long) Math.ceil(lo / step); i * step <= hi * (1 + 1e-12); i++) {
            double v = i * step;
            ticks.add(new NumberTick(TickType.MAJOR, v, format.format(v), anchor, TextAnchor.CENTER, 0.0));
        }
        return ticks;
    }

    /** The axis's number format with as many decimals as the step needs (a step of 0.25 shows 0.25, 0.5, …). */
    private static NumberFormat labels(double step) {
        int decimals = 0;
        while (decimals < 6 && Math.abs(step * Math.pow(10, decimals) - Math.rint(step * Math.pow(10, decimals))) > 1e-6) {
            decimals++;
        }
        DecimalFormat f = new DecimalFormat("#,##0");
        f.setMinimumFractionDigits(0);
        f.setMaximumFractionDigits(decimals);
        return f;
    }
}
