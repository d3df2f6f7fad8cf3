package org.ddstuner.pother;

import org.ddstuner.dds.Qos;

/**
 * What a receiver reads: the transmitter's name, the reader QoS, how many samples one take may lend
 * (ddsperf takes up to 1000), the throughput the transmitter was asked for (samples/s, 0 if unknown)
 * to report theoretical against actual, and what triggers a take.
 */
public record ReceiverDefinition(String name, Qos qos, int takeBatch, double expectedSamplesPerSecond, Trigger trigger) {

    /**
     * LISTENER takes from Cyclone's data-available callback, which Cyclone calls once per arriving
     * sample: cheap in C, but from Java each call is an upcall plus a take of mostly one sample.
     * WAITSET (the default) has a thread of ours wait on a read condition and take in batches of up to
     * {@code takeBatch}: under load the batches fill and the per-sample cost drops.
     */
    public enum Trigger { LISTENER, WAITSET }

    public ReceiverDefinition {
        PotherType.checkName(name);
        if (qos == null) {
            throw new IllegalArgumentException("receiver " + name + " needs a QoS (e.g. PotherType.throughputQos())");
        }
        if (takeBatch < 1 || takeBatch > 100_000) {
            throw new IllegalArgumentException("take batch must be between 1 and 100000 samples, not " + takeBatch);
        }
        if (trigger == null) {
            throw new IllegalArgumentException("receiver " + name + " needs a trigger (LISTENER or WAITSET)");
        }
        if (!(expectedSamplesPerSecond >= 0) || Double.isInfinite(expectedSamplesPerSecond)) {
            throw new IllegalArgumentException("expected rate must be 0 (unknown) or positive, not " + expectedSamplesPerSecond);
        }
    }

    public static ReceiverDefinition of(String name) {
        return new ReceiverDefinition(name, PotherType.throughputQos(), 1000, 0, Trigger.WAITSET);
    }

    public ReceiverDefinition expecting(double samplesPerSecond) {
        return new ReceiverDefinition(name, qos, takeBatch, samplesPerSecond, trigger);
    }

    public ReceiverDefinition triggeredBy(Trigger t) {
        return new ReceiverDefinition(name, qos, takeBatch, expectedSamplesPerSecond, t);
    }
}
