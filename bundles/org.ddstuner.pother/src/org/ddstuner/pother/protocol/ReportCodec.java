package org.ddstuner.pother.protocol;

import static org.ddstuner.pother.protocol.CommandCodec.b;
import static org.ddstuner.pother.protocol.CommandCodec.d;
import static org.ddstuner.pother.protocol.CommandCodec.i;
import static org.ddstuner.pother.protocol.CommandCodec.l;
import static org.ddstuner.pother.protocol.CommandCodec.s;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.ddstuner.pother.BestFraction;
import org.ddstuner.pother.LatencyColumn;
import org.ddstuner.pother.LatencyReport;
import org.ddstuner.pother.StatSummary;

/**
 * Reports between their records and the samples of the report topics. A {@link LatencyPeriodReport}
 * travels as one row per column × fraction ({@link #ROWS_PER_PERIOD}); {@link LatencyAssembler} puts
 * the rows back together.
 */
public final class ReportCodec {

    /** Rows of one latency period: every {@link LatencyColumn} × every {@link BestFraction}. */
    public static final int ROWS_PER_PERIOD = LatencyColumn.values().length * BestFraction.values().length;

    private static final byte[] NO_BYTES = new byte[0];

    private ReportCodec() {
    }

    private static Map<String, Object> header(PotherReport r) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("app_id", r.appId());
        if (!(r instanceof AgentAnnouncement)) {
            m.put("name", r.name());
        }
        m.put("group_id", r.groupId());
        m.put("timestamp_ns", r.timestampNanos());
        m.put("cpu_user_pct", r.usage().cpuUserPercent());
        m.put("cpu_sys_pct", r.usage().cpuSysPercent());
        m.put("rss_bytes", r.usage().rssBytes());
        return m;
    }

    private static ResourceUsage usage(Map<String, Object> m) {
        return new ResourceUsage(d(m, "cpu_user_pct"), d(m, "cpu_sys_pct"), l(m, "rss_bytes"));
    }

    /**
     * The rows of one latency period: {@link #ROWS_PER_PERIOD} for a transceiver (every column, an empty one
     * with zero counts); a report of one timing only (a writer's {@code SEND}, a receiver's
     * {@code SEND_ARRIVAL}) has the rows of its columns.
     */
    public static List<Map<String, Object>> encode(LatencyPeriodReport r) {
        List<LatencyColumn> columns = r.report().columns().size() == 1 ? List.copyOf(r.report().columns().keySet())
                : List.of(LatencyColumn.values());
        int rowCount = columns.size() * BestFraction.values().length;
        List<Map<String, Object>> rows = new ArrayList<>(rowCount);
        for (LatencyColumn c : columns) {
            LatencyReport.Column col = r.report().column(c);
            for (BestFraction f : BestFraction.values()) {
                StatSummary s = col == null ? StatSummary.EMPTY : col.rows().get(f);
                Map<String, Object> m = header(r);
                m.put("column", c.name());
                m.put("fraction_permille", f.permille());
                m.put("period", r.period());
                m.put("last", r.last());
                m.put("rows", rowCount);
                m.put("period_ns", r.report().periodNanos());
                m.put("sent", r.report().sent());
                m.put("received", r.report().received());
                m.put("count", s.count());
                m.put("min_ns", s.min());
                m.put("avg_ns", s.avg());
                m.put("max_ns", s.max());
                m.put("stddev_ns", s.stdDev());
                m.put("p50_ns", col == null ? Double.NaN : col.p50());
                m.put("p90_ns", col == null ? Double.NaN : col.p90());
                m.put("p99_ns", col == null ? Double.NaN : col.p99());
                m.put("exact", col == null || col.exact());
                m.put("histogram", c == LatencyColumn.TRIP && f == BestFraction.ALL ? r.report().histogram().encode()
                        : NO_BYTES);
                m.put("warmup", r.report().warmup());
                rows.add(m);
            }
        }
        return rows;
    }

    public static Map<String, Object> encode(ThroughputPeriodReport r) {
        Map<String, Object> m = header(r);
        m.put("role", r.role().wireName());
        putCounts(m, r);
        m.put("mbit_per_s", r.megabitsPerSecond());
        m.put("sequence_samples_per_s", r.sequenceSamplesPerSecond());
        m.put("requested_samples_per_s", r.requestedSamplesPerSecond());
        return m;
    }

    private static void putCounts(Map<String, Object> m, PeriodCounts r) {
        m.put("period", r.period());
        m.put("last", r.last());
        m.put("period_ns", r.periodNanos());
        m.put("samples", r.samples());
        m.put("bytes", r.bytes());
        m.put("total_samples", r.totalSamples());
        m.put("lost_total", r.lostTotal());
        m.put("out_of_order_total", r.outOfOrderTotal());
        m.put("samples_per_s", r.samplesPerSecond());
    }

    public static ThroughputPeriodReport decodeThroughput(Map<String, Object> m) {
        Role r = Role.fromWire(s(m, "role"));
        return new ThroughputPeriodReport(i(m, "app_id"), s(m, "group_id"), s(m, "name"), r == null ? Role.RECEIVER : r,
                l(m, "period"), b(m, "last"), l(m, "timestamp_ns"), usage(m), l(m, "period_ns"), l(m, "samples"), l(m, "bytes"),
                l(m, "total_samples"), l(m, "lost_total"), l(m, "out_of_order_total"), d(m, "samples_per_s"),
                d(m, "mbit_per_s"), d(m, "sequence_samples_per_s"), d(m, "requested_samples_per_s"));
    }

    public static Map<String, Object> encode(SenderPeriodReport r) {
        Map<String, Object> m = header(r);
        m.put("sender", r.sender());
        putCounts(m, r);
        return m;
    }

    public static SenderPeriodReport decodeSender(Map<String, Object> m) {
        return new SenderPeriodReport(i(m, "app_id"), s(m, "group_id"), s(m, "name"), i(m, "sender"), l(m, "period"),
                b(m, "last"), l(m, "timestamp_ns"), usage(m), l(m, "period_ns"), l(m, "samples"), l(m, "bytes"),
                l(m, "total_samples"), l(m, "lost_total"), l(m, "out_of_order_total"), d(m, "samples_per_s"));
    }

    public static Map<String, Object> encode(DiscoveryReport r) {
        Map<String, Object> m = header(r);
        m.put("role", r.role().wireName());
        m.put("own_participant", r.ownParticipant());
        m.put("created_ns", r.createdNanos());
        m.put("first_match_ns", r.firstMatchNanos());
        m.put("first_sample_ns", r.firstSampleNanos());
        m.put("create_to_match_ns", r.createToMatchNanos());
        m.put("create_to_first_sample_ns", r.createToFirstSampleNanos());
        m.put("first_seq", r.firstSeq());
        m.put("samples_missed", r.samplesMissed());
        return m;
    }

    public static DiscoveryReport decodeDiscovery(Map<String, Object> m) {
        Role r = Role.fromWire(s(m, "role"));
        return new DiscoveryReport(i(m, "app_id"), s(m, "group_id"), s(m, "name"), r == null ? Role.RECEIVER : r,
                l(m, "timestamp_ns"), usage(m), b(m, "own_participant"), l(m, "created_ns"), l(m, "first_match_ns"),
                l(m, "first_sample_ns"), l(m, "first_seq"), l(m, "samples_missed"));
    }

    public static Map<String, Object> encode(ErrorReport r) {
        Map<String, Object> m = header(r);
        m.put("message", r.message());
        return m;
    }

    public static ErrorReport decodeError(Map<String, Object> m) {
        return new ErrorReport(i(m, "app_id"), s(m, "group_id"), s(m, "name"), l(m, "timestamp_ns"), usage(m),
                s(m, "message"));
    }

    public static Map<String, Object> encode(AgentAnnouncement r) {
        Map<String, Object> m = header(r);
        m.put("host", r.host());
        m.put("pid", r.pid());
        m.put("version", r.version());
        m.put("state", r.state());
        m.put("tests", r.tests());
        return m;
    }

    public static AgentAnnouncement decodeAnnouncement(Map<String, Object> m) {
        return new AgentAnnouncement(i(m, "app_id"), s(m, "group_id"), s(m, "host"), l(m, "pid"), s(m, "version"),
                s(m, "state"), s(m, "tests"), l(m, "timestamp_ns"), usage(m));
    }
}
