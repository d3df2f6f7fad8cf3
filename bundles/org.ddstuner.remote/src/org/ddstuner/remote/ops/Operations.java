package org.ddstuner.remote.ops;

import java.util.List;

import org.ddstuner.connection.Connection;
import org.ddstuner.remote.Operation;

/** The operations of this package, as {@code ddstuner serve} registers them (one line each in ServeCli). */
public final class Operations {

    private Operations() {
    }

    /** Type information (read-only) and sample writes, as JSON and serialized (capability write). */
    public static List<Operation> samples() {
        return List.of(new TypeInfoOperation(), new WriteSampleOperation(), new WriteRawOperation());
    }

    /**
     * Live QoS of applications on the agent's host that run the tuning agent: list-qos, get-qos (read-only) and
     * set-qos (capability qos), and the statistics they publish (agent-stats, read-only), talking to them over
     * {@code connection}'s participant.
     */
    public static List<Operation> qos(Connection connection) {
        TuningAgents agents = new TuningAgents(connection);
        agents.client(); // now: the applications' announcements are in by the first request
        return List.of(new QosListOperation(agents), new QosGetOperation(agents), new QosSetOperation(agents),
                new AgentStatsOperation(agents));
    }
}
