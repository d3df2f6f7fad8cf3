package org.ddstuner.pother.runs;

import java.util.ArrayList;
import java.util.List;

/**
 * Per-step numbers of a run, for the "against size" charts of the sweeps: mean throughput and the mean
 * of the periods' round-trip percentiles (a mean of period percentiles, not a percentile of all trips:
 * the reports carry summaries, not samples).
 */
public record RunSummary(int step, String label, int size, int periods, double samplesPerSecond,
        double megabytesPerSecond, double p50Micros, double p99Micros) {

    public static List<RunSummary> perStep(BenchmarkRun run) {
        List<Points.Step> steps = run.steps();
        List<RunSummary> out = new ArrayList<>();
        List<Points.Latency> lat = run.latency();
        List<Points.Throughput> tput = run.throughput();
        int n = Math.max(1, steps.size());
        for (int i = 0; i < n; i++) {
            int index = steps.isEmpty() ? 0 : steps.get(i).index();
            RunDefinition d = steps.isEmpty() ? run.definition() : steps.get(i).definition();
            List<Points.Latency> l = lat.stream().filter(p -> p.step() == index).toList();
            List<Points.Throughput> t = tput.stream().filter(p -> p.step() == index).toList();
            if (l.isEmpty() && t.isEmpty()) {
                continue;
            }
            out.add(new RunSummary(index, d.label(), d.size(), Math.max(l.size(), t.size()),
                    t.stream().mapToDouble(Points.Throughput::samplesPerSecond).average().orElse(Double.NaN),
                    t.stream().mapToDouble(Points.Throughput::megabytesPerSecond).average().orElse(Double.NaN),
                    meanOfNumbers(l.stream().mapToDouble(Points.Latency::p50Micros)),
                    meanOfNumbers(l.stream().mapToDouble(Points.Latency::p99Micros))));
        }
        return out;
    }

    /** A period without round trips has NaN percentiles; it must not make the step's mean NaN. */
    private static double meanOfNumbers(java.util.stream.DoubleStream values) {
        return values.filter(v -> !Double.isNaN(v)).average().orElse(Double.NaN);
    }
}
