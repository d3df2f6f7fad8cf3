package org.ddstuner.map.ui;

import java.nio.file.Path;

import org.ddstuner.map.LaidOutMap;
import org.ddstuner.map.MapPainter;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Font;
import org.eclipse.swt.graphics.FontData;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Image;
import org.eclipse.swt.graphics.ImageData;
import org.eclipse.swt.graphics.ImageLoader;
import org.eclipse.swt.widgets.Display;

/** The whole map (not only what the view shows) as a PNG, drawn by the same painter at zoom 1 (UI thread). */
final class MapExport {

    /** A map wider or taller than this is drawn smaller to stay within what an image can hold. */
    static final int MAX_SIDE = 8000;

    private MapExport() {
    }

    static void png(Display display, LaidOutMap m, String selected, Path file) {
        double scale = Math.min(1, MAX_SIDE / Math.max(1, Math.max(m.width(), m.height())));
        int w = Math.max(1, (int) Math.ceil(m.width() * scale));
        int h = Math.max(1, (int) Math.ceil(m.height() * scale));
        Image img = new Image(display, w, h);
        FontData fd = display.getSystemFont().getFontData()[0];
        Font normal = new Font(display, fd.getName(), 9, SWT.NORMAL);
        Font bold = new Font(display, fd.getName(), 9, SWT.BOLD);
        GC gc = new GC(img);
        org.eclipse.swt.graphics.Transform t = new org.eclipse.swt.graphics.Transform(display);
        try {
            gc.setBackground(display.getSystemColor(SWT.COLOR_WHITE));
            gc.fillRectangle(0, 0, w, h);
            t.scale((float) scale, (float) scale);
            gc.setTransform(t);
            MapPainter.paint(m, new GcCanvas(gc, normal, bold), selected, null);
            gc.setTransform(null);
            ImageData data = img.getImageData();
            ImageLoader loader = new ImageLoader();
            loader.data = new ImageData[] { data };
            loader.save(file.toString(), SWT.IMAGE_PNG);
        } finally {
            t.dispose();
            gc.dispose();
            img.dispose();
            normal.dispose();
            bold.dispose();
        }
    }
}
