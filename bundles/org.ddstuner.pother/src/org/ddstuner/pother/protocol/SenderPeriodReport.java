package org.ddstuner.pother.protocol;

/**
 * One period of a receiver (or relay) for one of its senders (the samples' {@code sender} key, a
 * transmitter's app id): what a fan-in's total is made of. {@code samples}/{@code bytes} are this period's,
 * {@code *Total} since the start, lost and out-of-order from that sender's sequence numbers; the sender
 * reports of one period add up to the receiver's {@link ThroughputPeriodReport}.
 */
public record SenderPeriodReport(int appId, String groupId, String name, int sender, long period, boolean last,
        long timestampNanos, ResourceUsage usage, long periodNanos, long samples, long bytes, long totalSamples,
        long lostTotal, long outOfOrderTotal, double samplesPerSecond) implements PotherReport, PeriodCounts { }
