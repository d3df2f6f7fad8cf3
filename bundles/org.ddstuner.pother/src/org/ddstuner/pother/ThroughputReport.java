package org.ddstuner.pother;

import java.util.Locale;

/**
 * One period of a receiver: samples and bytes received, lost and out-of-order counts (cumulative since
 * the start, like Pother), and the actual against the theoretical throughput.
 */
public record ThroughputReport(long periodNanos, long samples, long bytes, long lostTotal, long outOfOrderTotal,
        double theoreticalSamplesPerSecond) {

    public double samplesPerSecond() {
        return periodNanos <= 0 ? 0 : samples * 1e9 / periodNanos;
    }

    /** Megabits per second of serialized sample data. */
    public double megabitsPerSecond() {
        return periodNanos <= 0 ? 0 : bytes * 8e3 / periodNanos;
    }

    public String format() {
        String theory = theoreticalSamplesPerSecond > 0
                ? String.format(Locale.ROOT, " theoretical %.0f S/s (%.1f %%)", theoreticalSamplesPerSecond,
                        100 * samplesPerSecond() / theoreticalSamplesPerSecond)
                : " theoretical unlimited";
        return String.format(Locale.ROOT, "period %.3f s: %d samples, %.1f kS/s, %.2f Mb/s, lost %d, out-of-order %d;%s",
                periodNanos / 1e9, samples, samplesPerSecond() / 1e3, megabitsPerSecond(), lostTotal, outOfOrderTotal, theory);
    }
}
