package org.ddstuner.pother;

import org.ddstuner.dds.Qos;

/** What a transponder echoes: the transceiver's name (so the topics match) and the QoS of both ends. */
public record TransponderDefinition(String name, Qos qos) {

    public TransponderDefinition {
        PotherType.checkName(name);
        if (qos == null) {
            throw new IllegalArgumentException("transponder " + name + " needs a QoS (e.g. PotherType.latencyQos())");
        }
    }

    public static TransponderDefinition of(String name) {
        return new TransponderDefinition(name, PotherType.latencyQos());
    }
}
