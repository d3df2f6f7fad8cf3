package org.ddstuner.map.ui;

import org.eclipse.swt.graphics.GC;

/** Word wrap of a tooltip to a pixel width with the GC's font. */
final class TextWrap {

    private TextWrap() {
    }

    static String wrap(GC gc, String text, int width) {
        StringBuilder out = new StringBuilder();
        for (String para : text.split("\n", -1)) {
            if (out.length() > 0) {
                out.append('\n');
            }
            StringBuilder line = new StringBuilder();
            for (String word : para.split(" ")) {
                String candidate = line.length() == 0 ? word : line + " " + word;
                if (line.length() > 0 && gc.textExtent(candidate).x > width) {
                    out.append(line).append('\n');
                    line = new StringBuilder("  ").append(word);
                } else {
                    line = new StringBuilder(candidate);
                }
            }
            out.append(line);
        }
        return out.toString();
    }
}
