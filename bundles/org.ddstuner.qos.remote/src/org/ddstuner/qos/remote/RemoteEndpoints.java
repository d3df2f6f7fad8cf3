package org.ddstuner.qos.remote;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.ddstuner.dds.Guid;
import org.ddstuner.dds.Qos;
import org.ddstuner.qos.Changeability;
import org.ddstuner.qos.TuningOutcome;
import org.ddstuner.remote.RemoteClient;
import org.ddstuner.remote.internal.QosJson;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The client of the endpoint operations (the desktop's Create Reader/Writer… and QoS Tuning view on a remote agent,
 * and the tests): each call is one request; a refusal comes back as {@link Refused} with the agent's code and reason.
 */
public final class RemoteEndpoints {

    /** Tuning waits up to 5 s at the agent for discovery's confirmation; the link gets more. */
    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    /** The agent refused (its code and reason) or the link failed. */
    public static final class Refused extends IOException {
        private static final long serialVersionUID = 1L;
        private final String code;

        Refused(String code, String reason) {
            super(reason);
            this.code = code;
        }

        /** The agent's code ("not-allowed", "no-type", …). */
        public String code() {
            return code;
        }
    }

    /** How one policy can change on the agent's library, and why ({@code scope}: "publisher"/"subscriber" or null). */
    public record Policy(Changeability how, String reason, String scope) {
    }

    /** A reader or writer the agent holds for this client, as it answered last. */
    public record Endpoint(String key, boolean writer, String topic, String typeName, Guid guid, Qos qos, int matched,
            Map<String, Policy> policies) {

        static Endpoint of(JsonNode o) {
            Map<String, Policy> ps = new LinkedHashMap<>();
            o.path("policies").properties().forEach(e -> ps.put(e.getKey(), new Policy(EndpointJson.changeability(e
                    .getValue().path("how").asText()), e.getValue().path("reason").asText(), e.getValue().path("scope")
                            .isTextual() ? e.getValue().path("scope").asText() : null)));
            return new Endpoint(o.path("key").asText(), o.path("kind").asText().equals("writer"), o.path("topic")
                    .asText(), o.path("typeName").asText(), Guid.parse(o.path("guid").asText()), EndpointJson.qos(o),
                    o.path("matched").asInt(), ps);
        }
    }

    /** What {@code set-endpoint-qos} answered: per policy what was done, and the endpoint afterwards. */
    public record Tuned(TuningOutcome outcome, Endpoint endpoint) {
    }

    private final RemoteClient client;

    public RemoteEndpoints(RemoteClient client) {
        this.client = client;
    }

    /** Creates a reader or writer on {@code topic}; {@code qos} (may be null) goes over the QoS the agent derives. */
    public Endpoint create(String topic, boolean writer, String typeName, Qos qos) throws IOException {
        ObjectNode a = JsonNodeFactory.instance.objectNode();
        a.put("topic", topic);
        a.put("kind", writer ? "writer" : "reader");
        if (typeName != null) {
            a.put("typeName", typeName);
        }
        if (qos != null) {
            a.set("qos", QosJson.encode(qos));
        }
        return Endpoint.of(call(CreateEndpointOperation.NAME, a));
    }

    /** Changes the policies set in {@code change}; the outcome says per policy what was applied, what not and why. */
    public Tuned setQos(String key, Qos change) throws IOException {
        ObjectNode a = JsonNodeFactory.instance.objectNode();
        a.put("key", key);
        a.set("qos", QosJson.encode(change));
        JsonNode r = call(SetEndpointQosOperation.NAME, a);
        return new Tuned(EndpointJson.outcome(r.path("outcome")), Endpoint.of(r.path("endpoint")));
    }

    public void delete(String key) throws IOException {
        ObjectNode a = JsonNodeFactory.instance.objectNode();
        a.put("key", key);
        call(DeleteEndpointOperation.NAME, a);
    }

    public List<Endpoint> list() throws IOException {
        List<Endpoint> out = new ArrayList<>();
        for (JsonNode e : call(ListEndpointsOperation.NAME, JsonNodeFactory.instance.objectNode()).path("endpoints")) {
            out.add(Endpoint.of(e));
        }
        return out;
    }

    private JsonNode call(String op, ObjectNode args) throws IOException {
        RemoteClient.Reply r = client.request(op, args, TIMEOUT);
        if (!r.ok()) {
            throw new Refused(r.code(), r.reason());
        }
        return r.result();
    }
}
