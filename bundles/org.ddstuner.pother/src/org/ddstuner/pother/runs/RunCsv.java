package org.ddstuner.pother.runs;

import java.io.IOException;
import java.io.Writer;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

import org.ddstuner.pother.BestFraction;
import org.ddstuner.pother.LatencyColumn;
import org.ddstuner.pother.LatencyReport;
import org.ddstuner.pother.StatSummary;

/**
 * A run as CSV, one row per report in time order: latency rows fill the RTT columns (µs), throughput
 * rows the throughput columns (theoretical from sequence numbers against requested), discovery rows the discovery
 * columns (the fresh writer's, then the late reader's: see {@link DiscoveryResult}), and CPU/RSS are filled when the
 * report carried them. The full Pother statistics of the latency reports (every column and best fraction) are in a
 * second CSV, {@link #writeLatencyStats}.
 */
public final class RunCsv {

    public static final String HEADER = "time_s,agent,step,kind,trip_count,rtt_p50_us,rtt_p90_us,rtt_p99_us,rtt_max_us,"
            + "samples_per_s,mb_per_s,lost_total,out_of_order_total,theoretical_samples_per_s,requested_samples_per_s,"
            + "match_ms,first_sample_ms,samples_missed,written_before_match,late_reader_match_ms,"
            + "late_reader_first_sample_ms,late_reader_missed,cpu_user_pct,cpu_sys_pct,rss_bytes";

    /**
     * Header of the latency statistics CSV ({@link #writeLatencyStats}): one row per period, column and best fraction,
     * as Pother prints its table; times in µs.
     */
    public static final String LATENCY_STATS_HEADER = "time_s,agent,step,column,best,count,min_us,avg_us,max_us,stddev_us";

    private RunCsv() {
    }

    /**
     * Writes every latency report's statistics (send latency, send-source, send-arrival, echo, trip, inter-arrival,
     * whichever the report has) for the best 100, 99.9, 99 and 90 %, in time order: what the Percentiles table shows
     * of one period, for all of them. Values are the reports' own (ns / 1000, written in full, no rounding); a fraction
     * without samples has a count of 0 and empty cells. Returns the number of data rows.
     */
    public static int writeLatencyStats(BenchmarkRun run, Path file) throws IOException {
        List<Points.Latency> points = new ArrayList<>(run.latency());
        points.sort(Comparator.comparingDouble(Points.Latency::time));
        int rows = 0;
        try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            w.write(LATENCY_STATS_HEADER);
            w.write('\n');
            for (Points.Latency p : points) {
                for (LatencyColumn c : LatencyColumn.values()) {
                    LatencyReport.Column col = p.report().column(c);
                    if (col == null) {
                        continue;
                    }
                    for (BestFraction f : BestFraction.values()) {
                        StatSummary st = col.rows().getOrDefault(f, StatSummary.EMPTY);
                        w.write(String.join(",", cell(p.time()), cell(p.agent()), Integer.toString(p.step()), cell(c.label()),
                                f.label(), Long.toString(st.count()), exactMicros(st.min()), exactMicros(st.avg()),
                                exactMicros(st.max()), exactMicros(st.stdDev())));
                        w.write('\n');
                        rows++;
                    }
                }
            }
        }
        return rows;
    }

    /** Nanoseconds as microseconds without rounding or exponent (reads back as the same double), or empty for NaN. */
    private static String exactMicros(double nanos) {
        return Double.isNaN(nanos) || Double.isInfinite(nanos) ? "" : new BigDecimal(Double.toString(nanos / 1e3)).toPlainString();
    }

    /** Writes the CSV; returns the number of data rows. */
    public static int write(BenchmarkRun run, Path file) throws IOException {
        List<Object[]> rows = new ArrayList<>();
        for (Points.Latency p : run.latency()) {
            rows.add(new Object[] { p.time(), p.agent(), p.step(), "latency", p.count(), p.p50Micros(), p.p90Micros(),
                p.p99Micros(), p.maxMicros(), null, null, null, null, null, null, null, null, null, null, null, null, null });
        }
        for (Points.Throughput p : run.throughput()) {
            rows.add(new Object[] { p.time(), p.agent(), p.step(), "throughput", null, null, null, null, null,
                p.samplesPerSecond(), p.megabytesPerSecond(), p.lost(), p.outOfOrder(), p.theoreticalSamplesPerSecond(),
                p.requestedSamplesPerSecond(), null, null, null, null, null, null, null });
        }
        for (Points.Discovery p : run.discovery()) {
            DiscoveryResult r = p.result();
            rows.add(new Object[] { p.time(), p.agent(), p.step(), "discovery", null, null, null, null, null, null, null, null,
                null, null, null, r.matchMillis(), r.firstSampleMillis(), r.samplesMissed(), measured(r.writtenBeforeMatch()),
                r.lateReaderMatchMillis(), r.lateReaderFirstSampleMillis(), measured(r.lateReaderMissed()) });
        }
        rows.sort(Comparator.comparingDouble(r -> (Double) r[0]));
        List<Points.Resources> res = run.resources();
        try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            w.write(HEADER);
            w.write('\n');
            for (Object[] r : rows) {
                StringBuilder sb = new StringBuilder();
                for (Object v : r) {
                    sb.append(cell(v)).append(',');
                }
                AgentResources a = resourcesAt(res, (Double) r[0], (String) r[1]);
                sb.append(a == null ? "" : cell(a.cpuUserPercent())).append(',')
                        .append(a == null ? "" : cell(a.cpuSystemPercent())).append(',')
                        .append(a == null ? "" : Long.toString(a.rssBytes()));
                w.write(sb.toString());
                w.write('\n');
            }
        }
        return rows.size();
    }

    /** A count, or an empty cell when it was not measured (−1: a run saved before it was). */
    private static Long measured(long n) {
        return n < 0 ? null : n;
    }

    private static AgentResources resourcesAt(List<Points.Resources> res, double time, String agent) {
        for (Points.Resources r : res) {
            if (r.time() == time && java.util.Objects.equals(r.agent(), agent)) {
                return r.resources();
            }
        }
        return null;
    }

    private static String cell(Object v) {
        return switch (v) {
            case null -> "";
            case Double d -> d.isNaN() ? "" : String.format(Locale.ROOT, "%.3f", d);
            case String s -> s.contains(",") || s.contains("\"") ? '"' + s.replace("\"", "\"\"") + '"' : s;
            default -> v.toString();
        };
    }
}
