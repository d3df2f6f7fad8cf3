package org.ddstuner.remote;

import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;

/**
 * What an agent lets its clients do beyond reading (reading the model is always allowed). Granted when the agent
 * starts ({@code ddstuner serve --allow write,qos,benchmark}), the same for every client.
 */
public enum Capability {
    /** Write, dispose and unregister samples. */
    WRITE("write", "write-sample"),
    /** Change the QoS of live entities (the tuning issue). */
    QOS("qos", "set-qos"),
    /** Start and stop Pother benchmarks. */
    BENCHMARK("benchmark", "benchmark");

    private final String id;
    private final String operation;

    Capability(String id, String operation) {
        this.id = id;
        this.operation = operation;
    }

    /** The name used on the command line and in the protocol ("write"). */
    public String id() {
        return id;
    }

    /** The request operation this capability allows ("write-sample"). */
    public String operation() {
        return operation;
    }

    /** The capability a request operation needs, or {@code null} for an unknown operation. */
    public static Capability forOperation(String op) {
        for (Capability c : values()) {
            if (c.operation.equals(op)) {
                return c;
            }
        }
        return null;
    }

    /**
     * Parses "write,qos" (empty = none).
     *
     * @throws IllegalArgumentException naming the unknown word and the known ones
     */
    public static Set<Capability> parse(String list) {
        Set<Capability> out = EnumSet.noneOf(Capability.class);
        if (list == null || list.isBlank()) {
            return out;
        }
        for (String word : list.split(",")) {
            String w = word.strip().toLowerCase(Locale.ROOT);
            Capability found = null;
            for (Capability c : values()) {
                if (c.id.equals(w)) {
                    found = c;
                }
            }
            if (found == null) {
                throw new IllegalArgumentException("unknown capability \"" + word.strip()
                        + "\": use write, qos and/or benchmark");
            }
            out.add(found);
        }
        return out;
    }
}
