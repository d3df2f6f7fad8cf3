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
 * A log axis whose ticks are whole powers of its base (10, 100, 1,000 µs) when its range holds at least three of
 * them; otherwise 1-2-5 steps (200, 500, 1,000, 2,000 µs: evenly spread on a log scale) when the range holds three
 * of those, else round linear steps (750, 1,000, 1,250 µs). A run whose latencies stay within a decade or two
 * would otherwise get one or two tick labels and no way to read a value.
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
        if (wholePowersIn(lo, hi) >= 3 || !(lo > 0) || !(hi - lo > hi * 1e-4)) {
            return super.refreshTicks(g2, state, dataArea, edge);
        }
        List<ValueTick> ticks = oneTwoFiveTicks(lo, hi, edge);
        if (ticks.size() < 3) {
            ticks = linearTicks(lo, hi, edge);
        }
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

    /** Ticks at 1, 2 and 5 × each power of ten in [lo, hi]. */
    private List<ValueTick> oneTwoFiveTicks(double lo, double hi, RectangleEdge edge) {
        List<ValueTick> ticks = new ArrayList<>();
        for (int k = (int) Math.floor(Math.log10(lo)); k <= (int) Math.ceil(Math.log10(hi)); k++) {
            double decade = Math.pow(10, k);
            for (int m : new int[] { 1, 2, 5 }) {
                double v = m * decade;
                if (v >= lo * (1 - 1e-12) && v <= hi * (1 + 1e-12)) {
                    ticks.add(tick(v, labels(decade < 1 ? decade : 1).format(v), edge));
                }
            }
        }
        return ticks;
    }

    private static NumberTick tick(double value, String label, RectangleEdge edge) {
        // RectangleEdge is a class of constants, not an enum
        TextAnchor anchor = RectangleEdge.LEFT.equals(edge) ? TextAnchor.CENTER_RIGHT
                : RectangleEdge.RIGHT.equals(edge) ? TextAnchor.CENTER_LEFT
                : RectangleEdge.TOP.equals(edge) ? TextAnchor.BOTTOM_CENTER : TextAnchor.TOP_CENTER;
        return new NumberTick(TickType.MAJOR, value, label, anchor, TextAnchor.CENTER, 0.0);
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
        List<ValueTick> ticks = new ArrayList<>();
        for (long i = (long) Math.ceil(lo / step); i * step <= hi * (1 + 1e-12); i++) {
            double v = i * step;
            ticks.add(tick(v, format.format(v), edge));
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
