package org.ddstuner.pother.runs;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;

import org.ddstuner.pother.LatencyColumn;
import org.ddstuner.pother.ThroughputReport;
import org.ddstuner.pother.control.PotherController;
import org.ddstuner.pother.protocol.DiscoveryReport;
import org.ddstuner.pother.protocol.ErrorReport;
import org.ddstuner.pother.protocol.LatencyPeriodReport;
import org.ddstuner.pother.protocol.PotherReport;
import org.ddstuner.pother.protocol.Role;
import org.ddstuner.pother.protocol.SenderPeriodReport;
import org.ddstuner.pother.protocol.Target;
import org.ddstuner.pother.protocol.TestDefinition;
import org.ddstuner.pother.protocol.TestState;
import org.ddstuner.pother.protocol.ThroughputPeriodReport;

/**
 * One run of an {@link AgentReportSource} on its agents (everything but the discovery benchmark): defines the
 * run's tests over the command topics, waits until they have discovered each other, starts the senders, turns
 * the reports that come back into {@link ReportSink} calls until the measuring test reported the periods the run
 * lasts (or a stop, or an error), and winds the tests down so that the last samples are counted.
 */
final class AgentSession {

    private static final AtomicInteger RUNS = new AtomicInteger();
    private static final Duration AGENT_TIMEOUT = AgentReportSource.AGENT_TIMEOUT;

    private final PotherController controller;
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
    private String transceiverName = "";
    private boolean pinging; // the transceiver has sent a ping: its transponder matched
    private final Map<String, Long> sentTotals = new HashMap<>(); // "app:name" of transmitters: total at their last report
    private final Map<String, Long> receivedTotals = new HashMap<>(); // "app:name" of receivers and relays
    private final Set<String> lastSeen = new HashSet<>(); // also "app:name" of failed tests: nothing more comes
    private final Set<String> failedTests = new HashSet<>(); // "app:name": the agent dropped them after an error
    private final Set<String> matched = new HashSet<>(); // "app:name" of tests that reported their discovery
    private final Set<String> started = new HashSet<>(); // "app:name" of senders that run: only they send a last report
    private final Map<String, Long> senderLost = new HashMap<>(); // "app:name:sender" of fan-in senders: lost so far
    /** A change asked for while the run measures ({@link #offer}), applied by the run's own thread. */
    private final AtomicReference<RunDefinition> pending = new AtomicReference<>();
    /** "app:name" of senders rebuilt by {@link #redefine}: their next last report ends the old test, not the run's. */
    private final Set<String> superseded = new HashSet<>();
    private final AgentWatch watch;

    AgentSession(PotherController controller, RunDefinition d, List<Integer> ids, ReportSink sink,
            BlockingQueue<PotherReport> queue, BooleanSupplier stop) {
        this.controller = controller;
        this.d = d;
        this.ids = ids;
        this.sink = sink;
        this.queue = queue;
        this.stop = stop;
        this.watch = new AgentWatch(controller, ids, sink, d.period());
        // unique per run, so a late report of an earlier run is never taken for this one
        this.base = (d.name().replaceAll("[^A-Za-z0-9_]", "_") + "_" + ProcessHandle.current().pid() + "_"
                + RUNS.incrementAndGet());
    }

    private TestDefinition define(TestDefinition t) {
        TestDefinition withPeriod = t.withReportPeriodMillis((int) d.period().toMillis())
                .withPartnerTimeoutMillis((int) AGENT_TIMEOUT.toMillis());
        tests.add(withPeriod);
        names.add(withPeriod.name());
        if (withPeriod.state() != TestState.STOPPED) {
            started.add(key(withPeriod));
        }
        controller.send(withPeriod);
        return withPeriod;
    }

    void run() throws Exception {
        if (stop.getAsBoolean()) {
            return; // stopped while the agents started: define nothing
        }
        int measurer = ids.get(0);
        long wanted = Math.max(1, d.duration().toMillis() / d.period().toMillis());
        try {
            switch (d.kind()) {
                case LATENCY -> {
                    String echo = base + "_echo";
                    define(TestDefinition.transponder(Target.app(ids.get(1)), echo).withQos(d.testQos()));
                    if (d.hasLoad()) {
                        String load = base + "_load";
                        define(TestDefinition.receiver(Target.app(ids.get(1)), load + "_rx", load)
                                .withExpectedRate(d.loadRate()));
                        define(TestDefinition.transmitter(Target.app(measurer), load, d.loadSize())
                                .withRate(d.loadRate() / 100, 100));
                    }
                    TestDefinition tx = define(TestDefinition.transceiver(Target.app(measurer), base + "_tx", echo,
                            d.size()).withRate(d.rate(), 1).withQos(d.testQos()));
                    transceiverName = tx.name();
                    // periods count from the first ping: before it the transponder has not matched, and a
                    // transponder that never does must end the run by the agent's partner timeout, not finish it
                    collect(wanted, r -> r instanceof LatencyPeriodReport l && l.name().equals(tx.name()) && pinging);
                }
                case THROUGHPUT -> {
                    List<TestDefinition> rx = new ArrayList<>();
                    for (int i = 1; i < ids.size(); i++) {
                        rx.add(define(receiver(ids.get(i), base, 1)));
                    }
                    TestDefinition tx = define(transmitter(measurer));
                    measure(wanted, List.of(tx), rx, ids.get(1));
                }
                case RELAY -> {
                    String relay = base + "_relay";
                    TestDefinition sinkRx = define(TestDefinition.receiver(Target.app(ids.get(2)), base + "_rx", relay)
                            .withQos(d.testQos()).withExpectedRate(d.rate() * d.burst()));
                    TestDefinition stage = define(TestDefinition.relay(Target.app(ids.get(1)), relay, base)
                            .withQos(d.testQos()));
                    TestDefinition tx = define(transmitter(measurer));
                    measure(wanted, List.of(tx), List.of(stage, sinkRx), ids.get(2));
                }
                case FAN_IN -> {
                    TestDefinition rx = define(receiver(measurer, base, d.senders()));
                    List<TestDefinition> txs = new ArrayList<>();
                    for (int i = 1; i <= d.senders(); i++) {
                        txs.add(define(transmitter(ids.get(i))));
                    }
                    measure(wanted, txs, List.of(rx), measurer);
                }
            }
        } finally {
            windDown();
        }
        if (failure != null) {
            throw new IllegalStateException(failure);
        }
    }

    private TestDefinition receiver(int app, String data, int senders) {
        return TestDefinition.receiver(Target.app(app), data + "_rx", data).withQos(d.testQos())
                .withExpectedRate(d.rate() * d.burst() * senders);
    }

    /** A transmitter of the run's data topic, created stopped: {@link #measure} starts it once all have matched. */
    private TestDefinition transmitter(int app) {
        return TestDefinition.transmitter(Target.app(app), base, d.size()).withRate(d.rate(), d.burst())
                .withQos(d.testQos()).withState(TestState.STOPPED);
    }

    /**
     * Waits until the transmitters and every receiving test (receivers, relays) report their match, starts the
     * transmitters and delivers reports until {@code wanted} periods of the receiver on {@code measuringApp} came.
     */
    private void measure(long wanted, List<TestDefinition> txs, List<TestDefinition> receiving, int measuringApp)
            throws InterruptedException {
        List<TestDefinition> all = new ArrayList<>(txs);
        all.addAll(receiving);
        awaitDiscovery(all);
        if (failure == null && !stop.getAsBoolean()) {
            txs.forEach(t -> {
                started.add(key(t));
                controller.start(t);
            });
        }
        collect(wanted, r -> r instanceof ThroughputPeriodReport t && t.role() == Role.RECEIVER
                && t.appId() == measuringApp);
    }

    /**
     * Waits until every test in {@code tests} reports its match (a transmitter its writer's, a receiver or relay
     * its reader's), so no sample goes out before the receivers can get it: a transmitter sends whether or not
     * anyone listens, and what it sends before the match never arrives.
     */
    private void awaitDiscovery(List<TestDefinition> tests) throws InterruptedException {
        long end = System.nanoTime() + AGENT_TIMEOUT.toNanos();
        BooleanSupplier all = () -> failure != null || tests.stream().allMatch(t -> matched.contains(key(t)));
        drainUntil(end, () -> all.getAsBoolean() || stop.getAsBoolean()); // a Stop while agents discover: wind down now
        if (!all.getAsBoolean() && failure == null && !stop.getAsBoolean()) {
            failure = "test(s) " + tests.stream().filter(t -> !matched.contains(key(t))).map(t -> t.role().wireName()
                    + " " + t.name() + " on agent " + t.target().appId()).toList() + " did not discover their partners within "
                    + AGENT_TIMEOUT.toSeconds() + " s";
        }
    }

    private static String key(TestDefinition t) {
        return t.target().appId() + ":" + t.name();
    }

    /** Delivers reports until {@code wanted} measuring reports came, a stop is asked for, or a test failed. */
    private void collect(long wanted, Predicate<PotherReport> measuring) throws InterruptedException {
        long deadline = System.nanoTime() + AGENT_TIMEOUT.toNanos() + d.duration().toNanos() * 2;
        while (measured < wanted && failure == null && !stop.getAsBoolean()) {
            watchAgents();
            if (failure != null) {
                return;
            }
            if (System.nanoTime() > deadline) {
                failure = "only " + measured + " of " + wanted + " reports arrived from agent " + ids.get(0)
                        + " in time";
                return;
            }
            RunDefinition next = pending.getAndSet(null);
            if (next != null) {
                redefine(next);
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

    /**
     * Asks the running tests to take {@code next}'s size, rate and QoS (the agents rebuild a test whose definition
     * changes while it runs); applied by the run's thread while it measures. Returns why not, or null if taken.
     * Round trips and throughput pairs only: their tests map one to one onto the new values.
     */
    String offer(RunDefinition next) {
        if (next.kind() != d.kind() || (d.kind() != RunDefinition.Kind.LATENCY && d.kind() != RunDefinition.Kind.THROUGHPUT)) {
            return "only a running round trip or throughput test can be changed, and only to the same kind";
        }
        if (next.transport() != d.transport()) {
            return "the transport cannot change while the test runs";
        }
        pending.set(next);
        return null;
    }

    /** Sends each test whose definition {@code next} changes again; the background load stays as it is. */
    private void redefine(RunDefinition next) {
        int changed = 0;
        for (int i = 0; i < tests.size(); i++) {
            TestDefinition t = tests.get(i);
            if (t.name().startsWith(base + "_load")) {
                continue;
            }
            TestDefinition n = switch (t.role()) {
                case TRANSCEIVER -> t.withSize(next.size()).withRate(next.rate(), 1).withQos(next.testQos());
                case TRANSMITTER -> t.withSize(next.size()).withRate(next.rate(), next.burst()).withQos(next.testQos());
                // a receiver is rebuilt only for a new QoS (it would lose what is on its way), then for the new rate too
                case RECEIVER -> t.withQos(next.testQos()).equals(t) ? t
                        : t.withQos(next.testQos()).withExpectedRate(next.rate() * next.burst());
                default -> t.withQos(next.testQos());
            };
            if (!n.equals(t)) {
                tests.set(i, n);
                if (started.contains(key(n)) && isSender(n)) {
                    superseded.add(key(n));
                }
                controller.send(started.contains(key(n)) ? n.withState(TestState.RUNNING) : n);
                changed++;
            }
        }
        sink.message(AgentReportSource.agentName(ids.get(0)), changed == 0 ? "nothing to change: " + next.label()
                : "changed while running (" + changed + " test(s) rebuilt): " + next.label());
    }

    private void deliver(PotherReport r) {
        if (!ids.contains(r.appId())) {
            return;
        }
        String agent = AgentReportSource.agentName(r.appId());
        switch (r) {
            case LatencyPeriodReport l when names.contains(l.name()) -> latency(agent, l);
            case ThroughputPeriodReport t when names.contains(t.name()) -> throughput(agent, t);
            case SenderPeriodReport p when names.contains(p.name()) && d.kind() == RunDefinition.Kind.FAN_IN ->
                sink.throughput(agent + " ← " + AgentReportSource.agentName(p.sender()), senderReport(p), null);
            case ErrorReport e when names.contains(e.name()) || e.name().isEmpty() -> {
                sink.message(agent, e.message());
                if (!e.name().isEmpty()) {
                    lastSeen.add(e.appId() + ":" + e.name()); // a failed test is gone: no last report to wait for
                    failedTests.add(e.appId() + ":" + e.name());
                    lastSeen.add(e.name());
                }
                if (!e.name().isEmpty() && failure == null) {
                    failure = "agent " + e.appId() + ": " + e.message();
                }
            }
            default -> { }
        }
        if (r instanceof DiscoveryReport m && names.contains(m.name())) {
            matched.add(m.appId() + ":" + m.name());
        }
        if (r instanceof LatencyPeriodReport l && l.last() && !superseded.remove(l.appId() + ":" + l.name())) {
            lastSeen.add(l.name());
        }
        if (r instanceof ThroughputPeriodReport t && t.last() && !superseded.remove(t.appId() + ":" + t.name())) {
            lastSeen.add(t.appId() + ":" + t.name());
        }
    }

    /**
     * The transceiver's periods as they are; in pipelines also each writer's time inside {@code dds_write}
     * ("app N write") and each receiver's send → arrival ("app N end-to-end" behind a relay, else "one-way").
     */
    private void latency(String agent, LatencyPeriodReport l) {
        if (l.name().equals(transceiverName)) {
            pinging |= l.report().sent() > 0;
            if (pinging) { // the periods waiting for the transponder measured nothing
                sink.latency(agent, l.report(), AgentReportSource.resources(l.usage()));
            }
        } else if (d.kind() != RunDefinition.Kind.LATENCY) {
            String what = l.report().column(LatencyColumn.SEND) != null ? " write"
                    : d.kind() == RunDefinition.Kind.RELAY ? " end-to-end" : " one-way";
            sink.latency(agent + what, l.report(), null);
        }
    }

    /** One sender's part of a fan-in period, its theoretical rate from its own sequence numbers. */
    private ThroughputReport senderReport(SenderPeriodReport p) {
        String key = p.appId() + ":" + p.name() + ":" + p.sender();
        long newlyLost = p.lostTotal() - senderLost.getOrDefault(key, 0L);
        senderLost.put(key, p.lostTotal());
        return new ThroughputReport(p.periodNanos(), p.samples(), p.bytes(), p.lostTotal(), p.outOfOrderTotal(),
                ThroughputReport.bySequence(p.samples(), newlyLost, p.periodNanos()), d.rate() * d.burst());
    }

    /** Name suffix of a relay pipeline's source in the run's throughput reports ("app N source (stage 0)"). */
    static final String SOURCE_STAGE = " source (stage 0)";

    private void throughput(String agent, ThroughputPeriodReport t) {
        AgentResources res = AgentReportSource.resources(t.usage());
        String key = t.appId() + ":" + t.name();
        if (t.role() == Role.RECEIVER || t.role() == Role.RELAY) {
            // theoretical as the receiver reported it (from its sequence numbers), requested as it was asked
            ThroughputReport report = new ThroughputReport(t.periodNanos(), t.samples(), t.bytes(), t.lostTotal(),
                    t.outOfOrderTotal(), t.sequenceSamplesPerSecond(), t.requestedSamplesPerSecond());
            String label = switch (d.kind()) {
                case RELAY -> agent + (t.role() == Role.RELAY ? " relay (stage 1)" : " sink (stage 2)");
                case FAN_IN -> agent + " total";
                default -> agent;
            };
            sink.throughput(label, report, label.equals(agent) ? res : null);
            if (!label.equals(agent)) {
                sink.resources(agent, res); // CPU and RSS by process, not by stage
            }
            if (!t.name().endsWith("_load_rx")) {
                receivedTotals.merge(key, t.totalSamples(), Math::max);
            }
        } else {
            if (d.kind() == RunDefinition.Kind.RELAY && t.role() == Role.TRANSMITTER && t.name().equals(base)) {
                // the pipeline's first stage: what the source wrote, beside what the relay and the sink received
                // (no sequence numbers to check on the sending side: no theoretical rate, nothing lost)
                sink.throughput(agent + SOURCE_STAGE, new ThroughputReport(t.periodNanos(), t.samples(), t.bytes(), 0, 0,
                        Double.NaN, t.requestedSamplesPerSecond()), null);
            }
            sink.resources(agent, res);
            if (t.role() == Role.TRANSMITTER && t.name().equals(base) && t.last() && !superseded.contains(key)) {
                sentTotals.put(key, t.totalSamples());
            }
        }
    }

    /**
     * Ends the run so that the last samples are counted: stops the sending side (it keeps its entities, so a
     * reliable writer goes on repairing what its readers miss) and waits for its last report, waits until
     * the receivers and relays have everything that was sent (reliable) or their counts stand still, removes
     * the receivers and waits for their last reports, then the relays, and only then removes the senders.
     * Removing a writer at once would drop what it still had to resend once Cyclone's linger time (1 s) is
     * over, and a receiver removed while samples are on their way would never count them.
     */
    private void windDown() throws InterruptedException {
        for (TestDefinition t : tests) {
            if (isSender(t) && !failedTests.contains(key(t))) { // a stop for a failed test would define it anew
                controller.stop(t);
            }
        }
        long end = System.nanoTime() + AGENT_TIMEOUT.toNanos();
        for (TestDefinition t : tests) {
            if (!started.contains(key(t))) {
                continue; // stopped before it started (a Stop during discovery): no last report comes
            }
            if (t.role() == Role.TRANSCEIVER) {
                drainUntil(end, () -> lastSeen.contains(t.name()) || watch.down(t.target().appId()));
            } else if (t.role() == Role.TRANSMITTER) {
                drainUntil(end, () -> lastSeen.contains(key(t)) || watch.down(t.target().appId()));
            }
        }
        long transmitters = tests.stream().filter(t -> t.role() == Role.TRANSMITTER && t.name().equals(base)).count();
        if (failure == null && d.kind() != RunDefinition.Kind.LATENCY && transmitters > 0
                && sentTotals.size() == transmitters) {
            awaitReceivers();
        }
        removeAndAwait(t -> t.role() == Role.RECEIVER || t.role() == Role.TRANSPONDER);
        removeAndAwait(t -> t.role() == Role.RELAY);
        for (TestDefinition t : tests) {
            if (isSender(t)) {
                controller.remove(t);
            }
        }
    }

    private void removeAndAwait(Predicate<TestDefinition> which) throws InterruptedException {
        List<TestDefinition> chosen = tests.stream().filter(which).toList();
        chosen.forEach(controller::remove);
        long end = System.nanoTime() + AGENT_TIMEOUT.toNanos();
        for (TestDefinition t : chosen) {
            drainUntil(end, () -> lastSeen.contains(key(t)) || watch.down(t.target().appId())); // a dead agent sends none
        }
    }

    private static boolean isSender(TestDefinition t) {
        return t.role() == Role.TRANSMITTER || t.role() == Role.TRANSCEIVER;
    }

    /**
     * Receivers and relays report each period: waits for reports that have every sample sent by all
     * transmitters (reliable, keep all; a busy machine may take seconds to repair the tail), or, best effort or
     * keep last, until no count grew for three periods.
     */
    private void awaitReceivers() throws InterruptedException {
        long receiving = tests.stream().filter(t -> (t.role() == Role.RECEIVER || t.role() == Role.RELAY)
                && !t.name().endsWith("_load_rx")).count();
        long sent = sentTotals.values().stream().mapToLong(Long::longValue).sum();
        long end = System.nanoTime() + AGENT_TIMEOUT.toNanos();
        if (d.reliable() && d.testQos().historyDepth() == 0) { // keep last may drop what a reader was slow to take
            drainUntil(end, () -> failure != null || receivedTotals.size() == receiving
                    && receivedTotals.values().stream().allMatch(n -> n >= sent));
            return;
        }
        long quiet = d.period().toNanos() * 3;
        Map<String, Long> seen = new HashMap<>(receivedTotals);
        long since = System.nanoTime();
        while (failure == null && System.nanoTime() < end && System.nanoTime() - since < quiet) {
            drainUntil(Math.min(end, System.nanoTime() + d.period().toNanos()), () -> false);
            if (!receivedTotals.equals(seen)) {
                seen = new HashMap<>(receivedTotals);
                since = System.nanoTime();
            }
        }
    }

    /** An agent gone (or silent too long) ends the run; one unresponsive gets a message in it. */
    private void watchAgents() {
        String why = watch.check();
        if (why != null && failure == null) {
            failure = why;
        }
    }

    private void drainUntil(long endNanos, BooleanSupplier done) throws InterruptedException {
        while (!done.getAsBoolean() && System.nanoTime() < endNanos) {
            watchAgents();
            PotherReport r = queue.poll(20, TimeUnit.MILLISECONDS);
            if (r != null) {
                deliver(r);
            }
        }
    }
}
