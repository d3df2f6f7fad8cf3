package org.ddstuner.pother.protocol;

import org.ddstuner.pother.LatencyReport;

/**
 * One period of a transceiver test, put back together from its rows on the wire (one row per
 * {@link org.ddstuner.pother.LatencyColumn} × {@link org.ddstuner.pother.BestFraction}): the engine's
 * {@link LatencyReport} with period length, pings sent, echoes received and per column the 100/99.9/99/90 %
 * rows and percentiles, all in nanoseconds. {@code period} counts from 1; {@code last} is true for the
 * report that ends the test (sample count reached or stopped).
 */
public record LatencyPeriodReport(int appId, String groupId, String name, long period, boolean last,
        long timestampNanos, ResourceUsage usage, LatencyReport report) implements PotherReport { }
