package org.ddstuner.qos.remote;

import org.ddstuner.json.StrictJson;
import org.ddstuner.remote.Capability;
import org.ddstuner.remote.Operation;
import org.ddstuner.remote.OperationContext;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * {@code qos-caps} (read-only): the capability table of the agent's libddsc ({@code QosCapabilities}, in the form
 * {@code ddstuner qos caps --json} prints), which may differ from the client's: how each policy can change there, for
 * the client's own endpoints on the agent (own) and for the applications' (remote). Probed on the first request.
 */
final class QosCapsOperation implements Operation {

    static final String NAME = "qos-caps";

    private final EndpointOperations.Served served;

    QosCapsOperation(EndpointOperations.Served served) {
        this.served = served;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Capability needs() {
        return null;
    }

    @Override
    public JsonNode run(OperationContext context, JsonNode args) {
        return StrictJson.parse(served.capabilities().toJson());
    }
}
