package org.ddstuner.pother;

/**
 * count, min, avg, max and population standard deviation of one set of samples, in nanoseconds.
 * An empty set has count 0 and NaN for the rest.
 */
public record StatSummary(long count, double min, double avg, double max, double stdDev) {

    public static final StatSummary EMPTY = new StatSummary(0, Double.NaN, Double.NaN, Double.NaN, Double.NaN);
}
