package org.ddstuner.pother.protocol;

import java.time.Duration;

import org.ddstuner.dds.Qos;

/**
 * The QoS of a test as it travels: reliability ({@link #BEST_EFFORT} or {@link #RELIABLE}), history depth
 * (0 = keep all), transport priority, latency budget and durability ({@link #VOLATILE} or
 * {@link #TRANSIENT_LOCAL}: a writer keeps its history for readers that join later). The values are not checked
 * here, so a controller can send anything; the agent checks them in {@link #toQos} and answers a bad one with an
 * error report.
 */
public record TestQos(int reliability, int historyDepth, int transportPriority, long latencyBudgetNanos,
        int durability) {

    public static final int BEST_EFFORT = 0;
    public static final int RELIABLE = 1;
    public static final int VOLATILE = 0;
    public static final int TRANSIENT_LOCAL = 1;

    /** Volatile, as every test was before durability could be chosen. */
    public TestQos(int reliability, int historyDepth, int transportPriority, long latencyBudgetNanos) {
        this(reliability, historyDepth, transportPriority, latencyBudgetNanos, VOLATILE);
    }

    /** Reliable, keep last 1: ddsperf's ping/pong QoS. */
    public static TestQos latency() {
        return new TestQos(RELIABLE, 1, 0, 0);
    }

    /** Reliable, keep all: ddsperf's data QoS. */
    public static TestQos throughput() {
        return new TestQos(RELIABLE, 0, 0, 0);
    }

    public TestQos withReliability(int r) {
        return new TestQos(r, historyDepth, transportPriority, latencyBudgetNanos, durability);
    }

    public TestQos withHistoryDepth(int d) {
        return new TestQos(reliability, d, transportPriority, latencyBudgetNanos, durability);
    }

    public TestQos withTransportPriority(int p) {
        return new TestQos(reliability, historyDepth, p, latencyBudgetNanos, durability);
    }

    public TestQos withLatencyBudgetNanos(long n) {
        return new TestQos(reliability, historyDepth, transportPriority, n, durability);
    }

    public TestQos withDurability(int d) {
        return new TestQos(reliability, historyDepth, transportPriority, latencyBudgetNanos, d);
    }

    /**
     * The DDS QoS these values ask for.
     *
     * @throws IllegalArgumentException naming the bad value
     */
    public Qos toQos() {
        Qos q = Qos.EMPTY;
        q = switch (reliability) {
            case RELIABLE -> q.with(new Qos.Reliability(Qos.ReliabilityKind.RELIABLE, Duration.ofSeconds(10)));
            case BEST_EFFORT -> q.withBestEffort();
            default -> throw new IllegalArgumentException("unknown reliability " + reliability + " (0 = best effort, 1 = reliable)");
        };
        if (historyDepth < 0) {
            throw new IllegalArgumentException("history depth must be 0 (keep all) or a positive depth, not " + historyDepth);
        }
        if (historyDepth == 0) {
            q = q.withKeepAll().with(new Qos.ResourceLimits(10000, -1, -1));
        } else {
            q = q.withKeepLast(historyDepth);
        }
        if (latencyBudgetNanos < 0) {
            throw new IllegalArgumentException("latency budget must not be negative, not " + latencyBudgetNanos + " ns");
        }
        if (latencyBudgetNanos > 0) {
            q = q.with(new Qos.LatencyBudget(Duration.ofNanos(latencyBudgetNanos)));
        }
        if (transportPriority != 0) {
            q = q.with(new Qos.TransportPriority(transportPriority));
        }
        q = switch (durability) {
            case VOLATILE -> q;
            // the writer keeps as much for readers that join later as its history QoS says: Cyclone takes that depth
            // from the durability service's history, which is keep last 1 unless set
            case TRANSIENT_LOCAL -> q.withDurability(Qos.DurabilityKind.TRANSIENT_LOCAL).with(new Qos.DurabilityService(
                    Duration.ZERO, historyDepth == 0 ? Qos.HistoryKind.KEEP_ALL : Qos.HistoryKind.KEEP_LAST,
                    Math.max(1, historyDepth), -1, -1, -1));
            default -> throw new IllegalArgumentException("unknown durability " + durability
                    + " (0 = volatile, 1 = transient local)");
        };
        return q;
    }
}
