package org.ddstuner.remote.ops;

import java.time.Duration;

import org.ddstuner.agent.AgentReply;
import org.ddstuner.remote.Capability;
import org.ddstuner.remote.Operation;
import org.ddstuner.remote.OperationContext;
import org.ddstuner.remote.OperationException;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * {@code get-qos} (read-only): the QoS in force on one entity of an application that runs the tuning agent, as that
 * agent says ({@code ddstuner qos show}). args: {@code guid}, optional {@code waitMillis} (for the applications'
 * agents to be found, default 3000, at most 10000). Result: {@code guid, kind, topic, type, process} ({@code agent,
 * pid, host, process, state, writable}) and {@code qos} (policy → the agent's text). Refusals: {@code unknown-entity},
 * {@code qos-refused} (the application's agent refused, with its result code).
 */
public final class QosGetOperation implements Operation {

    public static final String NAME = "get-qos";

    private final TuningAgents agents;

    QosGetOperation(TuningAgents agents) {
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
        var guid = Args.guid("guid", Args.text(args, "guid"));
        long wait = Math.clamp(args.path("waitMillis").asLong(3000), 0, 10_000);
        try {
            TuningAgents.Found f = agents.find(guid, Duration.ofMillis(wait));
            AgentReply r = agents.client().getQos(f.agent().agent(), f.entity().id(), TuningAgents.REPLY);
            if (!r.ok()) {
                throw new OperationException(QosSetOperation.REFUSED, "the tuning agent of " + f.agent().process()
                        + " refused: " + r.result() + " " + r.message());
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
