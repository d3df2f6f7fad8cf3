package org.ddstuner.pother;

import org.ddstuner.dds.Qos;

/**
 * What a relay does: read transmitter (or relay) {@code upstream}'s data and write every sample again on
 * its own topic {@code Pother_NAME_Data} with its own sequence numbers and sender id {@code senderId},
 * keeping the source's send time (so a receiver behind it measures end to end). {@code rate}: at most this
 * many samples/s are forwarded (0 = as they come; a slow stage makes the source's writes block);
 * {@code writeBatching} as a transmitter's, flushed after every take.
 */
public record RelayDefinition(String name, String upstream, int senderId, double rate, Qos qos, boolean writeBatching,
        int takeBatch) {

    public RelayDefinition {
        PotherType.checkName(name);
        PotherType.checkName(upstream);
        if (upstream.equals(name)) {
            throw new IllegalArgumentException("a relay cannot read its own topic (upstream " + upstream + ")");
        }
        if (senderId < 0) {
            throw new IllegalArgumentException("sender id must not be negative, not " + senderId);
        }
        if (!(rate >= 0) || Double.isInfinite(rate)) {
            throw new IllegalArgumentException("relay rate must be 0 (as samples come) or a positive number of samples/s, not "
                    + rate);
        }
        if (qos == null) {
            throw new IllegalArgumentException("relay " + name + " needs a QoS (e.g. PotherType.throughputQos())");
        }
        if (takeBatch < 1 || takeBatch > 100_000) {
            throw new IllegalArgumentException("take batch must be between 1 and 100000 samples, not " + takeBatch);
        }
    }

    /** Forwards as samples come, ddsperf's data QoS, batching on, takes of up to 1000. */
    public static RelayDefinition of(String name, String upstream, int senderId) {
        return new RelayDefinition(name, upstream, senderId, 0, PotherType.throughputQos(), true, 1000);
    }
}
