package org.ddstuner.agent.ui;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

import org.ddstuner.agent.AgentClient;
import org.ddstuner.agent.AgentEntity;
import org.ddstuner.agent.AgentInfo;
import org.ddstuner.connection.Connection;

/**
 * Tuning the readers and writers of a process the desktop started itself with the agent preloaded and a secret of its
 * choosing (the Benchmarks' agent processes): no secret file to pick, the entities come from the agent's LIST. Blocks
 * (waits for the agent and its replies): call it from a Job.
 */
public final class ProcessTuning {

    private ProcessTuning() {
    }

    /**
     * The readers and writers of process {@code pid} that {@code which} accepts, tunable with {@code secret} (what the
     * process got in {@code DDSTUNER_AGENT_SECRET}) through {@code c}'s agent client.
     *
     * @throws IllegalStateException if the process's agent does not announce itself within {@code wait}
     */
    public static List<ApplicationEntity> endpoints(Connection c, long pid, byte[] secret, Predicate<AgentEntity> which,
            Duration wait) throws InterruptedException {
        return endpoints(c, pid, secret, which, wait, null, null);
    }

    /**
     * As {@link #endpoints(Connection, long, byte[], Predicate, Duration)}, the process named {@code name} in messages
     * (null: its executable's name) and the policies {@code recreation} handles offered by re-creating (null: none).
     */
    public static List<ApplicationEntity> endpoints(Connection c, long pid, byte[] secret, Predicate<AgentEntity> which,
            Duration wait, String name, EndpointRecreation recreation) throws InterruptedException {
        AgentClient client = AgentSessions.client(c);
        AgentInfo agent = client.awaitAgent(pid, wait);
        if (secret != null) {
            AgentSessions.setGivenSecret(agent.agent(), secret);
        }
        List<ApplicationEntity> out = new ArrayList<>();
        for (AgentEntity e : client.list(agent.agent(), ApplicationEntity.REPLY)) {
            if ((e.kind().equals("reader") || e.kind().equals("writer")) && which.test(e)) {
                ApplicationEntity a = AgentSessions.entity(c, agent, e);
                a.startedByTheDesktop();
                a.named(name);
                a.recreatedBy(recreation);
                out.add(a);
            }
        }
        return out;
    }
}
