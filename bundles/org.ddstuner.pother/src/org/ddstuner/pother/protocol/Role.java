package org.ddstuner.pother.protocol;

/** The kinds of Pother test an agent runs, each defined on its own command topic. */
public enum Role {
    /** Sends samples at a size/rate/burst (throughput pair, sending half). */
    TRANSMITTER(ProtocolTypes.TopicKind.TRANSMITTER_DEFINITION),
    /** Receives a transmitter's samples, counts throughput, losses and reordering. */
    RECEIVER(ProtocolTypes.TopicKind.RECEIVER_DEFINITION),
    /** Sends pings and measures the round trip (latency pair, measuring half). */
    TRANSCEIVER(ProtocolTypes.TopicKind.TRANSCEIVER_DEFINITION),
    /** Echoes a transceiver's pings. */
    TRANSPONDER(ProtocolTypes.TopicKind.TRANSPONDER_DEFINITION),
    /** Reads a transmitter's (or relay's) samples and writes each again on its own topic (a pipeline stage). */
    RELAY(ProtocolTypes.TopicKind.RELAY_DEFINITION);

    private final ProtocolTypes.TopicKind topic;

    Role(ProtocolTypes.TopicKind topic) {
        this.topic = topic;
    }

    /** The command topic that defines tests of this role. */
    public ProtocolTypes.TopicKind definitionTopic() {
        return topic;
    }

    /** Lower-case name as it travels in reports ("transceiver", …). */
    public String wireName() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }

    /** The role named {@code s} (case-insensitive), or null. */
    public static Role fromWire(String s) {
        for (Role r : values()) {
            if (r.name().equalsIgnoreCase(s)) {
                return r;
            }
        }
        return null;
    }
}
