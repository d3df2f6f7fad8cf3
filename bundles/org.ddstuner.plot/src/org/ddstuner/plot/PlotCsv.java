package org.ddstuner.plot;

import java.io.IOException;
import java.io.Writer;
import java.time.Instant;
import java.util.List;

/**
 * The points of a chart as CSV, one line per point in long form (series after series, oldest first), so series of
 * different rates need no common x: {@code series,topic,field,index,received_utc,value}. Numbers use Java's
 * shortest round-trip form, so a value reads back as the double that was plotted.
 */
public final class PlotCsv {

    public static final String HEADER = "series,topic,field,index,received_utc,value";

    private PlotCsv() {
    }

    /** Writes the series' points; returns how many lines of points. */
    public static long write(List<PlotSeries> series, Writer w) throws IOException {
        w.write(HEADER);
        w.write('\n');
        long n = 0;
        for (PlotSeries s : series) {
            SeriesRing.Points p = s.ring().snapshot();
            String prefix = quote(s.id()) + ',' + quote(s.source()) + ',' + quote(s.path()) + ',';
            for (int i = 0; i < p.size(); i++) {
                long us = p.timeMicros()[i];
                Instant t = Instant.ofEpochSecond(Math.floorDiv(us, 1_000_000L), Math.floorMod(us, 1_000_000L) * 1000);
                w.write(prefix);
                w.write(Long.toString(p.index()[i]));
                w.write(',');
                w.write(t.toString());
                w.write(',');
                double v = p.value()[i];
                w.write(Double.isNaN(v) ? "" : Double.toString(v));
                w.write('\n');
                n++;
            }
        }
        w.flush();
        return n;
    }

    /** RFC 4180: quoted when it holds a comma, quote or line break, quotes doubled. */
    static String quote(String s) {
        if (s.indexOf(',') < 0 && s.indexOf('"') < 0 && s.indexOf('\n') < 0 && s.indexOf('\r') < 0) {
            return s;
        }
        return '"' + s.replace("\"", "\"\"") + '"';
    }
}
