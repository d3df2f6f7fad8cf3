package org.ddstuner.pother.runs;

import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Where a payload-size sweep's throughput levels off: the smallest sample size whose throughput in bytes/s is
 * within {@value #WITHIN_PERCENT} % of the best throughput of the sweep (at {@code bestSize}). Compared with the
 * best rather than with the largest size, so a sweep whose largest size falls back (fragmentation) still
 * finds where the curve flattened.
 */
public record Plateau(int size, double megabytesPerSecond, int bestSize, double bestMegabytesPerSecond) {

    public static final int WITHIN_PERCENT = 10;

    /** The plateau of the steps with throughput, or empty if fewer than two sizes have any. */
    public static Optional<Plateau> of(List<RunSummary> steps) {
        List<RunSummary> measured = steps.stream().filter(s -> s.megabytesPerSecond() > 0)
                .sorted(Comparator.comparingInt(RunSummary::size)).toList();
        if (measured.stream().map(RunSummary::size).distinct().count() < 2) {
            return Optional.empty();
        }
        RunSummary best = measured.stream().max(Comparator.comparingDouble(RunSummary::megabytesPerSecond)).orElseThrow();
        double threshold = best.megabytesPerSecond() * (100 - WITHIN_PERCENT) / 100;
        RunSummary first = measured.stream().filter(s -> s.megabytesPerSecond() >= threshold).findFirst().orElseThrow();
        return Optional.of(new Plateau(first.size(), first.megabytesPerSecond(), best.size(), best.megabytesPerSecond()));
    }

    /** For the person: "Throughput plateaus from 4096 B: 120.3 MB/s, within 10 % of the best (130.2 MB/s at 65536 B)." */
    public String describe() {
        return String.format(Locale.ROOT, "Throughput plateaus from %d B: %.1f MB/s, within %d %% of the best (%.1f MB/s at %d B).",
                size, megabytesPerSecond, WITHIN_PERCENT, bestMegabytesPerSecond, bestSize);
    }
}
