package org.ddstuner.pother.runs;

import java.io.IOException;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

import org.ddstuner.dds.Domain;
import org.ddstuner.pother.control.AgentStatus;
import org.ddstuner.pother.control.PotherController;

/**
 * Runs on agent <em>processes</em> on this machine, started on demand over the transport a run asks for
 * (see {@link LocalAgents}) and kept for the next run over the same transport; a run over another transport
 * stops them and starts new ones. Unlike {@link LocalPairRunner}, samples cross a real Cyclone transport
 * between processes, so transports can be compared.
 *
 * <p>UDP agents join {@code udpDomain} with {@code udpConfig}, driven by the caller's controller on that
 * domain (so they are seen like any other agent). TCP and shared memory need another configuration in this
 * process too; Cyclone allows one configuration per domain id per process, so those agents use domain
 * {@code udpDomain + 1} ({@code + 2} for shared memory) with a controller of their own.
 */
public final class LocalAgentsSource implements ReportSource, AutoCloseable {

    public static final String NAME = "local agents";

    /** The agents' source of the step running now, or null: what {@link #redefine} changes. */
    private volatile AgentReportSource running;

    private final AgentLauncher launcher;
    private final PotherController udpController;
    private final int udpDomain;
    private final String udpConfig;
    private final Consumer<String> log;
    private int count = 2;
    private int firstAppId = 101;
    private volatile LocalAgents agents; // written under this lock; read without (views poll it)
    private Domain ownDomain;
    private volatile PotherController ownController;

    /**
     * @param udpController a controller on {@code udpDomain} opened with {@code udpConfig}
     * @param log           gets the agents' output lines (null = nowhere)
     */
    public LocalAgentsSource(AgentLauncher launcher, PotherController udpController, int udpDomain, String udpConfig,
            Consumer<String> log) {
        this.launcher = launcher;
        this.udpController = udpController;
        this.udpDomain = udpDomain;
        this.udpConfig = udpConfig;
        this.log = log == null ? s -> { } : log;
    }

    @Override
    public String name() {
        return NAME;
    }

    /** How many agents the next start makes (at least 2) and the app id of the first. */
    public synchronized void setAgents(int agentCount, int firstId) {
        if (agentCount < 2) {
            throw new IllegalArgumentException("a run needs at least two agents, not " + agentCount);
        }
        this.count = agentCount;
        this.firstAppId = firstId;
    }

    public static int domainFor(int udpDomain, RunDefinition.Transport t) {
        return udpDomain + t.ordinal();
    }

    @Override
    public String unsupported(RunDefinition d) {
        if (d.transport() == RunDefinition.Transport.SHM && !Transports.sharedMemory().available()) {
            return "Shared memory is not available: " + Transports.sharedMemory().reason() + ".";
        }
        // rather than measure UDP under a shared-memory label
        return Transports.shmRefusal(d);
    }

    /** The agents running now, or null (never blocks, even while agents start). */
    public LocalAgents agents() {
        return agents;
    }

    /** The controller that reaches agents of {@code t} (only meaningful while they run; never blocks). */
    public PotherController controller(RunDefinition.Transport t) {
        return t == RunDefinition.Transport.UDP ? udpController : ownController;
    }

    /** Starts agents over {@code t} unless they already run over it; returns them. Blocks for seconds. */
    public synchronized LocalAgents ensure(RunDefinition.Transport t) throws IOException {
        return ensure(t, count);
    }

    /**
     * Starts agents over {@code t} (at least {@code needed}, at least the count set) unless enough already run
     * over it; returns them. Blocks for seconds.
     */
    public synchronized LocalAgents ensure(RunDefinition.Transport t, int needed) throws IOException {
        if (agents != null && agents.transport() == t && agents.alive() && agents.appIds().size() >= needed) {
            return agents;
        }
        stopAgents();
        int domain = domainFor(udpDomain, t);
        LocalAgents started = LocalAgents.start(launcher, domain, t, udpConfig, Math.max(count, needed), firstAppId,
                "local", log);
        if (t != RunDefinition.Transport.UDP) {
            try {
                ownDomain = Domain.create(domain, started.controllerConfig());
                ownController = PotherController.open(ownDomain);
            } catch (RuntimeException e) {
                started.close();
                closeOwn();
                throw e;
            }
        }
        agents = started;
        return started;
    }

    /** Stops the agent processes (and this process's controller for them). */
    public synchronized void stopAgents() {
        if (agents != null) {
            agents.close();
            agents = null;
        }
        closeOwn();
    }

    private void closeOwn() {
        if (ownController != null) {
            ownController.close();
            ownController = null;
        }
        if (ownDomain != null) {
            ownDomain.close();
            ownDomain = null;
        }
    }

    @Override
    public void run(RunDefinition d, ReportSink sink, BooleanSupplier stop) throws Exception {
        LocalAgents la;
        PotherController c;
        synchronized (this) {
            LocalAgents before = agents;
            la = ensure(d.transport(), d.agentsNeeded());
            boolean fresh = la != before;
            c = controller(d.transport());
            if (fresh) {
                sink.message(NAME, "started agent processes " + describe(la) + " over " + d.transport() + " on domain "
                        + la.domainId());
            }
        }
        awaitAnnounced(c, la);
        boolean pair = d.kind() == RunDefinition.Kind.LATENCY || d.kind() == RunDefinition.Kind.THROUGHPUT;
        // a throughput pair fans out to every further agent; the other kinds use as many agents as they need
        List<Integer> ids = pair ? la.appIds() : la.appIds().subList(0, d.agentsNeeded());
        AgentReportSource source = AgentReportSource.of(c, d.transport(), ids);
        running = source;
        try {
            source.run(d, sink, stop);
        } finally {
            running = null;
        }
    }

    @Override
    public String redefine(RunDefinition next) {
        AgentReportSource s = running;
        return s == null ? "no test of the local agents is measuring" : s.redefine(next);
    }

    /**
     * Waits (at most {@link AgentReportSource#AGENT_TIMEOUT}) until each of {@code la}'s processes announced itself
     * live: agents started anew reuse the app ids of the ones just stopped, whose announcements ("running", then
     * "stopped") may still be what the controller knows of those ids, so a run must not start on them.
     */
    private static void awaitAnnounced(PotherController c, LocalAgents la) throws InterruptedException {
        long end = System.nanoTime() + AgentReportSource.AGENT_TIMEOUT.toNanos();
        while (System.nanoTime() - end < 0 && !la.agents().stream().allMatch(a -> {
            AgentStatus s = c.status(a.appId());
            return s != null && s.live() && s.announcement().pid() == a.pid();
        })) {
            Thread.sleep(50);
        }
    }

    static String describe(LocalAgents la) {
        List<String> parts = la.agents().stream().map(a -> a.appId() + " (pid " + a.pid() + ")").toList();
        return String.join(", ", parts);
    }

    @Override
    public void close() {
        stopAgents();
    }
}
