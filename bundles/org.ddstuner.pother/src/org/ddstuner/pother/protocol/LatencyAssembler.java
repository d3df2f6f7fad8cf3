package org.ddstuner.pother.protocol;

import static org.ddstuner.pother.protocol.CommandCodec.b;
import static org.ddstuner.pother.protocol.CommandCodec.d;
import static org.ddstuner.pother.protocol.CommandCodec.i;
import static org.ddstuner.pother.protocol.CommandCodec.l;
import static org.ddstuner.pother.protocol.CommandCodec.s;

import java.util.EnumMap;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;

import org.ddstuner.pother.BestFraction;
import org.ddstuner.pother.LatencyColumn;
import org.ddstuner.pother.LatencyHistogram;
import org.ddstuner.pother.LatencyReport;
import org.ddstuner.pother.StatSummary;

/**
 * Puts the rows of latency periods back together. Rows of one period (agent, test, period) are kept until
 * all {@code rows} are in, then become one {@link LatencyPeriodReport}. Rows with an unknown column or
 * fraction are dropped; at most {@value #MAX_OPEN} periods wait at once (the oldest goes first), so a lost
 * row cannot grow memory. Not thread-safe.
 */
public final class LatencyAssembler {

    static final int MAX_OPEN = 256;

    private record Key(int appId, String name, long period) { }

    private static final class Pending {
        final Map<String, Object> first;
        final Map<LatencyColumn, Map<BestFraction, StatSummary>> rows = new EnumMap<>(LatencyColumn.class);
        final Map<LatencyColumn, double[]> percentiles = new EnumMap<>(LatencyColumn.class);
        final Map<LatencyColumn, Boolean> exact = new EnumMap<>(LatencyColumn.class);
        int count;
        LatencyHistogram histogram = LatencyHistogram.EMPTY;
        final long order;

        Pending(Map<String, Object> first, long order) {
            this.first = first;
            this.order = order;
        }
    }

    private final Map<Key, Pending> open = new HashMap<>();
    private long arrivals;

    /** Adds one row; returns the period's report when this row completes it, else null. */
    public LatencyPeriodReport add(Map<String, Object> row) {
        LatencyColumn column = column(s(row, "column"));
        BestFraction fraction = fraction(i(row, "fraction_permille"));
        if (column == null || fraction == null) {
            return null;
        }
        Key key = new Key(i(row, "app_id"), s(row, "name"), l(row, "period"));
        Pending p = open.get(key);
        if (p == null) {
            if (open.size() >= MAX_OPEN) {
                evictOldest();
            }
            p = new Pending(row, arrivals++);
            open.put(key, p);
        }
        Map<BestFraction, StatSummary> col = p.rows.computeIfAbsent(column, c -> new EnumMap<>(BestFraction.class));
        if (col.put(fraction, new StatSummary(l(row, "count"), d(row, "min_ns"), d(row, "avg_ns"), d(row, "max_ns"),
                d(row, "stddev_ns"))) == null) {
            p.count++;
        }
        p.percentiles.put(column, new double[] { d(row, "p50_ns"), d(row, "p90_ns"), d(row, "p99_ns") });
        p.exact.put(column, b(row, "exact"));
        if (column == LatencyColumn.TRIP && fraction == BestFraction.ALL) {
            p.histogram = histogram(row);
        }
        int expected = Math.max(1, i(row, "rows"));
        if (p.count < expected) {
            return null;
        }
        open.remove(key);
        Map<LatencyColumn, LatencyReport.Column> cols = new EnumMap<>(LatencyColumn.class);
        for (Map.Entry<LatencyColumn, Map<BestFraction, StatSummary>> e : p.rows.entrySet()) {
            double[] pc = p.percentiles.get(e.getKey());
            cols.put(e.getKey(), new LatencyReport.Column(Map.copyOf(e.getValue()), pc[0], pc[1], pc[2],
                    p.exact.get(e.getKey())));
        }
        Map<String, Object> f = p.first;
        LatencyReport report = new LatencyReport(l(f, "period_ns"), l(f, "sent"), l(f, "received"), cols, p.histogram,
                l(f, "warmup"));
        return new LatencyPeriodReport(key.appId(), s(f, "group_id"), key.name(), key.period(), b(row, "last"),
                l(f, "timestamp_ns"), new ResourceUsage(d(f, "cpu_user_pct"), d(f, "cpu_sys_pct"), l(f, "rss_bytes")),
                report);
    }

    /**
     * The row's histogram; a malformed one (another implementation's bug) is dropped, as a row with an unknown
     * column is: the period's statistics are still good.
     */
    private static LatencyHistogram histogram(Map<String, Object> row) {
        Object v = row.get("histogram");
        if (!(v instanceof byte[] bytes)) {
            return LatencyHistogram.EMPTY;
        }
        try {
            return LatencyHistogram.decode(bytes);
        } catch (IllegalArgumentException e) {
            return LatencyHistogram.EMPTY;
        }
    }

    /** Periods still waiting for rows. */
    public int pending() {
        return open.size();
    }

    private void evictOldest() {
        Iterator<Map.Entry<Key, Pending>> it = open.entrySet().iterator();
        Map.Entry<Key, Pending> oldest = null;
        while (it.hasNext()) {
            Map.Entry<Key, Pending> e = it.next();
            if (oldest == null || e.getValue().order < oldest.getValue().order) {
                oldest = e;
            }
        }
        if (oldest != null) {
            open.remove(oldest.getKey());
        }
    }

    private static LatencyColumn column(String name) {
        for (LatencyColumn c : LatencyColumn.values()) {
            if (c.name().equals(name)) {
                return c;
            }
        }
        return null;
    }

    private static BestFraction fraction(int permille) {
        for (BestFraction f : BestFraction.values()) {
            if (f.permille() == permille) {
                return f;
            }
        }
        return null;
    }
}
