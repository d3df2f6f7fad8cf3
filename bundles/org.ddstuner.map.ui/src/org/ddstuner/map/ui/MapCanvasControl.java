package org.ddstuner.map.ui;

import java.util.function.Consumer;

import org.ddstuner.map.LaidOutMap;
import org.ddstuner.map.LaidOutMap.Box;
import org.ddstuner.map.MapHits;
import org.ddstuner.map.MapPainter;
import org.ddstuner.map.MapTexts;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Font;
import org.eclipse.swt.graphics.FontData;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.swt.graphics.Transform;
import org.eclipse.swt.widgets.Canvas;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Event;

/**
 * The drawing surface: paints the laid-out map through {@link MapPainter} with zoom and pan, wheel zooms around the
 * mouse, a drag pans, a click selects (reported to {@code onSelect}), hovering draws the item's tooltip (the mismatch
 * reason of a red edge) next to the mouse. Each new map is fitted to the control until the person zooms or pans
 * (then zoom and pan stay as they are, until Fit).
 */
final class MapCanvasControl extends Canvas {

    private static final double MIN_SCALE = 0.05;
    private static final double MAX_SCALE = 4;
    private static final int TIP_MAX_W = 460;

    private final Font normal;
    private final Font bold;
    private final Consumer<String> onSelect;
    private LaidOutMap map = LaidOutMap.EMPTY;
    private String message = "";
    private double scale = 1;
    private double tx;
    private double ty;
    /** Fit every new map (and on resize) until the person zooms or pans. */
    private boolean autoFit = true;
    private String selected;
    private String hovered;
    private Point hoverAt;
    private Point dragFrom;
    private long paints;
    private long lastPaintNanos;
    private boolean dragged;

    MapCanvasControl(Composite parent, Consumer<String> onSelect) {
        super(parent, SWT.DOUBLE_BUFFERED | SWT.NO_BACKGROUND);
        this.onSelect = onSelect;
        FontData fd = getFont().getFontData()[0];
        normal = new Font(getDisplay(), fd.getName(), 9, SWT.NORMAL);
        bold = new Font(getDisplay(), fd.getName(), 9, SWT.BOLD);
        addListener(SWT.Paint, this::paint);
        addListener(SWT.MouseVerticalWheel, this::wheel);
        addListener(SWT.MouseDown, e -> {
            if (e.button == 1 || e.button == 2) {
                dragFrom = new Point(e.x, e.y);
                dragged = false;
            }
        });
        addListener(SWT.MouseMove, this::move);
        addListener(SWT.MouseUp, this::up);
        addListener(SWT.MouseExit, e -> hover(null, null));
        addListener(SWT.Resize, e -> {
            if (autoFit) {
                fitNow();
            }
        });
        addListener(SWT.Dispose, e -> {
            normal.dispose();
            bold.dispose();
        });
    }

    void setMap(LaidOutMap m, String msg) {
        map = m;
        message = msg;
        if (selected != null && m.graph().node(selected) == null && m.graph().edge(selected) == null) {
            selected = null;
        }
        if (hovered != null && m.graph().node(hovered) == null && m.graph().edge(hovered) == null) {
            hovered = null;
        }
        if (autoFit) {
            fitNow();
        }
        redraw();
    }

    LaidOutMap map() {
        return map;
    }

    String selected() {
        return selected;
    }

    String hovered() {
        return hovered;
    }

    /** Paints of a map so far, and how long the last one took on the UI thread (tests). */
    long paints() {
        return paints;
    }

    double lastPaintMillis() {
        return lastPaintNanos / 1e6;
    }

    double scale() {
        return scale;
    }

    void select(String id) {
        selected = id;
        redraw();
    }

    /** Zoom so the whole map shows (at most 1.5×), centred; new maps are fitted again until the next zoom or pan. */
    void fit() {
        autoFit = true;
        fitNow();
    }

    private void fitNow() {
        Rectangle a = getClientArea();
        if (map.width() <= 0 || a.width <= 0 || a.height <= 0) {
            return;
        }
        scale = clamp(Math.min(Math.min((a.width - 10) / map.width(), (a.height - 10) / map.height()), 1.5));
        tx = (a.width - map.width() * scale) / 2;
        ty = (a.height - map.height() * scale) / 2;
        redraw();
    }

    /** Zoom by {@code factor} around the point x, y of the control. */
    void zoom(double factor, int x, int y) {
        autoFit = false;
        double s = clamp(scale * factor);
        tx = x - (x - tx) * s / scale;
        ty = y - (y - ty) * s / scale;
        scale = s;
        redraw();
    }

    void zoomCentre(double factor) {
        Rectangle a = getClientArea();
        zoom(factor, a.width / 2, a.height / 2);
    }

    /** Where {@code id}'s box centre, or its route's middle, is on the control (tests, keyboard). */
    Point screenPointOf(String id) {
        Box b = map.boxes().get(id);
        double mx;
        double my;
        if (b != null) {
            mx = b.centerX();
            my = b.centerY();
        } else {
            double[] r = map.routes().get(id);
            if (r == null) {
                return null;
            }
            // the middle of the middle segment: away from the boxes at both ends
            int seg = Math.max(0, (r.length / 2 - 1) / 2) * 2;
            mx = (r[seg] + r[seg + 2]) / 2;
            my = (r[seg + 1] + r[seg + 3]) / 2;
        }
        return new Point((int) Math.round(mx * scale + tx), (int) Math.round(my * scale + ty));
    }

    private static double clamp(double s) {
        return Math.max(MIN_SCALE, Math.min(MAX_SCALE, s));
    }

    private void wheel(Event e) {
        zoom(e.count > 0 ? 1.2 : 1 / 1.2, e.x, e.y);
    }

    private void move(Event e) {
        if (dragFrom != null && (e.stateMask & (SWT.BUTTON1 | SWT.BUTTON2)) != 0) {
            int dx = e.x - dragFrom.x;
            int dy = e.y - dragFrom.y;
            if (dragged || Math.abs(dx) + Math.abs(dy) > 3) {
                dragged = true;
                autoFit = false;
                tx += dx;
                ty += dy;
                dragFrom = new Point(e.x, e.y);
                redraw();
                return;
            }
        }
        hover(idAt(e.x, e.y), new Point(e.x, e.y));
    }

    private void up(Event e) {
        boolean click = dragFrom != null && !dragged && e.button == 1;
        dragFrom = null;
        dragged = false;
        if (click) {
            String id = idAt(e.x, e.y);
            selected = id;
            redraw();
            onSelect.accept(id);
        }
    }

    private String idAt(int x, int y) {
        return MapHits.at(map, (x - tx) / scale, (y - ty) / scale, Math.max(3, 5 / scale));
    }

    private void hover(String id, Point at) {
        boolean changed = id == null ? hovered != null : !id.equals(hovered);
        hovered = id;
        hoverAt = at;
        if (changed || id != null) {
            redraw();
        }
    }

    private void paint(Event e) {
        GC gc = e.gc;
        Rectangle a = getClientArea();
        gc.setBackground(getDisplay().getSystemColor(SWT.COLOR_WHITE));
        gc.fillRectangle(a);
        if (map.boxes().isEmpty()) {
            gc.setFont(normal);
            gc.setForeground(getDisplay().getSystemColor(SWT.COLOR_DARK_GRAY));
            gc.drawString(message, 12, 12, true);
            return;
        }
        Transform t = new Transform(getDisplay());
        try {
            t.translate((float) tx, (float) ty);
            t.scale((float) scale, (float) scale);
            gc.setTransform(t);
            long t0 = System.nanoTime();
            MapPainter.paint(map, new GcCanvas(gc, normal, bold), selected, hovered);
            lastPaintNanos = System.nanoTime() - t0;
            paints++;
        } finally {
            gc.setTransform(null);
            t.dispose();
        }
        paintTooltip(gc, a);
    }

    /** The hovered item's text in a box by the mouse, kept inside the control. */
    private void paintTooltip(GC gc, Rectangle a) {
        String tip = hovered == null || hoverAt == null ? null : MapTexts.tooltip(map.graph(), hovered);
        if (tip == null) {
            return;
        }
        gc.setFont(normal);
        String wrapped = TextWrap.wrap(gc, tip, TIP_MAX_W);
        Point size = gc.textExtent(wrapped, SWT.DRAW_DELIMITER);
        int x = Math.min(hoverAt.x + 14, a.width - size.x - 14);
        int y = hoverAt.y + 18;
        if (y + size.y + 10 > a.height) {
            y = Math.max(2, hoverAt.y - size.y - 16);
        }
        x = Math.max(2, x);
        gc.setBackground(getDisplay().getSystemColor(SWT.COLOR_INFO_BACKGROUND));
        gc.fillRoundRectangle(x, y, size.x + 12, size.y + 8, 6, 6);
        gc.setForeground(getDisplay().getSystemColor(SWT.COLOR_DARK_GRAY));
        gc.drawRoundRectangle(x, y, size.x + 12, size.y + 8, 6, 6);
        gc.setForeground(getDisplay().getSystemColor(SWT.COLOR_INFO_FOREGROUND));
        gc.drawText(wrapped, x + 6, y + 4, SWT.DRAW_DELIMITER | SWT.DRAW_TRANSPARENT);
    }
}
