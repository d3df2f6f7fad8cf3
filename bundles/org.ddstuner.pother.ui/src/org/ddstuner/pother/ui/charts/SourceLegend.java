package org.ddstuner.pother.ui.charts;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Paint;
import java.awt.Stroke;
import java.awt.geom.Line2D;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.jfree.chart.JFreeChart;
import org.jfree.chart.LegendItem;
import org.jfree.chart.LegendItemCollection;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYItemRenderer;
import org.jfree.data.xy.XYDataset;

/**
 * A legend by source for charts whose series are "SOURCE MEASURE" (a fan-in's "app 101 ← app 103 samples/s",
 * "… theoretical samples/s (by sequence)", "… MB/s"): every series of one source gets that source's colour, the
 * measure is told by the line style (solid, dashed, dotted, or a pale band behind the lines), and the legend lists each source once plus one grey
 * entry per line style. A fan-in of three senders then has 4 + 3 entries instead of 12 that buried the plot.
 * A chart with one unnamed source (a plain pair: "samples/s") keeps one colour and lists only the styles. Series
 * without points are left out of the legend.
 */
final class SourceLegend {

    /** What a series measures: the end of its key, the legend's words for it and its dash (null = solid). */
    record Style(String suffix, String label, float[] dash, boolean band) {

        Style(String suffix, String label, float[] dash) {
            this(suffix, label, dash, false);
        }

        /** A wide pale band behind the other lines: {@link #BAND_WIDTH} wide in the source's colour at low alpha. */
        static Style band(String suffix, String label) {
            return new Style(suffix, label, null, true);
        }

        Stroke stroke() {
            return band ? new BasicStroke(BAND_WIDTH, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND)
                    : dash == null ? new BasicStroke(1.5f)
                    : new BasicStroke(1.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND, 1f, dash, 0f);
        }

        Paint paint(Paint source) {
            return band && source instanceof Color c ? new Color(c.getRed(), c.getGreen(), c.getBlue(), BAND_ALPHA) : source;
        }
    }

    /** Width of a band (px): wider than the 1.5 px lines drawn over it, so both show where they are equal. */
    static final float BAND_WIDTH = 6f;
    private static final int BAND_ALPHA = 0x50;

    static final float[] DASHED = { 6f, 4f };
    static final float[] DOTTED = { 1.5f, 3f };

    private static final Line2D LINE = new Line2D.Double(-10, 0, 10, 0);
    private static final Color KEY_GREY = new Color(0x55, 0x55, 0x55);

    private SourceLegend() {
    }

    /**
     * Colours and strokes every series of {@code chart} by its source and {@code styles} (the first whose suffix
     * ends the key; a series matching none keeps its renderer's look and legend entry) and sets the legend.
     */
    static void apply(JFreeChart chart, List<Style> styles) {
        XYPlot plot = chart.getXYPlot();
        Map<String, Paint> sources = new LinkedHashMap<>();
        Set<Style> used = new LinkedHashSet<>();
        List<LegendItem> unmatched = new ArrayList<>();
        for (int d = 0; d < plot.getDatasetCount(); d++) {
            XYDataset data = plot.getDataset(d);
            XYItemRenderer r = plot.getRenderer(d);
            if (data == null || r == null) {
                continue;
            }
            for (int i = 0; i < data.getSeriesCount(); i++) {
                if (data.getItemCount(i) == 0) {
                    continue; // no points (yet): not in the legend
                }
                String key = String.valueOf(data.getSeriesKey(i));
                Style style = styleOf(key, styles);
                if (style == null) {
                    LegendItem item = r.getLegendItem(d, i);
                    if (item != null) {
                        unmatched.add(item);
                    }
                    continue;
                }
                String source = key.substring(0, key.length() - style.suffix().length()).strip();
                Paint paint = sources.computeIfAbsent(source, s -> ChartKit.PALETTE[sources.size() % ChartKit.PALETTE.length]);
                r.setSeriesPaint(i, style.paint(paint), false);
                r.setSeriesStroke(i, style.stroke(), false);
                used.add(style);
            }
        }
        LegendItemCollection items = new LegendItemCollection();
        boolean oneUnnamed = sources.size() == 1 && sources.containsKey("");
        for (Map.Entry<String, Paint> s : sources.entrySet()) {
            if (!s.getKey().isEmpty()) {
                items.add(new LegendItem(s.getKey(), null, null, null, LINE, new BasicStroke(3f), s.getValue()));
            }
        }
        for (Style s : used) {
            Paint paint = s.paint(oneUnnamed ? sources.get("") : KEY_GREY);
            items.add(new LegendItem(s.label(), null, null, null, LINE, s.stroke(), paint));
        }
        unmatched.forEach(items::add);
        plot.setFixedLegendItems(items);
    }

    private static Style styleOf(String key, List<Style> styles) {
        for (Style s : styles) {
            if (key.endsWith(s.suffix())) {
                return s;
            }
        }
        return null;
    }
}
