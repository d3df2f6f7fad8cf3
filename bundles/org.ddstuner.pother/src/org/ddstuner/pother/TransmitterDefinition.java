package org.ddstuner.pother;

import org.ddstuner.dds.Qos;

/**
 * What a transmitter sends: sample size (bytes, serialized), rate in bursts per second (0 = as fast as
 * possible), burst size (samples per burst), its sender id (the key; a receiver tracks sequence numbers
 * per sender), the writer QoS, and whether Cyclone's write batching is on (as ddsperf does: many
 * samples per RTPS message, flushed when the transmitter pauses).
 */
public record TransmitterDefinition(String name, int size, double rate, int burst, int senderId, Qos qos,
        boolean writeBatching) {

    public TransmitterDefinition {
        PotherType.checkName(name);
        PotherType.payloadFor(size);
        if (!(rate >= 0) || Double.isInfinite(rate)) {
            throw new IllegalArgumentException("transmitter rate must be 0 (as fast as possible) or a positive number of bursts/s, not " + rate);
        }
        if (burst < 1) {
            throw new IllegalArgumentException("transmitter burst must be at least 1 sample, not " + burst);
        }
        if (senderId < 0) {
            throw new IllegalArgumentException("sender id must not be negative, not " + senderId);
        }
        if (qos == null) {
            throw new IllegalArgumentException("transmitter " + name + " needs a QoS (e.g. PotherType.throughputQos())");
        }
    }

    /** As fast as possible, one sample per burst, ddsperf's data QoS, batching on. */
    public static TransmitterDefinition flatOut(String name, int size) {
        return new TransmitterDefinition(name, size, 0, 1, 0, PotherType.throughputQos(), true);
    }

    public TransmitterDefinition withRate(double burstsPerSecond, int samplesPerBurst) {
        return new TransmitterDefinition(name, size, burstsPerSecond, samplesPerBurst, senderId, qos, writeBatching);
    }

    public TransmitterDefinition withWriteBatching(boolean on) {
        return new TransmitterDefinition(name, size, rate, burst, senderId, qos, on);
    }

    /** Samples per second asked for, or 0 for "as fast as possible". */
    public double theoreticalSamplesPerSecond() {
        return rate * burst;
    }
}
