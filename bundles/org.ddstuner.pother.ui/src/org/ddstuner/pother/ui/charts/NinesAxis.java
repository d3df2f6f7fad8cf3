package org.ddstuner.pother.ui.charts;

import java.awt.Graphics2D;
import java.awt.geom.Rectangle2D;
import java.util.ArrayList;
import java.util.List;

import org.jfree.chart.axis.AxisState;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.NumberTick;
import org.jfree.chart.axis.TickType;
import org.jfree.chart.axis.ValueTick;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.chart.ui.TextAnchor;

/**
 * The percentile axis in "nines": x = −log10(1 − p), so 50, 90, 99 and 99.9 % are evenly spaced apart (0.3, 1, 2, 3)
 * instead of the tail crowding into the last 2 % of a linear 50–100 axis; the maximum has no finite place and sits
 * one step to the right ({@link #MAX}), labelled "max". Ticks are only those five.
 */
final class NinesAxis extends NumberAxis {

    private static final long serialVersionUID = 1L;

    /** Where the period's maximum is drawn: not a percentile, one step past 99.9. */
    static final double MAX = 4;

    /** The percentiles plotted, and their tick labels. */
    static final double[] PERCENTS = { 50, 90, 99, 99.9 };
    private static final String[] LABELS = { "50", "90", "99", "99.9" };

    NinesAxis(String label) {
        super(label);
        setAutoRange(false);
        setRange(0.05, MAX + 0.45); // room right of "max" for its value label
    }

    /** The axis position of percentile {@code percent} (50 → 0.301, 99.9 → 3). */
    static double of(double percent) {
        return -Math.log10(1 - percent / 100);
    }

    @Override
    @SuppressWarnings("rawtypes")
    public List refreshTicks(Graphics2D g2, AxisState state, Rectangle2D dataArea, RectangleEdge edge) {
        List<ValueTick> ticks = new ArrayList<>();
        boolean horizontal = RectangleEdge.isTopOrBottom(edge);
        for (int i = 0; i < PERCENTS.length; i++) {
            ticks.add(tick(of(PERCENTS[i]), LABELS[i], horizontal));
        }
        ticks.add(tick(MAX, "max", horizontal));
        state.setTicks(ticks);
        return ticks;
    }

    private static NumberTick tick(double value, String label, boolean horizontal) {
        return horizontal ? new NumberTick(TickType.MAJOR, value, label, TextAnchor.TOP_CENTER, TextAnchor.CENTER, 0)
                : new NumberTick(TickType.MAJOR, value, label, TextAnchor.CENTER_RIGHT, TextAnchor.CENTER, 0);
    }
}
