package org.ddstuner.remote.ops;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

import org.ddstuner.agent.AgentQos;
import org.ddstuner.agent.AgentReply;
import org.ddstuner.agent.AgentResult;
import org.ddstuner.agent.QosText;
import org.ddstuner.remote.Capability;
import org.ddstuner.remote.Operation;
import org.ddstuner.remote.OperationContext;
import org.ddstuner.remote.OperationException;
import org.ddstuner.remote.Protocol;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * {@code set-qos} (capability {@code qos}): changes QoS policies of an entity of an application that runs the tuning
 * agent, as {@code ddstuner qos set} does locally: every value is checked first (a bad one is refused naming the
 * policy, nothing sent), then one signed request goes to the application's agent, which applies all or nothing.
 *
 * <p>args: {@code guid}, {@code qos} (policy → value in the tuning agent's text, as {@code qos set} takes it),
 * {@code secret} (the application's secret, as in {@code --secret-file}; the application refuses without it),
 * optional {@code waitMillis}. Result: as {@code get-qos}, with the QoS in force after the change. Refusals:
 * {@code bad-value}, {@code unknown-entity}, {@code qos-refused} (the application's agent refused: not authorized,
 * immutable policy, …, with its result code; nothing changed).
 */
public final class QosSetOperation implements Operation {

    public static final String NAME = "set-qos";
    /** The application's tuning agent refused the request. */
    public static final String REFUSED = "qos-refused";

    private final TuningAgents agents;

    QosSetOperation(TuningAgents agents) {
        this.agents = agents;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Capability needs() {
        return Capability.QOS;
    }

    @Override
    public JsonNode run(OperationContext context, JsonNode args) throws OperationException {
        var guid = Args.guid("guid", Args.text(args, "guid"));
        JsonNode qos = args.get("qos");
        if (qos == null || !qos.isObject() || qos.isEmpty()) {
            throw new OperationException(Protocol.MALFORMED_FRAME, "needs \"qos\": policy → value");
        }
        Map<String, String> wanted = new LinkedHashMap<>();
        for (var it = qos.properties().iterator(); it.hasNext();) {
            var e = it.next();
            String text = e.getValue().asText();
            try {
                if (AgentQos.toRecord(e.getKey(), text) == null) {
                    throw new IllegalArgumentException("incomplete value");
                }
            } catch (RuntimeException bad) {
                throw new OperationException(Args.BAD_VALUE, "bad value for " + e.getKey() + ": \"" + text + "\" ("
                        + bad.getMessage() + "); nothing changed");
            }
            wanted.put(e.getKey(), text);
        }
        String secretText = Args.optionalText(args, "secret");
        byte[] secret = secretText == null ? null : secretText.strip().getBytes(StandardCharsets.UTF_8);
        long wait = Math.clamp(args.path("waitMillis").asLong(3000), 0, 10_000);
        try {
            TuningAgents.Found f = agents.find(guid, Duration.ofMillis(wait));
            AgentReply r = agents.client().setQos(f.agent().agent(), f.entity().id(), QosText.format(wanted), secret,
                    TuningAgents.REPLY);
            if (!r.ok()) {
                String hint = secret == null && r.result() == AgentResult.NOT_AUTHORIZED
                        ? " (give the application's secret)" : "";
                throw new OperationException(REFUSED, "the tuning agent of " + f.agent().process() + " (pid "
                        + f.agent().pid() + ") refused: " + r.result() + " " + r.message() + hint + "; nothing changed");
            }
            ObjectNode o = TuningAgents.entity(f.entity(), r.qos());
            o.set("process", TuningAgents.agent(f.agent()));
            return o;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new OperationException("failed", "interrupted");
        }
    }
}
