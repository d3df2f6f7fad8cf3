package org.ddstuner.map;

/**
 * What {@link MapPainter} draws on, in map coordinates: the SWT view implements it on a GC, {@link SvgCanvas}
 * writes SVG, so the screen, the PNG and the SVG export come from the same drawing code. Colours are 0xRRGGBB.
 */
public interface MapCanvas {

    void fillRoundRect(double x, double y, double w, double h, double arc, int rgb);

    void strokeRoundRect(double x, double y, double w, double h, double arc, int rgb, double width);

    /** x0, y0, x1, y1, … */
    void polyline(double[] points, int rgb, double width, boolean dashed);

    void fillPolygon(double[] points, int rgb);

    /** {@code text} with its top-left corner at x, y, cut to {@code maxWidth} ("…") when given (> 0). */
    void text(String text, double x, double y, int rgb, boolean bold, double maxWidth);
}
