package org.ddstuner.qos;

import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

import org.ddstuner.system.json.JsonWriter;

/**
 * The capability table of one libddsc: per entity kind and policy how it can change ({@link Capability}),
 * as measured by the {@link CapabilityProbe}. {@link #writeJson} is what {@code ddstuner qos caps --json}
 * prints; {@link #table()} is the plain form the tests pin per library version.
 */
public record QosCapabilities(String libraryPath, String libraryVersion, List<Capability> capabilities) {

    public QosCapabilities {
        capabilities = List.copyOf(capabilities);
    }

    /** The cell for {@code kind} and {@code policy}; empty when the policy does not apply to that kind. */
    public Optional<Capability> get(TunedKind kind, String policy) {
        return capabilities.stream().filter(c -> c.kind() == kind && c.policy().equals(policy)).findFirst();
    }

    public List<Capability> of(TunedKind kind) {
        return capabilities.stream().filter(c -> c.kind() == kind).toList();
    }

    /** One {@link Capability#tableLine()} per cell, kind by kind in the probe's order. */
    public String table() {
        return capabilities.stream().map(Capability::tableLine).collect(Collectors.joining("\n", "", "\n"));
    }

    /**
     * {"library": {"path", "version"}, "kinds": {"writer": {"ownership_strength": {"own": "live", "remote":
     * "live", "setQos": "DDS_RETCODE_OK", "reason": "…", "announced": true, "factsAgree": true}, …}, …}}.
     */
    public void writeJson(JsonWriter w) {
        w.beginObject();
        w.name("library").beginObject().field("path", libraryPath).field("version", libraryVersion).endObject();
        w.name("kinds").beginObject();
        for (TunedKind k : TunedKind.values()) {
            List<Capability> cells = of(k);
            if (cells.isEmpty()) {
                continue;
            }
            w.name(k.jsonName()).beginObject();
            for (Capability c : cells) {
                w.name(c.policy()).beginObject().field("own", c.own().jsonName()).field("remote", c.remote().jsonName())
                        .field("setQos", c.setQos()).field("reason", c.reason());
                w.name("announced");
                if (c.announced() == null) {
                    w.nullValue();
                } else {
                    w.value(c.announced().booleanValue());
                }
                w.field("factsAgree", c.factsAgree()).endObject();
            }
            w.endObject();
        }
        w.endObject();
        w.endObject();
    }
}
