package org.ddstuner.plot.ui.charts;

import java.awt.geom.Rectangle2D;
import java.io.IOException;
import java.nio.file.Path;

import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.svg.SVGGraphics2D;
import org.jfree.svg.SVGUtils;

/**
 * A JFreeChart as a PNG (JFreeChart's ChartUtils) or an SVG (JFreeSVG) file: what every chart of the tool exports,
 * since jfreechart-swt's own "Save as…" calls a class JFreeChart 1.5 no longer has (BUILD-FACTS pitfall 7).
 * Shared by the Benchmarks charts and the Plot view.
 */
public final class ChartFiles {

    public static final int WIDTH = 1000;
    public static final int HEIGHT = 600;

    private ChartFiles() {
    }

    public static Path png(JFreeChart chart, Path file) throws IOException {
        return png(chart, file, WIDTH, HEIGHT);
    }

    public static Path png(JFreeChart chart, Path file, int width, int height) throws IOException {
        ChartUtils.saveChartAsPNG(file.toFile(), chart, width, height);
        return file;
    }

    public static Path svg(JFreeChart chart, Path file) throws IOException {
        return svg(chart, file, WIDTH, HEIGHT);
    }

    public static Path svg(JFreeChart chart, Path file, int width, int height) throws IOException {
        SVGGraphics2D g = new SVGGraphics2D(width, height);
        chart.draw(g, new Rectangle2D.Double(0, 0, width, height));
        SVGUtils.writeToSVG(file.toFile(), g.getSVGElement());
        return file;
    }
}
