package org.ddstuner.pother.runs;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.ddstuner.pother.BestFraction;
import org.ddstuner.pother.LatencyColumn;
import org.ddstuner.pother.LatencyHistogram;
import org.ddstuner.pother.LatencyReport;
import org.ddstuner.pother.StatSummary;
import org.ddstuner.pother.ThroughputReport;

/**
 * Reports as JSON objects, one per line of a run file. Statistics keep every value of the report
 * (count, min, avg, max, stddev per column and fraction, p50/p90/p99 in ns) so a loaded run shows the
 * same table the live one did.
 */
final class RunCodec {

    private RunCodec() {
    }

    static Map<String, Object> latency(LatencyReport r) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("periodNs", r.periodNanos());
        m.put("sent", r.sent());
        m.put("received", r.received());
        Map<String, Object> cols = new LinkedHashMap<>();
        for (LatencyColumn c : LatencyColumn.values()) {
            LatencyReport.Column col = r.column(c);
            if (col == null) {
                continue;
            }
            Map<String, Object> cm = new LinkedHashMap<>();
            cm.put("p50", col.p50());
            cm.put("p90", col.p90());
            cm.put("p99", col.p99());
            cm.put("exact", col.exact());
            Map<String, Object> rows = new LinkedHashMap<>();
            for (BestFraction f : BestFraction.values()) {
                StatSummary s = col.rows().get(f);
                if (s != null) {
                    rows.put(f.name(), List.of(s.count(), s.min(), s.avg(), s.max(), s.stdDev()));
                }
            }
            cm.put("rows", rows);
            cols.put(c.name(), cm);
        }
        m.put("columns", cols);
        if (!r.histogram().isEmpty()) { // [bucket index, count] pairs (LatencyHistogram); older runs have none
            m.put("histogram", r.histogram().buckets().stream().map(b -> List.of(b.index(), b.count())).toList());
        }
        if (r.warmup() > 0) { // pings before the first echo, not measured; older runs have none
            m.put("warmup", r.warmup());
        }
        return m;
    }

    private static LatencyHistogram histogram(Object value) {
        if (!(value instanceof List<?> pairs)) {
            return LatencyHistogram.EMPTY;
        }
        List<LatencyHistogram.Bucket> buckets = new ArrayList<>(pairs.size());
        for (Object o : pairs) {
            if (!(o instanceof List<?> v) || v.size() != 2) {
                throw new IllegalArgumentException("a histogram bucket is [index, count], not " + o);
            }
            int index = (int) RunJson.asNum(v.get(0));
            LatencyHistogram.lowerNanos(index); // an index out of range is a clear error here, not in a chart
            buckets.add(new LatencyHistogram.Bucket(index, (long) RunJson.asNum(v.get(1))));
        }
        return new LatencyHistogram(buckets);
    }

    static LatencyReport latency(Map<String, Object> m) {
        Map<LatencyColumn, LatencyReport.Column> cols = new EnumMap<>(LatencyColumn.class);
        for (Map.Entry<String, Object> e : RunJson.obj(m, "columns").entrySet()) {
            @SuppressWarnings("unchecked")
            Map<String, Object> cm = (Map<String, Object>) e.getValue();
            Map<BestFraction, StatSummary> rows = new EnumMap<>(BestFraction.class);
            for (Map.Entry<String, Object> re : RunJson.obj(cm, "rows").entrySet()) {
                List<?> v = (List<?>) re.getValue();
                if (v.size() != 5) {
                    throw new IllegalArgumentException("a statistics row has 5 numbers, not " + v);
                }
                rows.put(BestFraction.valueOf(re.getKey()), new StatSummary((long) RunJson.asNum(v.get(0)),
                        RunJson.asNum(v.get(1)), RunJson.asNum(v.get(2)), RunJson.asNum(v.get(3)),
                        RunJson.asNum(v.get(4))));
            }
            cols.put(LatencyColumn.valueOf(e.getKey()), new LatencyReport.Column(rows, RunJson.num(cm, "p50"),
                    RunJson.num(cm, "p90"), RunJson.num(cm, "p99"), RunJson.bool(cm, "exact")));
        }
        return new LatencyReport(RunJson.lng(m, "periodNs"), RunJson.lng(m, "sent"), RunJson.lng(m, "received"),
                cols, histogram(m.get("histogram")), m.containsKey("warmup") ? RunJson.lng(m, "warmup") : 0);
    }

    static Map<String, Object> throughput(ThroughputReport r) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("periodNs", r.periodNanos());
        m.put("samples", r.samples());
        m.put("bytes", r.bytes());
        m.put("lost", r.lostTotal());
        m.put("outOfOrder", r.outOfOrderTotal());
        m.put("theoretical", r.theoreticalSamplesPerSecond());
        m.put("requested", r.requestedSamplesPerSecond());
        return m;
    }

    /**
     * Runs saved before "requested" was written kept the requested rate under "theoretical": read as such, with the
     * theoretical rate unknown (NaN).
     */
    static ThroughputReport throughput(Map<String, Object> m) {
        boolean old = !m.containsKey("requested");
        double theoretical = old ? Double.NaN : RunJson.num(m, "theoretical");
        return new ThroughputReport(RunJson.lng(m, "periodNs"), RunJson.lng(m, "samples"), RunJson.lng(m, "bytes"),
                RunJson.lng(m, "lost"), RunJson.lng(m, "outOfOrder"), theoretical,
                RunJson.num(m, old ? "theoretical" : "requested"));
    }

    /** A record line: its type, the time in seconds since the start, and the type's members. */
    static Map<String, Object> line(String type, double time, String agent) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("type", type);
        m.put("t", time);
        if (agent != null) {
            m.put("agent", agent);
        }
        return m;
    }

    static List<String> lines(String text) {
        return new ArrayList<>(List.of(text.split("\n", -1)));
    }
}
