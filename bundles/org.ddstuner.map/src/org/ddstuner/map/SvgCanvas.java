package org.ddstuner.map;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * A {@link MapCanvas} that writes SVG 1.1: the map's export (vector, opens in browsers and Inkscape). Text is cut to
 * its box by the same estimate the layout uses ({@link MapLayout#CHAR_W}), since there is no font here.
 */
public final class SvgCanvas implements MapCanvas {

    private final StringBuilder body = new StringBuilder();

    /** The whole map as an SVG document. */
    public static String svg(LaidOutMap m, String selected) {
        SvgCanvas c = new SvgCanvas();
        MapPainter.paint(m, c, selected, null);
        return c.document(Math.max(1, m.width()), Math.max(1, m.height()));
    }

    public static void write(LaidOutMap m, String selected, Path file) throws IOException {
        Files.writeString(file, svg(m, selected), StandardCharsets.UTF_8);
    }

    public String document(double w, double h) {
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                + "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"" + n(w) + "\" height=\"" + n(h)
                + "\" viewBox=\"0 0 " + n(w) + " " + n(h) + "\" font-family=\"sans-serif\" font-size=\"11\">\n"
                + "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n" + body + "</svg>\n";
    }

    @Override
    public void fillRoundRect(double x, double y, double w, double h, double arc, int rgb) {
        body.append("<rect x=\"").append(n(x)).append("\" y=\"").append(n(y)).append("\" width=\"").append(n(w))
                .append("\" height=\"").append(n(h)).append("\" rx=\"").append(n(Math.min(arc, h) / 2))
                .append("\" fill=\"").append(color(rgb)).append("\"/>\n");
    }

    @Override
    public void strokeRoundRect(double x, double y, double w, double h, double arc, int rgb, double width) {
        body.append("<rect x=\"").append(n(x)).append("\" y=\"").append(n(y)).append("\" width=\"").append(n(w))
                .append("\" height=\"").append(n(h)).append("\" rx=\"").append(n(Math.min(arc, h) / 2))
                .append("\" fill=\"none\" stroke=\"").append(color(rgb)).append("\" stroke-width=\"").append(n(width))
                .append("\"/>\n");
    }

    @Override
    public void polyline(double[] p, int rgb, double width, boolean dashed) {
        body.append("<polyline points=\"").append(points(p)).append("\" fill=\"none\" stroke=\"").append(color(rgb))
                .append("\" stroke-width=\"").append(n(width)).append('"');
        if (dashed) {
            body.append(" stroke-dasharray=\"5,4\"");
        }
        body.append("/>\n");
    }

    @Override
    public void fillPolygon(double[] p, int rgb) {
        body.append("<polygon points=\"").append(points(p)).append("\" fill=\"").append(color(rgb)).append("\"/>\n");
    }

    @Override
    public void text(String text, double x, double y, int rgb, boolean bold, double maxWidth) {
        String t = text;
        if (maxWidth > 0 && t.length() * MapLayout.CHAR_W > maxWidth) {
            int keep = Math.max(1, (int) (maxWidth / MapLayout.CHAR_W) - 1);
            t = t.substring(0, Math.min(t.length(), keep)) + "…";
        }
        body.append("<text x=\"").append(n(x)).append("\" y=\"").append(n(y + 11)).append("\" fill=\"")
                .append(color(rgb)).append('"');
        if (bold) {
            body.append(" font-weight=\"bold\"");
        }
        body.append('>').append(escape(t)).append("</text>\n");
    }

    private static String points(double[] p) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i + 1 < p.length; i += 2) {
            sb.append(i == 0 ? "" : " ").append(n(p[i])).append(',').append(n(p[i + 1]));
        }
        return sb.toString();
    }

    private static String n(double v) {
        return String.format(Locale.ROOT, "%.1f", v);
    }

    private static String color(int rgb) {
        return String.format(Locale.ROOT, "#%06x", rgb & 0xffffff);
    }

    /** XML text: the five special characters, and characters XML 1.0 cannot hold dropped. */
    static String escape(String s) {
        StringBuilder sb = new StringBuilder(s.length());
        s.codePoints().forEach(cp -> {
            switch (cp) {
                case '<' -> sb.append("&lt;");
                case '>' -> sb.append("&gt;");
                case '&' -> sb.append("&amp;");
                case '"' -> sb.append("&quot;");
                case '\'' -> sb.append("&apos;");
                default -> {
                    if (cp == 0x9 || cp == 0xA || cp == 0xD || cp >= 0x20 && cp <= 0xD7FF
                            || cp >= 0xE000 && cp <= 0xFFFD || cp >= 0x10000 && cp <= 0x10FFFF) {
                        sb.appendCodePoint(cp);
                    }
                }
            }
        });
        return sb.toString();
    }
}
