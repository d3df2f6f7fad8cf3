package org.ddstuner.pother.protocol;

/**
 * What a side counted in one period, the members {@link ThroughputPeriodReport} and {@link SenderPeriodReport}
 * share (and encode alike, see {@code periodCounts} in {@link ProtocolTypes}).
 */
interface PeriodCounts {

    long period();

    boolean last();

    long periodNanos();

    long samples();

    long bytes();

    long totalSamples();

    long lostTotal();

    long outOfOrderTotal();

    double samplesPerSecond();
}
