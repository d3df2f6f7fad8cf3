package org.ddstuner.qos.remote;

import java.time.Duration;

import org.ddstuner.dds.Qos;
import org.ddstuner.qos.QosTuner;
import org.ddstuner.qos.TuningOutcome;
import org.ddstuner.remote.Capability;
import org.ddstuner.remote.Operation;
import org.ddstuner.remote.OperationContext;
import org.ddstuner.remote.OperationException;
import org.ddstuner.remote.Protocol;
import org.ddstuner.remote.internal.QosJson;
import org.ddstuner.remote.ops.Args;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * {@code set-endpoint-qos} (capability {@code qos}): changes the QoS of a reader or writer the client created, as the
 * desktop's QoS Tuning view does locally ({@code QosTuner}): a policy the agent's library changes live goes through
 * dds_set_qos, one it changes only by re-creating the entity re-creates it (same key, new GUID), an immutable one is
 * refused with the reason; then the agent waits until its discovery announces the new values.
 *
 * <p>args: {@code key}, {@code qos} (the policies to change, QosJson form), optional {@code waitMillis} (for the
 * announcement, default 5000, at most 10000). Result: {@code outcome} ({@link EndpointJson}: per policy what was
 * applied and what not and why) and {@code endpoint} (as now). Refusals: {@code unknown-entity}, {@code bad-value}.
 */
final class SetEndpointQosOperation implements Operation {

    static final String NAME = "set-endpoint-qos";

    private final EndpointOperations.Served served;

    SetEndpointQosOperation(EndpointOperations.Served served) {
        this.served = served;
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
        ClientEndpoint e = DeleteEndpointOperation.held(context, Args.text(args, "key"));
        JsonNode q = args.get("qos");
        if (q == null || !q.isObject() || q.isEmpty()) {
            throw new OperationException(Protocol.MALFORMED_FRAME, "needs \"qos\": the policies to change");
        }
        Qos change;
        try {
            change = QosJson.decode(q);
        } catch (IllegalArgumentException ex) {
            throw new OperationException(Args.BAD_VALUE, "bad QoS: " + ex.getMessage() + "; nothing changed");
        }
        Duration wait = Duration.ofMillis(Math.clamp(args.path("waitMillis").asLong(5000), 0, 10_000));
        TuningOutcome out;
        synchronized (e) { // one change at a time per endpoint
            out = new QosTuner(served.capabilities(), served.discovery(), wait).apply(e.entity(), change,
                    e.recreator());
        }
        ObjectNode result = JsonNodeFactory.instance.objectNode();
        result.set("outcome", EndpointJson.outcome(out));
        result.set("endpoint", EndpointJson.endpoint(e, served));
        return result;
    }
}
