package org.ddstuner.pother.runs;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;

import org.ddstuner.pother.ThroughputReport;
import org.ddstuner.pother.control.PotherController;
import org.ddstuner.pother.protocol.ErrorReport;
import org.ddstuner.pother.protocol.LatencyPeriodReport;
import org.ddstuner.pother.protocol.PotherReport;
import org.ddstuner.pother.protocol.ResourceUsage;
import org.ddstuner.pother.protocol.Role;
import org.ddstuner.pother.protocol.Target;
import org.ddstuner.pother.protocol.TestDefinition;
import org.ddstuner.pother.protocol.TestQos;
import org.ddstuner.pother.protocol.ThroughputPeriodReport;

/**
 * Runs a {@link RunDefinition} on Pother agents through a {@link PotherController}: the first agent
 * measures (transceiver, or transmitter), the second answers (transponder) — for throughput every further
 * agent receives too (one transmitter fanning out to N receivers). A latency run with background load adds a
 * transmitter on the first and a receiver on the second agent. Each period's reports become
 * {@link ReportSink} calls named {@code "app N"} with that agent's CPU and RSS; error reports become messages
 * (and end the run when they concern its tests). The run lasts {@code duration / period} reports of the
 * measuring test, counted from its first, or until stopped; its tests are then stopped in an order that
 * lets the last samples arrive (transmitter first, receivers after) and removed.
 *
 * <p>The agents must run the {@link #transport()} the definition asks for: they were started with it.
 */
public final class AgentReportSource implements ReportSource {

    /** How long agents may take to show up, and partners to match. */
    public static final Duration AGENT_TIMEOUT = Duration.ofSeconds(30);
    private static final AtomicInteger RUNS = new AtomicInteger();

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
        BlockingQueue<PotherReport> queue = controller.queue(100_000);
        try {
            new Session(d, ids, sink, queue, stop).run();
        } finally {
            controller.removeQueue(queue);
        }
    }

    /** The tests of one run and what has come back from them. */
    private final class Session {
        private final RunDefinition d;
        private final List<Integer> ids;
        private final ReportSink sink;
        private final BlockingQueue<PotherReport> queue;
        private final BooleanSupplier stop;
        private final String base;
        private final List<TestDefinition> tests = new ArrayList<>();
        private final Set<String> names = new HashSet<>();
        private String failure;
        private int measured;
        private long sentTotal = -1;
        private long receivedTotal;
        private final Set<String> lastSeen = new HashSet<>();

        Session(RunDefinition d, List<Integer> ids, ReportSink sink, BlockingQueue<PotherReport> queue, BooleanSupplier stop) {
            this.d = d;
            this.ids = ids;
            this.sink = sink;
            this.queue = queue;
            this.stop = stop;
            // unique per run, so a late report of an earlier run is never taken for this one
            this.base = (d.name().replaceAll("[^A-Za-z0-9_]", "_") + "_" + ProcessHandle.current().pid() + "_"
                    + RUNS.incrementAndGet());
        }

        private TestQos qos() {
            TestQos q = d.kind() == RunDefinition.Kind.LATENCY ? TestQos.latency() : TestQos.throughput();
            return q.withReliability(d.reliable() ? TestQos.RELIABLE : TestQos.BEST_EFFORT);
        }

        private TestDefinition define(TestDefinition t) {
            TestDefinition withPeriod = t.withReportPeriodMillis((int) d.period().toMillis())
                    .withPartnerTimeoutMillis((int) AGENT_TIMEOUT.toMillis());
            tests.add(withPeriod);
            names.add(withPeriod.name());
            controller.send(withPeriod);
            return withPeriod;
        }

        void run() throws Exception {
            int measurer = ids.get(0);
            long wanted = Math.max(1, d.duration().toMillis() / d.period().toMillis());
            try {
                if (d.kind() == RunDefinition.Kind.LATENCY) {
                    String echo = base + "_echo";
                    define(TestDefinition.transponder(Target.app(ids.get(1)), echo).withQos(qos()));
                    if (d.hasLoad()) {
                        String load = base + "_load";
                        define(TestDefinition.receiver(Target.app(ids.get(1)), load + "_rx", load)
                                .withExpectedRate(d.loadRate()));
                        define(TestDefinition.transmitter(Target.app(measurer), load, d.loadSize())
                                .withRate(d.loadRate() / 100, 100));
                    }
                    TestDefinition tx = define(TestDefinition.transceiver(Target.app(measurer), base + "_tx", echo, d.size())
                            .withRate(d.rate(), 1).withQos(qos()));
                    collect(wanted, r -> r instanceof LatencyPeriodReport l && l.name().equals(tx.name()));
                } else {
                    String data = base;
                    for (int i = 1; i < ids.size(); i++) {
                        define(TestDefinition.receiver(Target.app(ids.get(i)), data + "_rx", data)
                                .withQos(qos()).withExpectedRate(d.rate() * d.burst()));
                    }
                    define(TestDefinition.transmitter(Target.app(measurer), data, d.size()).withRate(d.rate(), d.burst())
                            .withQos(qos()));
                    collect(wanted, r -> r instanceof ThroughputPeriodReport t && t.role() == Role.RECEIVER
                            && t.appId() == ids.get(1));
                }
            } finally {
                windDown();
            }
            if (failure != null) {
                throw new IllegalStateException(failure);
            }
        }

        /** Delivers reports until {@code wanted} measuring reports came, a stop is asked for, or a test failed. */
        private void collect(long wanted, Predicate<PotherReport> measuring) throws InterruptedException {
            long deadline = System.nanoTime() + AGENT_TIMEOUT.toNanos() + d.duration().toNanos() * 2;
            while (measured < wanted && failure == null && !stop.getAsBoolean()) {
                if (System.nanoTime() > deadline) {
                    failure = "only " + measured + " of " + wanted + " reports arrived from agent " + ids.get(0)
                            + " in time";
                    return;
                }
                PotherReport r = queue.poll(50, TimeUnit.MILLISECONDS);
                if (r != null) {
                    deliver(r);
                    if (measuring.test(r)) {
                        measured++;
                    }
                }
            }
        }

        private void deliver(PotherReport r) {
            if (!ids.contains(r.appId())) {
                return;
            }
            String agent = agentName(r.appId());
            switch (r) {
                case LatencyPeriodReport l when names.contains(l.name()) -> sink.latency(agent, l.report(), resources(l.usage()));
                case ThroughputPeriodReport t when names.contains(t.name()) -> throughput(agent, t);
                case ErrorReport e when names.contains(e.name()) || e.name().isEmpty() -> {
                    sink.message(agent, e.message());
                    if (!e.name().isEmpty() && failure == null) {
                        failure = "agent " + e.appId() + ": " + e.message();
                    }
                }
                default -> { }
            }
            if (r instanceof LatencyPeriodReport l && l.last()) {
                lastSeen.add(l.name());
            }
            if (r instanceof ThroughputPeriodReport t && t.last()) {
                lastSeen.add(t.appId() + ":" + t.name());
            }
        }

        private void throughput(String agent, ThroughputPeriodReport t) {
            AgentResources res = resources(t.usage());
            if (t.role() == Role.RECEIVER) {
                sink.throughput(agent, new ThroughputReport(t.periodNanos(), t.samples(), t.bytes(), t.lostTotal(),
                        t.outOfOrderTotal(), t.requestedSamplesPerSecond()), res);
                if (t.name().equals(base + "_rx")) {
                    receivedTotal = Math.max(receivedTotal, t.totalSamples());
                }
            } else {
                sink.resources(agent, res);
                if (t.role() == Role.TRANSMITTER && t.name().equals(base) && t.last()) {
                    sentTotal = t.totalSamples();
                }
            }
        }

        /**
         * Stops the sending side first and waits for its last report, gives receivers a moment to take what is
         * still on the way, then removes every test (each sends its last report, delivered too).
         */
        private void windDown() throws InterruptedException {
            for (TestDefinition t : tests) {
                if (t.role() == Role.TRANSMITTER || t.role() == Role.TRANSCEIVER) {
                    controller.remove(t);
                }
            }
            long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
            for (TestDefinition t : tests) {
                if (t.role() == Role.TRANSCEIVER) {
                    drainUntil(end, () -> lastSeen.contains(t.name()));
                } else if (t.role() == Role.TRANSMITTER) {
                    drainUntil(end, () -> lastSeen.contains(t.target().appId() + ":" + t.name()));
                }
            }
            if (d.kind() == RunDefinition.Kind.THROUGHPUT && sentTotal >= 0) {
                // a receiver reports each period; wait (a little) for one that has everything
                drainUntil(System.nanoTime() + d.period().toNanos() * 3 + 500_000_000L,
                        () -> receivedTotal >= sentTotal || !d.reliable());
            }
            for (TestDefinition t : tests) {
                if (t.role() == Role.RECEIVER || t.role() == Role.TRANSPONDER) {
                    controller.remove(t);
                }
            }
            long end2 = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
            for (TestDefinition t : tests) {
                if (t.role() == Role.RECEIVER || t.role() == Role.TRANSPONDER) {
                    drainUntil(end2, () -> lastSeen.contains(t.target().appId() + ":" + t.name()));
                }
            }
        }

        private void drainUntil(long endNanos, BooleanSupplier done) throws InterruptedException {
            while (!done.getAsBoolean() && System.nanoTime() < endNanos) {
                PotherReport r = queue.poll(20, TimeUnit.MILLISECONDS);
                if (r != null) {
                    deliver(r);
                }
            }
        }
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
