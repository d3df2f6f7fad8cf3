package org.ddstuner.pother;

import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;

/**
 * One period of a transceiver: for each {@link LatencyColumn} the {@link BestFraction} rows and the
 * 50/90/99th percentiles (nearest rank), all in nanoseconds. {@code exact} is false when a column held
 * more samples than its capacity and the order statistics come from a uniform reservoir. {@code histogram} is
 * the shape of the period's round trips (column TRIP, every one counted), empty for reports without them.
 * {@code warmup}: a transceiver's pings of this period sent before its first echo came back, which are not
 * measured (not in {@code sent}, their echoes neither in {@code received} nor in any column): until then the
 * transponder's side of the discovery may still be under way, and a ping it could not yet take is repaired
 * hundreds of milliseconds later, which says nothing about the steady state.
 */
public record LatencyReport(long periodNanos, long sent, long received, Map<LatencyColumn, Column> columns,
        LatencyHistogram histogram, long warmup) {

    /** One column: rows by fraction plus percentiles. */
    public record Column(Map<BestFraction, StatSummary> rows, double p50, double p90, double p99, boolean exact) { }

    public LatencyReport {
        columns = Map.copyOf(columns);
        histogram = histogram == null ? LatencyHistogram.EMPTY : histogram;
    }

    /** A report without warm-up pings. */
    public LatencyReport(long periodNanos, long sent, long received, Map<LatencyColumn, Column> columns,
            LatencyHistogram histogram) {
        this(periodNanos, sent, received, columns, histogram, 0);
    }

    /** A report without a histogram. */
    public LatencyReport(long periodNanos, long sent, long received, Map<LatencyColumn, Column> columns) {
        this(periodNanos, sent, received, columns, LatencyHistogram.EMPTY);
    }

    static LatencyReport of(long periodNanos, long sent, long received, Map<LatencyColumn, LatencyStats> stats,
            LatencyHistogram histogram, long warmup) {
        Map<LatencyColumn, Column> cols = new EnumMap<>(LatencyColumn.class);
        for (Map.Entry<LatencyColumn, LatencyStats> e : stats.entrySet()) {
            LatencyStats s = e.getValue();
            Map<BestFraction, StatSummary> rows = new EnumMap<>(BestFraction.class);
            for (BestFraction f : BestFraction.values()) {
                rows.put(f, s.summary(f));
            }
            cols.put(e.getKey(), new Column(rows, s.percentile(50), s.percentile(90), s.percentile(99), s.exact()));
        }
        return new LatencyReport(periodNanos, sent, received, cols, histogram, warmup);
    }

    public Column column(LatencyColumn c) {
        return columns.get(c);
    }

    /** The Pother table of this period in microseconds, one line per column and fraction. */
    public String format() {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "# period %.3f s: sent %d, echoes %d%s%n", periodNanos / 1e9, sent, received,
                warmup > 0 ? ", " + warmup + " warm-up pings before the first echo (not measured)" : ""));
        sb.append(String.format(Locale.ROOT, "%-14s %6s %9s %10s %10s %10s %10s%n", "column (us)", "best", "count", "min",
                "avg", "max", "stddev"));
        for (LatencyColumn c : LatencyColumn.values()) {
            Column col = columns.get(c);
            if (col == null) {
                continue;
            }
            for (BestFraction f : BestFraction.values()) {
                StatSummary s = col.rows().get(f);
                sb.append(String.format(Locale.ROOT, "%-14s %6s %9d %10.3f %10.3f %10.3f %10.3f%n", c.label(), f.label(),
                        s.count(), s.min() / 1e3, s.avg() / 1e3, s.max() / 1e3, s.stdDev() / 1e3));
            }
        }
        return sb.toString();
    }
}
