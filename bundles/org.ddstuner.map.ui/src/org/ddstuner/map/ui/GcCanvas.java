package org.ddstuner.map.ui;

import java.util.HashMap;
import java.util.Map;

import org.ddstuner.map.MapCanvas;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Color;
import org.eclipse.swt.graphics.Font;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Path;

/** {@link MapCanvas} on an SWT GC (screen, PNG, bench/system-map.sh); the GC's transform does zoom and pan. */
public final class GcCanvas implements MapCanvas {

    private final GC gc;
    private final Font normal;
    private final Font bold;
    private final Map<Integer, Color> colors = new HashMap<>();

    public GcCanvas(GC gc, Font normal, Font bold) {
        this.gc = gc;
        this.normal = normal;
        this.bold = bold;
        gc.setAntialias(SWT.ON);
        gc.setTextAntialias(SWT.ON);
        gc.setLineJoin(SWT.JOIN_ROUND);
    }

    private Color color(int rgb) {
        return colors.computeIfAbsent(rgb, c -> new Color((c >> 16) & 0xff, (c >> 8) & 0xff, c & 0xff));
    }

    @Override
    public void fillRoundRect(double x, double y, double w, double h, double arc, int rgb) {
        gc.setBackground(color(rgb));
        gc.fillRoundRectangle(r(x), r(y), r(w), r(h), r(Math.min(arc, h)), r(Math.min(arc, h)));
    }

    @Override
    public void strokeRoundRect(double x, double y, double w, double h, double arc, int rgb, double width) {
        gc.setForeground(color(rgb));
        gc.setLineWidth(Math.max(1, r(width)));
        gc.setLineStyle(SWT.LINE_SOLID);
        gc.drawRoundRectangle(r(x), r(y), r(w), r(h), r(Math.min(arc, h)), r(Math.min(arc, h)));
    }

    @Override
    public void polyline(double[] p, int rgb, double width, boolean dashed) {
        gc.setForeground(color(rgb));
        gc.setLineWidth(Math.max(1, r(width)));
        gc.setLineStyle(dashed ? SWT.LINE_DASH : SWT.LINE_SOLID);
        Path path = new Path(gc.getDevice());
        try {
            path.moveTo((float) p[0], (float) p[1]);
            for (int i = 2; i + 1 < p.length; i += 2) {
                path.lineTo((float) p[i], (float) p[i + 1]);
            }
            gc.drawPath(path);
        } finally {
            path.dispose();
        }
        gc.setLineStyle(SWT.LINE_SOLID);
    }

    @Override
    public void fillPolygon(double[] p, int rgb) {
        gc.setBackground(color(rgb));
        int[] pts = new int[p.length];
        for (int i = 0; i < p.length; i++) {
            pts[i] = r(p[i]);
        }
        gc.fillPolygon(pts);
    }

    @Override
    public void text(String text, double x, double y, int rgb, boolean isBold, double maxWidth) {
        gc.setFont(isBold ? bold : normal);
        gc.setForeground(color(rgb));
        String t = text;
        if (maxWidth > 0 && gc.textExtent(t).x > maxWidth) {
            while (t.length() > 1 && gc.textExtent(t + "…").x > maxWidth) {
                t = t.substring(0, t.length() - 1);
            }
            t = t + "…";
        }
        gc.drawString(t, r(x), r(y), true);
    }

    private static int r(double v) {
        return (int) Math.round(v);
    }
}
