package org.ddstuner.remote.ops;

import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.ddstuner.agent.AgentClient;
import org.ddstuner.agent.AgentEntity;
import org.ddstuner.agent.AgentInfo;
import org.ddstuner.connection.Connection;
import org.ddstuner.dds.Guid;
import org.ddstuner.remote.OperationException;
import org.ddstuner.remote.internal.Frames;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The agent's side of the live QoS operations: one {@link AgentClient} on the served connection's participant, which
 * talks over DDS on this host to the C tuning agents embedded in applications ({@code libddstuner_agent.so}), as
 * {@code ddstuner qos} does locally. Made when {@code ddstuner serve} starts, so the applications' announcements
 * (transient-local) are in by the first request. One request to the applications at a time.
 */
final class TuningAgents {

    /** How long one application's agent may take to answer one request (as {@code ddstuner qos}). */
    static final Duration REPLY = Duration.ofSeconds(5);

    /** An entity and the agent of the process that owns it. */
    record Found(AgentInfo agent, AgentEntity entity) {
    }

    private final Connection connection;
    private AgentClient client;

    TuningAgents(Connection connection) {
        this.connection = connection;
    }

    synchronized AgentClient client() {
        if (client == null) {
            client = new AgentClient(connection.ownParticipant());
        }
        return client;
    }

    /** The running agents and their entities, each as JSON. */
    synchronized List<ObjectNode> list() throws InterruptedException {
        List<ObjectNode> out = new java.util.ArrayList<>();
        for (AgentInfo a : client().agents()) {
            ObjectNode o = agent(a);
            var entities = o.putArray("entities");
            if ("running".equals(a.state())) {
                for (AgentEntity e : client().list(a.agent(), REPLY)) {
                    entities.add(entity(e, null));
                }
            }
            out.add(o);
        }
        return out;
    }

    /**
     * The entity with that GUID, asking every running agent for its entities until one has it or {@code wait} is
     * over.
     *
     * @throws OperationException {@code unknown-entity}: no agent announced itself, or none knows the GUID
     */
    synchronized Found find(Guid guid, Duration wait) throws OperationException, InterruptedException {
        String id = guid.toString().replace(":", "");
        long end = System.nanoTime() + wait.toNanos();
        Set<String> asked = new HashSet<>();
        List<String> names = new java.util.ArrayList<>();
        do {
            for (AgentInfo a : client().agents()) {
                if (!"running".equals(a.state()) || !asked.add(a.agent())) {
                    continue;
                }
                names.add(a.process() + " (pid " + a.pid() + ")");
                for (AgentEntity e : client().list(a.agent(), REPLY)) {
                    if (e.id().equalsIgnoreCase(id)) {
                        return new Found(a, e);
                    }
                }
            }
            Thread.sleep(100);
        } while (System.nanoTime() < end);
        throw new OperationException(Args.UNKNOWN, names.isEmpty()
                ? "no DDS Tuner tuning agent announced itself to the agent: the process owning " + guid
                        + " must run the tuning agent (libddstuner_agent.so)"
                : "no tuning agent knows entity " + guid + " (asked: " + String.join(", ", names) + ")");
    }

    static ObjectNode agent(AgentInfo a) {
        ObjectNode o = Frames.object();
        o.put("agent", a.agent());
        o.put("pid", a.pid());
        o.put("host", a.host());
        o.put("process", a.process());
        o.put("state", a.state());
        o.put("writable", a.writable());
        return o;
    }

    static ObjectNode entity(AgentEntity e, Map<String, String> qos) {
        ObjectNode o = Frames.object();
        String guid;
        try {
            guid = Guid.parse(e.id()).toString();
        } catch (IllegalArgumentException x) {
            guid = e.id();
        }
        o.put("guid", guid);
        o.put("kind", e.kind());
        o.put("topic", e.topic());
        o.put("type", e.type());
        ObjectNode q = o.putObject("qos");
        (qos != null ? qos : e.qos()).forEach(q::put);
        return o;
    }

    synchronized void close() {
        if (client != null) {
            client.close();
            client = null;
        }
    }
}
