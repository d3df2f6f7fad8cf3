package org.ddstuner.pother.protocol;

import java.util.Locale;

/**
 * One period of a throughput test (role receiver; transmitters and transponders report what they sent or
 * echoed the same way, with zero losses). {@code samples}/{@code bytes} are this period's, the
 * {@code *Total} counts since the start. {@code sequenceSamplesPerSecond} is the throughput the
 * sequence numbers say was sent (received + newly lost, per second), {@code requestedSamplesPerSecond}
 * what the definition asked for (0 = unknown / flat out). {@code last} marks the report that ends the test.
 */
public record ThroughputPeriodReport(int appId, String groupId, String name, Role role, long period, boolean last,
        long timestampNanos, ResourceUsage usage, long periodNanos, long samples, long bytes, long totalSamples,
        long lostTotal, long outOfOrderTotal, double samplesPerSecond, double megabitsPerSecond,
        double sequenceSamplesPerSecond, double requestedSamplesPerSecond) implements PotherReport, PeriodCounts {

    public String format() {
        return String.format(Locale.ROOT,
                "%s %s@%d period %d: %d samples (%.1f kS/s, %.2f Mb/s, by sequence %.1f kS/s), total %d, lost %d, out-of-order %d",
                role.wireName(), name, appId, period, samples, samplesPerSecond / 1e3, megabitsPerSecond,
                sequenceSamplesPerSecond / 1e3, totalSamples, lostTotal, outOfOrderTotal);
    }
}
