package org.ddstuner.pother.runs;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.function.BooleanSupplier;

import org.ddstuner.pother.control.PotherController;
import org.ddstuner.pother.protocol.PotherReport;
import org.ddstuner.pother.protocol.ResourceUsage;

/**
 * Runs a {@link RunDefinition} on Pother agents through a {@link PotherController}: the first agent
 * measures (transceiver, or transmitter), the second answers (transponder) — for throughput every further
 * agent receives too (one transmitter fanning out to N receivers). A relay pipeline puts the source
 * transmitter on the first agent, the relay on the second and the sink receiver on the third (reports named
 * "app N source (stage 0)", "app N relay (stage 1)", "app N sink (stage 2)", "app N write" for each writer's time inside dds_write and
 * "app N end-to-end"); a fan-in puts the receiver on the first agent and one transmitter on each of the next
 * {@code senders} ("app N total" and "app N ← app M" per sender). A latency run with background load adds a
 * transmitter on the first and a receiver on the second agent. Each period's reports become
 * {@link ReportSink} calls named {@code "app N"} with that agent's CPU and RSS; error reports become messages
 * (and end the run when they concern its tests). The run lasts {@code duration / period} reports of the
 * measuring test, counted from its first (a transceiver's from its first ping: a transponder that never matches
 * ends the run FAILED by the agent's partner timeout), or until stopped; its tests are then stopped in an order that
 * lets the last samples arrive (senders stopped first, receivers removed once they have everything, senders
 * removed last). This class finds the agents and checks the run fits them; {@link AgentSession} runs the tests,
 * {@link DiscoveryBenchmark} the discovery benchmark.
 *
 * <p>The agents must run the {@link #transport()} the definition asks for: they were started with it.
 */
public final class AgentReportSource implements ReportSource {

    /** How long agents may take to show up, and partners to match. */
    public static final Duration AGENT_TIMEOUT = Duration.ofSeconds(30);

    /** The session measuring now, or null: what {@link #redefine} changes. */
    private volatile AgentSession running;

    private final PotherController controller;
    private final RunDefinition.Transport transport;
    private final List<Integer> appIds;
    private final String group;

    private AgentReportSource(PotherController controller, RunDefinition.Transport transport, List<Integer> appIds,
            String group) {
        this.controller = controller;
        this.transport = transport;
        this.appIds = appIds;
        this.group = group;
    }

    /** On the agents {@code appIds} (at least two; the first measures). */
    public static AgentReportSource of(PotherController controller, RunDefinition.Transport transport,
            List<Integer> appIds) {
        if (appIds == null || appIds.size() < 2) {
            throw new IllegalArgumentException("a run needs at least two agents (one measures, one answers), not "
                    + appIds);
        }
        if (new HashSet<>(appIds).size() != appIds.size()) {
            throw new IllegalArgumentException("each agent can take one side only: " + appIds);
        }
        return new AgentReportSource(controller, transport, List.copyOf(appIds), null);
    }

    /** On the running agents of {@code group} as found when a run starts, in app-id order (the lowest measures). */
    public static AgentReportSource ofGroup(PotherController controller, RunDefinition.Transport transport, String group) {
        return new AgentReportSource(controller, transport, List.of(), group == null ? "" : group);
    }

    @Override
    public String name() {
        return group != null ? "agents of group " + (group.isEmpty() ? "(none)" : group) : "agents " + appIds;
    }

    public RunDefinition.Transport transport() {
        return transport;
    }

    /** The name an agent's reports carry in the run. */
    public static String agentName(int appId) {
        return "app " + appId;
    }

    @Override
    public String unsupported(RunDefinition d) {
        if (d.transport() != transport) {
            return "These agents run over " + transport + ", not " + d.transport()
                    + "; start agents with that transport to measure it.";
        }
        return null;
    }

    private List<Integer> resolveAgents() {
        if (group == null) {
            if (!controller.awaitAgents(AGENT_TIMEOUT, appIds.stream().mapToInt(Integer::intValue).toArray())) {
                throw new IllegalStateException("agent(s) " + missing(appIds) + " did not announce themselves as running "
                        + "within " + AGENT_TIMEOUT.toSeconds() + " s; agents seen: " + controller.agents().keySet());
            }
            return appIds;
        }
        long end = System.nanoTime() + AGENT_TIMEOUT.toNanos();
        List<Integer> ids = new ArrayList<>(controller.group(group));
        while (ids.size() < 2 && System.nanoTime() < end) {
            sleep(200);
            ids = new ArrayList<>(controller.group(group));
        }
        if (ids.size() < 2) {
            throw new IllegalStateException("group '" + group + "' has " + ids.size() + " running agent(s) " + ids
                    + "; a run needs two");
        }
        return ids;
    }

    private List<Integer> missing(List<Integer> ids) {
        var known = controller.agents();
        return ids.stream().filter(id -> known.get(id) == null || !known.get(id).running()).toList();
    }

    @Override
    public void run(RunDefinition d, ReportSink sink, BooleanSupplier stop) throws Exception {
        String why = unsupported(d);
        if (why != null) {
            throw new UnsupportedOperationException(why);
        }
        List<Integer> ids = resolveAgents();
        if (ids.size() < d.agentsNeeded()) {
            throw new IllegalStateException(d.label() + " needs " + d.agentsNeeded() + " agents (one per stage or sender), "
                    + "not the " + ids.size() + " given: " + ids);
        }
        if (d.kind() == RunDefinition.Kind.RELAY || d.kind() == RunDefinition.Kind.FAN_IN) {
            ids = ids.subList(0, d.agentsNeeded());
        }
        BlockingQueue<PotherReport> queue = controller.queue(100_000);
        try {
            if (d.kind() == RunDefinition.Kind.DISCOVERY) {
                new DiscoveryBenchmark(controller, d, ids, sink, queue, stop).run();
                return;
            }
            AgentSession session = new AgentSession(controller, d, ids, sink, queue, stop);
            running = session;
            try {
                session.run();
            } finally {
                running = null;
            }
        } finally {
            controller.removeQueue(queue);
        }
    }

    @Override
    public String redefine(RunDefinition next) {
        AgentSession s = running;
        return s == null ? "no test of this source is measuring" : s.offer(next);
    }

    static AgentResources resources(ResourceUsage u) {
        return u == null || u.rssBytes() == 0 ? null : new AgentResources(u.cpuUserPercent(), u.cpuSysPercent(), u.rssBytes());
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
