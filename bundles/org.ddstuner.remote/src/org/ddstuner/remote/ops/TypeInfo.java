package org.ddstuner.remote.ops;

import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

import org.ddstuner.remote.internal.Frames;
import org.ddstuner.samples.ResolutionAttempt;
import org.ddstuner.samples.TypeSource;
import org.ddstuner.types.TypeLibrary;
import org.ddstuner.types.idl.IdlParseException;
import org.ddstuner.types.idl.IdlParser;
import org.ddstuner.types.xtypes.LearnedType;
import org.ddstuner.types.xtypes.TypeObjectConverter;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * A topic's type as the agent resolved it: the {@code result} of {@link TypeInfoOperation}, read the same way by the
 * CLI and the desktop. The type travels twice: as XTypes type objects (exactly what the agent has, when it has them)
 * and as IDL text (for people, and the fallback when there are no type objects).
 *
 * @param topic           the topic
 * @param endpoint        the endpoint whose type this is (GUID text), or {@code null} for the topic's
 * @param typeName        the type's name
 * @param source          where the agent found it
 * @param idl             the type printed as IDL
 * @param typeInformation XTypes TypeInformation (XCDR2), empty when the agent has none
 * @param typeMapping     XTypes TypeMapping, empty when the agent has none
 * @param attempts        every source the agent tried, the one that gave the type last
 */
public record TypeInfo(String topic, String endpoint, String typeName, TypeSource source, String idl,
        byte[] typeInformation, byte[] typeMapping, List<ResolutionAttempt> attempts) {

    public TypeInfo {
        attempts = List.copyOf(attempts);
    }

    public ObjectNode toJson() {
        ObjectNode o = Frames.object();
        o.put("topic", topic);
        if (endpoint != null) {
            o.put("endpoint", endpoint);
        }
        o.put("typeName", typeName);
        o.put("source", source.name());
        o.put("sourceText", source.text());
        o.put("idl", idl);
        if (typeInformation.length > 0 && typeMapping.length > 0) {
            o.put("typeInformation", Base64.getEncoder().encodeToString(typeInformation));
            o.put("typeMapping", Base64.getEncoder().encodeToString(typeMapping));
        }
        ArrayNode a = o.putArray("attempts");
        for (ResolutionAttempt t : attempts) {
            ObjectNode x = a.addObject();
            x.put("source", t.source().name());
            x.put("ok", t.succeeded());
            x.put("detail", t.detail());
            x.put("mayChange", t.mayChange());
        }
        return o;
    }

    /**
     * Reads a {@link TypeInfoOperation} result.
     *
     * @throws IllegalArgumentException a field is missing or unknown (an agent of another version)
     */
    public static TypeInfo of(JsonNode r) {
        String typeName = r.path("typeName").asText("");
        if (typeName.isEmpty() || !r.path("idl").isTextual()) {
            throw new IllegalArgumentException("type-info result without typeName or idl: " + r);
        }
        List<ResolutionAttempt> attempts = new ArrayList<>();
        for (JsonNode x : r.path("attempts")) {
            attempts.add(new ResolutionAttempt(source(x.path("source").asText()), x.path("ok").asBoolean(),
                    x.path("detail").asText(""), x.path("mayChange").asBoolean(false)));
        }
        return new TypeInfo(r.path("topic").asText(""), r.hasNonNull("endpoint") ? r.get("endpoint").asText() : null,
                typeName, source(r.path("source").asText()), r.get("idl").textValue(), bytes(r, "typeInformation"),
                bytes(r, "typeMapping"), attempts);
    }

    private static TypeSource source(String name) {
        try {
            return TypeSource.valueOf(name);
        } catch (IllegalArgumentException e) {
            return TypeSource.RAW;
        }
    }

    private static byte[] bytes(JsonNode r, String field) {
        return r.path(field).isTextual() ? Base64.getDecoder().decode(r.get(field).textValue()) : new byte[0];
    }

    /**
     * The type as a library: from the type objects when the agent sent them (the exact type), else parsed from the
     * IDL.
     *
     * @throws IllegalArgumentException neither can be read
     */
    public LearnedType learned() {
        if (typeInformation.length > 0 && typeMapping.length > 0) {
            try {
                return TypeObjectConverter.learn(typeInformation, typeMapping);
            } catch (RuntimeException e) { // XTypesFormatException among them
                // fall back to the IDL below
            }
        }
        try {
            TypeLibrary lib = IdlParser.parseText(idl);
            return new LearnedType(typeName, lib);
        } catch (IdlParseException e) {
            throw new IllegalArgumentException("the agent's IDL of " + typeName + " does not parse: " + e.getMessage(),
                    e);
        }
    }
}
