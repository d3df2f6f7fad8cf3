package org.ddstuner.remote.ops;

import org.ddstuner.remote.Capability;
import org.ddstuner.remote.Operation;
import org.ddstuner.remote.OperationContext;
import org.ddstuner.remote.OperationException;
import org.ddstuner.remote.internal.Frames;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * {@code list-qos} (read-only): the applications on the agent's host that run the tuning agent, each with its
 * entities and their QoS in force (the Application Tuning view's list). args: none. Result: {@code agents} — each
 * {@code agent, pid, host, process, state, writable, entities} (each {@code guid, kind, topic, type, qos}).
 */
public final class QosListOperation implements Operation {

    public static final String NAME = "list-qos";

    private final TuningAgents agents;

    QosListOperation(TuningAgents agents) {
        this.agents = agents;
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
    public JsonNode run(OperationContext context, JsonNode args) throws OperationException {
        ObjectNode r = Frames.object();
        ArrayNode a = r.putArray("agents");
        try {
            agents.list().forEach(a::add);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new OperationException("failed", "interrupted");
        }
        return r;
    }
}
