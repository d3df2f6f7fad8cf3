package org.ddstuner.pother.ui.charts;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.ddstuner.pother.BestFraction;
import org.ddstuner.pother.LatencyColumn;
import org.ddstuner.pother.LatencyHistogram;
import org.ddstuner.pother.LatencyReport;
import org.ddstuner.pother.runs.BenchmarkRun;
import org.ddstuner.pother.runs.Plateau;
import org.ddstuner.pother.runs.Points;
import org.ddstuner.pother.runs.RunDefinition;
import org.ddstuner.pother.runs.RunSummary;
import org.jfree.data.xy.XYSeries;

/**
 * One shown run's series in the charts and how far they have read its points, so each refresh only
 * appends what is new. In an overlay the series names start with the run's letter ("A p50").
 */
final class RunTrack {

    final BenchmarkRun run;
    private final String prefix;
    private final boolean overlay;
    private final ChartData data;
    private long seenVersion = -1;
    private int latencyRead;
    private int throughputRead;
    private int resourcesRead;
    private final Map<String, XYSeries> cpu = new HashMap<>();
    private final Map<String, XYSeries> rss = new HashMap<>();

    private final XYSeries p50;
    private final XYSeries p90;
    private final XYSeries p99;
    private final XYSeries max;
    private final XYSeries percentiles;
    /** The run's round trips so far, by {@link LatencyHistogram} bucket; drawn as bar outlines. */
    private final long[] tripCounts = new long[LatencyHistogram.INDICES];
    private final XYSeries histogram;
    /** One-way (source → sink) p50/p99, added on the first such report of a run without round trips. */
    private XYSeries oneWayP50;
    private XYSeries oneWayP99;
    private boolean roundTrips;
    /** The throughput series of one reporting agent (or stage, or sender). */
    private record Tput(XYSeries samples, XYSeries megabytes, XYSeries lost, XYSeries outOfOrder, XYSeries theoretical) {
        void name(String prefix, String agent) {
            samples.setKey(prefix + agent + " samples/s");
            theoretical.setKey(prefix + agent + " " + THEORETICAL);
            megabytes.setKey(prefix + agent + " MB/s");
            lost.setKey(prefix + agent + " lost");
            outOfOrder.setKey(prefix + agent + " out-of-order");
        }
    }

    private final Tput firstTput;
    private String firstTputAgent;
    private final Map<String, Tput> tputByAgent = new HashMap<>();
    private final XYSeries stepP50;
    private final XYSeries stepMegabytes;
    /** Per transport, when the steps are sizes of several transports ({@link StepNames#bySizePerTransport}). */
    private final Map<RunDefinition.Transport, XYSeries> transportP50 = new java.util.EnumMap<>(RunDefinition.Transport.class);
    private final Map<RunDefinition.Transport, XYSeries> transportMegabytes = new java.util.EnumMap<>(RunDefinition.Transport.class);
    private Map<Integer, String> stepNames = Map.of();
    private Plateau plateau;

    RunTrack(BenchmarkRun run, String letter, ChartData data) {
        this.run = run;
        this.overlay = letter != null;
        this.prefix = letter == null ? "" : letter + " ";
        this.data = data;
        p50 = data.rtt.add(prefix + "p50");
        p90 = overlay ? null : data.rtt.add("p90");
        p99 = data.rtt.add(prefix + "p99");
        max = overlay ? null : data.rtt.add("max");
        percentiles = data.percentiles.add(prefix + (overlay ? run.definition().label() : "latest period"));
        histogram = data.histogram.add(prefix + (overlay ? run.definition().label() : HISTOGRAM));
        firstTput = new Tput(data.samples.add(prefix + "samples/s"), data.megabytes.add(prefix + "MB/s"),
                data.loss.add(prefix + "lost"), data.loss.add(prefix + "out-of-order"),
                data.theoretical.add(prefix + THEORETICAL));
        stepP50 = data.stepsLatency.add(prefix + "RTT p50 (µs)");
        stepMegabytes = data.stepsThroughput.add(prefix + "MB/s");
    }

    /**
     * The series of {@code agent}: one reporting agent keeps the plain names ("samples/s"); when a second one
     * reports (a pipeline stage, a fan-in sender), every agent's series are named after it.
     */
    private Tput tputOf(String agent) {
        if (firstTputAgent == null) {
            firstTputAgent = agent;
            tputByAgent.put(agent, firstTput);
        }
        Tput t = tputByAgent.get(agent);
        if (t == null) {
            if (tputByAgent.size() == 1) {
                firstTput.name(prefix, firstTputAgent);
            }
            t = new Tput(data.samples.add(prefix + agent + " samples/s"), data.megabytes.add(prefix + agent + " MB/s"),
                    data.loss.add(prefix + agent + " lost"), data.loss.add(prefix + agent + " out-of-order"),
                    data.theoretical.add(prefix + agent + " " + THEORETICAL));
            tputByAgent.put(agent, t);
        }
        return t;
    }

    /** Series name of the theoretical throughput a receiver reports from its sequence numbers ("app 2 …" per agent). */
    static final String THEORETICAL = "theoretical samples/s (by sequence)";

    /** Series name of the run's histogram (an overlay names it after the run, as the percentiles). */
    static final String HISTOGRAM = "round trips";

    /**
     * Where a bar's outline meets the count axis: a log axis has no 0, and half a round trip sits below the
     * lowest count there is (1), so a bucket of one round trip still shows as a bar.
     */
    static final double BAR_FOOT = 0.5;

    /** Adds the periods' round trips to the run's counts; true if there were any. */
    private boolean addToHistogram(List<Points.Latency> points) {
        boolean added = false;
        for (Points.Latency p : points) {
            for (LatencyHistogram.Bucket b : p.report().histogram().buckets()) {
                tripCounts[b.index()] += b.count();
                added = true;
            }
        }
        return added;
    }

    /**
     * Redraws the histogram: per non-empty bucket its outline (foot, top left, top right, foot), x in µs. At most
     * 4 × {@link LatencyHistogram#INDICES} points; a run spanning 1 µs to 100 ms fills about 140 buckets.
     */
    private void drawHistogram() {
        histogram.clear();
        for (int i = 0; i < tripCounts.length; i++) {
            if (tripCounts[i] == 0) {
                continue;
            }
            double lo = Math.max(1, LatencyHistogram.lowerNanos(i)) / 1e3;
            double hi = LatencyHistogram.upperNanos(i) / 1e3;
            histogram.add(lo, BAR_FOOT, false);
            histogram.add(lo, tripCounts[i], false);
            histogram.add(hi, tripCounts[i], false);
            histogram.add(hi, BAR_FOOT, false);
        }
    }

    /** Series name of the one-way p50 ("one-way p50 (source→sink)"; "A one-way …" in an overlay). */
    static final String ONE_WAY_P50 = "one-way p50 (source→sink)";
    static final String ONE_WAY_P99 = "one-way p99 (source→sink)";

    private void addOneWay(List<Points.Latency> points) {
        for (Points.Latency p : points) {
            LatencyReport.Column c = p.report().column(LatencyColumn.SEND_ARRIVAL);
            if (c.rows().get(BestFraction.ALL).count() == 0) {
                continue; // a period without samples has no percentiles (NaN)
            }
            if (oneWayP50 == null) {
                oneWayP50 = data.rtt.add(prefix + ONE_WAY_P50);
                oneWayP99 = data.rtt.add(prefix + ONE_WAY_P99);
            }
            oneWayP50.add(p.time(), c.p50() / 1e3, false);
            oneWayP99.add(p.time(), c.p99() / 1e3, false);
        }
    }

    /**
     * The 99.9th percentile: the largest of the best 99.9 % of the period's round trips (the report's 99.9 % row;
     * below 1000 round trips that row keeps them all and this is the maximum, as nearest rank gives too).
     */
    static double p999Micros(Points.Latency p) {
        return p.report().column(LatencyColumn.TRIP).rows().get(BestFraction.P99_9).max() / 1e3;
    }

    /** Where the run's sweep levels off (throughput sweeps of two or more sizes), or null. */
    Plateau plateau() {
        return plateau;
    }

    /** Appends what the run measured since the last call; false if nothing changed. */
    boolean pull() {
        long v = run.version();
        if (v == seenVersion) {
            return false;
        }
        seenVersion = v;
        List<Points.Latency> lat = run.latencySince(latencyRead);
        latencyRead += lat.size();
        // writers' block times are for the table only; receivers' one-way (or, behind a relay, end-to-end)
        // times get series of their own while the run has no round trips, never mixed into the RTT series
        List<Points.Latency> oneWay = lat.stream().filter(p -> p.report().column(LatencyColumn.SEND_ARRIVAL) != null
                && p.report().column(LatencyColumn.TRIP) == null).toList();
        lat = lat.stream().filter(p -> p.report().column(LatencyColumn.TRIP) != null).toList();
        roundTrips |= !lat.isEmpty();
        if (!roundTrips) {
            addOneWay(oneWay);
        }
        for (Points.Latency p : lat) {
            p50.add(p.time(), p.p50Micros(), false);
            p99.add(p.time(), p.p99Micros(), false);
            if (!overlay) {
                p90.add(p.time(), p.p90Micros(), false);
                max.add(p.time(), p.maxMicros(), false);
            }
        }
        if (addToHistogram(lat)) {
            drawHistogram();
        }
        if (!lat.isEmpty()) {
            Points.Latency last = lat.get(lat.size() - 1);
            percentiles.clear();
            percentiles.add(NinesAxis.of(50), last.p50Micros(), false);
            percentiles.add(NinesAxis.of(90), last.p90Micros(), false);
            percentiles.add(NinesAxis.of(99), last.p99Micros(), false);
            percentiles.add(NinesAxis.of(99.9), p999Micros(last), false);
            percentiles.add(NinesAxis.MAX, last.maxMicros(), false);
        }
        List<Points.Throughput> tput = run.throughputSince(throughputRead);
        throughputRead += tput.size();
        for (Points.Throughput p : tput) {
            Tput t = tputOf(p.agent() == null ? "?" : p.agent());
            t.samples().add(p.time(), p.samplesPerSecond(), false);
            if (!Double.isNaN(p.theoreticalSamplesPerSecond())) {
                t.theoretical().add(p.time(), p.theoreticalSamplesPerSecond(), false);
            }
            t.megabytes().add(p.time(), p.megabytesPerSecond(), false);
            t.lost().add(p.time(), p.lost(), false);
            t.outOfOrder().add(p.time(), p.outOfOrder(), false);
        }
        List<Points.Resources> res = run.resourcesSince(resourcesRead);
        resourcesRead += res.size();
        for (Points.Resources r : res) {
            String agent = r.agent() == null ? "?" : r.agent();
            cpu.computeIfAbsent(agent, a -> data.cpu.add(prefix + a + " CPU %"))
                    .add(r.time(), r.resources().cpuTotalPercent(), false);
            rss.computeIfAbsent(agent, a -> data.rss.add(prefix + a + " RSS (MB)"))
                    .add(r.time(), r.resources().rssBytes() / 1e6, false);
        }
        stepP50.clear();
        stepMegabytes.clear();
        List<RunSummary> summaries = RunSummary.perStep(run);
        plateau = run.definition().kind() == RunDefinition.Kind.THROUGHPUT ? Plateau.of(summaries).orElse(null) : null;
        stepNames = overlay ? Map.of() : StepNames.of(run.steps());
        transportP50.values().forEach(XYSeries::clear);
        transportMegabytes.values().forEach(XYSeries::clear);
        boolean perTransport = !overlay && StepNames.bySizePerTransport(run.steps());
        Map<Integer, RunDefinition.Transport> transportOf = new HashMap<>();
        run.steps().forEach(st -> transportOf.put(st.index(), st.definition().transport()));
        for (RunSummary s : summaries) {
            // steps of one size (transports, loads) side by side at their step's index; sweeps against their size,
            // a transport comparison against its sizes with a series per transport
            double x = stepNames.isEmpty() ? s.size() : s.step();
            RunDefinition.Transport t = transportOf.getOrDefault(s.step(), RunDefinition.Transport.UDP);
            if (!Double.isNaN(s.p50Micros())) {
                (perTransport ? transportP50.computeIfAbsent(t, k -> data.stepsLatency.add(StepNames.transport(k)
                        + " RTT p50 (µs)")) : stepP50).add(x, s.p50Micros(), false);
            }
            if (!Double.isNaN(s.megabytesPerSecond())) {
                (perTransport ? transportMegabytes.computeIfAbsent(t, k -> data.stepsThroughput.add(StepNames.transport(k)
                        + " MB/s")) : stepMegabytes).add(x, s.megabytesPerSecond(), false);
            }
        }
        return true;
    }

    /**
     * Step index → name when the run's steps share a size (the per-step chart then draws them by step, see
     * {@link StepNames}), else empty: the steps are drawn against their sample size. Always empty in an overlay, whose
     * runs share the size axis.
     */
    Map<Integer, String> stepNames() {
        return stepNames;
    }
}
