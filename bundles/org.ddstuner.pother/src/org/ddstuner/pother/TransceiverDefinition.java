package org.ddstuner.pother;

import org.ddstuner.dds.Qos;

/**
 * What a transceiver does: topic name, sample size in bytes (serialized, see {@link PotherType}), rate
 * in samples per second (0 = send the next sample as soon as the echo of the previous one is back),
 * the QoS of its writer and reader (reliability, history, transport priority, latency budget, …) and
 * the capacity of each statistics column per period.
 */
public record TransceiverDefinition(String name, int size, double rate, Qos qos, int statsCapacity) {

    public static final int DEFAULT_STATS_CAPACITY = 1 << 17;

    public TransceiverDefinition {
        PotherType.checkName(name);
        PotherType.payloadFor(size);
        if (!(rate >= 0) || Double.isInfinite(rate)) {
            throw new IllegalArgumentException("transceiver rate must be 0 (as fast as echoes return) or a positive number of samples/s, not " + rate);
        }
        if (qos == null) {
            throw new IllegalArgumentException("transceiver " + name + " needs a QoS (e.g. PotherType.latencyQos())");
        }
        if (statsCapacity <= 0) {
            throw new IllegalArgumentException("statistics capacity must be positive, not " + statsCapacity);
        }
    }

    /** Round trips as fast as the echo comes back, ddsperf's ping/pong QoS. */
    public static TransceiverDefinition pingPong(String name, int size) {
        return new TransceiverDefinition(name, size, 0, PotherType.latencyQos(), DEFAULT_STATS_CAPACITY);
    }

    public TransceiverDefinition withRate(double samplesPerSecond) {
        return new TransceiverDefinition(name, size, samplesPerSecond, qos, statsCapacity);
    }

    public TransceiverDefinition withQos(Qos q) {
        return new TransceiverDefinition(name, size, rate, q, statsCapacity);
    }
}
