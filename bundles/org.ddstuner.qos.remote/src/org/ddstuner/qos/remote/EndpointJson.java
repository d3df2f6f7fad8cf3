package org.ddstuner.qos.remote;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.ddstuner.dds.EndpointData;
import org.ddstuner.dds.Entity;
import org.ddstuner.dds.Guid;
import org.ddstuner.dds.Qos;
import org.ddstuner.qos.Capability;
import org.ddstuner.qos.Changeability;
import org.ddstuner.qos.PolicyOutcome;
import org.ddstuner.qos.PolicyValues;
import org.ddstuner.qos.TunedKind;
import org.ddstuner.qos.TuningOutcome;
import org.ddstuner.remote.internal.QosJson;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The JSON of the endpoint operations (PROTOCOL.md "Operations"), both ways: an endpoint ({@code key, kind, topic,
 * typeName, guid, qos, policies}) and a tuning outcome ({@code recreated, oldGuid, newGuid, confirmed, policies}:
 * one object per policy with {@code policy, how, status, before, requested, after, confirmed, reason, text}).
 * QoS values are in the QosJson form (a policy value as its policy's object there).
 */
public final class EndpointJson {

    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    private EndpointJson() {
    }

    static ObjectNode endpoint(ClientEndpoint e, EndpointOperations.Served s) {
        Entity entity = e.entity();
        Guid guid = entity.guid();
        Qos qos = s.discovery().endpoint(guid).map(EndpointData::qos).orElseGet(entity::qos);
        ObjectNode o = F.objectNode();
        o.put("key", e.key);
        o.put("kind", e.isWriter() ? "writer" : "reader");
        o.put("topic", e.topic);
        o.put("typeName", e.type.typeName());
        o.put("guid", guid.toString());
        o.set("qos", QosJson.encode(qos));
        o.put("matched", e.isWriter() ? e.writer().matchedReaders() : e.reader().matchedWriters());
        // how each policy can change on the agent's library, so the desktop locks what the agent cannot change
        ObjectNode policies = o.putObject("policies");
        TunedKind kind = e.isWriter() ? TunedKind.WRITER : TunedKind.READER;
        TunedKind group = e.isWriter() ? TunedKind.PUBLISHER : TunedKind.SUBSCRIBER;
        for (TunedKind k : List.of(kind, group)) {
            for (Capability c : s.capabilities().of(k)) {
                if (k == group && c.own() != Changeability.IMMUTABLE) {
                    continue; // as the desktop's editor: only the group's policies that travel locked
                }
                ObjectNode p = policies.putObject(c.policy());
                p.put("how", c.own().jsonName());
                p.put("reason", c.reason());
                if (k == group) {
                    p.put("scope", group.jsonName());
                }
            }
        }
        return o;
    }

    /** A policy value (a Qos policy record) as its object in the QosJson form; null stays null. */
    static JsonNode value(String policy, Object v) {
        return v == null ? F.nullNode() : QosJson.encode(PolicyValues.with(Qos.EMPTY, v)).get(policy);
    }

    /** The policy record of {@code policy} from its QosJson object; null for JSON null. */
    public static Object value(String policy, JsonNode json) {
        if (json == null || json.isNull()) {
            return null;
        }
        ObjectNode q = F.objectNode();
        q.set(policy, json);
        return PolicyValues.get(QosJson.decode(q), policy);
    }

    static ObjectNode outcome(TuningOutcome out) {
        ObjectNode o = F.objectNode();
        o.put("recreated", out.recreated());
        o.put("oldGuid", out.oldGuid().toString());
        o.put("newGuid", out.newGuid().toString());
        o.put("confirmed", out.confirmed());
        ArrayNode ps = o.putArray("policies");
        for (PolicyOutcome p : out.policies()) {
            ObjectNode j = ps.addObject();
            j.put("policy", p.policy());
            j.put("how", p.how().jsonName());
            j.put("status", p.status().name().toLowerCase(Locale.ROOT));
            j.set("before", value(p.policy(), p.before()));
            j.set("requested", value(p.policy(), p.requested()));
            j.set("after", value(p.policy(), p.after()));
            j.put("confirmed", p.confirmed());
            j.put("reason", p.reason());
            j.put("text", p.text());
        }
        if (out.recreated()) {
            o.put("notice", out.guidNotice());
        }
        return o;
    }

    /** The agent's outcome as the desktop's editor shows a local one (no entity: it lives on the agent). */
    public static TuningOutcome outcome(JsonNode o) {
        List<PolicyOutcome> ps = new ArrayList<>();
        for (JsonNode j : o.path("policies")) {
            String policy = j.path("policy").asText();
            ps.add(new PolicyOutcome(policy, changeability(j.path("how").asText()),
                    PolicyOutcome.Status.valueOf(j.path("status").asText().toUpperCase(Locale.ROOT)),
                    value(policy, j.get("before")), value(policy, j.get("requested")), value(policy, j.get("after")),
                    j.path("confirmed").asBoolean(), j.path("reason").asText()));
        }
        return new TuningOutcome(null, o.path("recreated").asBoolean(), Guid.parse(o.path("oldGuid").asText()),
                Guid.parse(o.path("newGuid").asText()), ps);
    }

    /** The changeability of its JSON name ("live", "recreate", …); IMMUTABLE for an unknown one. */
    public static Changeability changeability(String jsonName) {
        for (Changeability c : Changeability.values()) {
            if (c.jsonName().equals(jsonName)) {
                return c;
            }
        }
        return Changeability.IMMUTABLE;
    }

    /** The QoS of an endpoint object ({@code qos}). */
    public static Qos qos(JsonNode endpoint) {
        return QosJson.decode(endpoint.get("qos"));
    }
}
