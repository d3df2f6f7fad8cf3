package org.ddstuner.qos;

import java.io.IOException;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

import org.ddstuner.json.StrictJson;

import com.fasterxml.jackson.core.JsonGenerator;


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
    public void writeJson(JsonGenerator g) throws IOException {
        g.writeStartObject();
        g.writeObjectFieldStart("library");
        g.writeStringField("path", libraryPath);
        g.writeStringField("version", libraryVersion);
        g.writeEndObject();
        g.writeObjectFieldStart("kinds");
        for (TunedKind k : TunedKind.values()) {
            List<Capability> cells = of(k);
            if (cells.isEmpty()) {
                continue;
            }
            g.writeObjectFieldStart(k.jsonName());
            for (Capability c : cells) {
                g.writeObjectFieldStart(c.policy());
                g.writeStringField("own", c.own().jsonName());
                g.writeStringField("remote", c.remote().jsonName());
                g.writeStringField("setQos", c.setQos());
                g.writeStringField("reason", c.reason());
                g.writeFieldName("announced");
                if (c.announced() == null) {
                    g.writeNull();
                } else {
                    g.writeBoolean(c.announced().booleanValue());
                }
                g.writeBooleanField("factsAgree", c.factsAgree());
                g.writeEndObject();
            }
            g.writeEndObject();
        }
        g.writeEndObject();
        g.writeEndObject();
    }

    /** The table as one JSON text ({@link #writeJson}). */
    public String toJson() {
        return StrictJson.write(this::writeJson);
    }
}
