package org.ddstuner.pother;

import java.util.Locale;

/**
 * One period of a receiver: samples and bytes received, lost and out-of-order counts (cumulative since
 * the start, like Pother), and the actual against the theoretical throughput. Theoretical is what the sequence
 * numbers say was sent in the period (samples received + samples newly found lost, per second: NaN when not
 * known); requested is what the transmitter was asked for (0 = unknown or as fast as possible).
 */
public record ThroughputReport(long periodNanos, long samples, long bytes, long lostTotal, long outOfOrderTotal,
        double theoreticalSamplesPerSecond, double requestedSamplesPerSecond) {

    public double samplesPerSecond() {
        return periodNanos <= 0 ? 0 : samples * 1e9 / periodNanos;
    }

    /** Megabits per second of serialized sample data. */
    public double megabitsPerSecond() {
        return periodNanos <= 0 ? 0 : bytes * 8e3 / periodNanos;
    }

    /** Received + newly lost per second over {@code periodNanos}: the theoretical throughput from sequence numbers. */
    public static double bySequence(long samples, long newlyLost, long periodNanos) {
        return periodNanos > 0 ? (samples + newlyLost) * 1e9 / periodNanos : 0;
    }

    public String format() {
        String theory = Double.isNaN(theoreticalSamplesPerSecond) ? "" : String.format(Locale.ROOT,
                " theoretical (by sequence) %.0f S/s (%.1f %% received)", theoreticalSamplesPerSecond,
                theoreticalSamplesPerSecond > 0 ? 100 * samplesPerSecond() / theoreticalSamplesPerSecond : 100.0);
        String asked = requestedSamplesPerSecond > 0 ? String.format(Locale.ROOT, " requested %.0f S/s",
                requestedSamplesPerSecond) : " requested unlimited";
        return String.format(Locale.ROOT, "period %.3f s: %d samples, %.1f kS/s, %.2f Mb/s, lost %d, out-of-order %d;%s%s",
                periodNanos / 1e9, samples, samplesPerSecond() / 1e3, megabitsPerSecond(), lostTotal, outOfOrderTotal, theory,
                asked);
    }
}
