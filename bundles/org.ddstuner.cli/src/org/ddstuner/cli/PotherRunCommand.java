package org.ddstuner.cli;

import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

import org.ddstuner.connection.ConnectionProfile;
import org.ddstuner.dds.Domain;
import org.ddstuner.pother.runs.AgentLauncher;
import org.ddstuner.pother.runs.LocalAgents;
import org.ddstuner.pother.runs.Transports;
import org.ddstuner.pother.BestFraction;
import org.ddstuner.pother.LatencyColumn;
import org.ddstuner.pother.agent.Agent;
import org.ddstuner.pother.control.AgentStatus;
import org.ddstuner.pother.control.PotherController;
import org.ddstuner.pother.protocol.ErrorReport;
import org.ddstuner.pother.protocol.LatencyPeriodReport;
import org.ddstuner.pother.protocol.PotherReport;
import org.ddstuner.pother.protocol.Role;
import org.ddstuner.pother.protocol.Target;
import org.ddstuner.pother.protocol.TestDefinition;
import org.ddstuner.pother.protocol.TestState;
import org.ddstuner.pother.protocol.ThroughputPeriodReport;
import org.ddstuner.pother.runs.BenchmarkRun;
import org.ddstuner.pother.runs.RunDefinition;

/**
 * {@code ddstuner pother-run}: drives one pair on two agents by app id and prints their reports until the
 * pair has sent {@code --count} samples. A latency pair by default ({@code --transceiver-app A
 * --transponder-app B}), a throughput pair with {@code --throughput} ({@code A} transmits, {@code B}
 * receives; the transmitter starts once both have matched, see {@link PotherPair}). {@code --local} starts both
 * agents in this process first, so it needs nothing else running; {@code --agents-transport T} starts them as two
 * processes over UDP, TCP or shared memory ({@link LocalAgents}, with a RouDi for shared memory). The run is saved as it goes in the desktop's
 * run store unless {@code --no-save}. Ctrl-C / SIGTERM removes the pair's tests from the agents before the
 * JVM exits. Exit 0 when every sample came back (latency) or arrived without loss (throughput), 1 otherwise.
 */
final class PotherRunCommand {

    /** How long a Ctrl-C waits for the tests to be removed (and the agents to say so) before the JVM exits. */
    private static final long STOP_GRACE_MS = 6000;
    private static final long REMOVE_WAIT_MS = 3000;
    /** Periods without a new sample, after the transmitter sent its last, before a throughput run gives up. */
    private static final int QUIET_PERIODS = 5;

    private final PotherOptions options;
    private final PrintStream out;
    private final PrintStream err;
    private StopSignal stop;
    private PotherRunRecord record = PotherRunRecord.none();
    /** Why the run failed, for the saved run's end record (the same text went to stderr). */
    private String failure;

    PotherRunCommand(PotherOptions options, PrintStream out, PrintStream err) {
        this.options = options;
        this.out = out;
        this.err = err;
    }

    int run() throws InterruptedException {
        PotherRunSettings s = PotherRunSettings.of(options);
        RunDefinition definition = s.definition();
        ConnectionProfile profile = options.common.profile("pother-run", 0, false);
        String configXml = profile.configXml();
        List<Agent> local = new ArrayList<>();
        RunDefinition.Transport transport = agentsTransport(s);
        LocalAgents processes = null;
        if (transport != null) {
            definition = definition.withTransport(transport).withLabel(definition.label() + ", agent processes over "
                    + transport.name().toLowerCase(Locale.ROOT));
            String refusal = Transports.shmRefusal(definition);
            if (refusal != null) {
                throw new CliException(Main.EXIT_USAGE, refusal);
            }
            try {
                processes = LocalAgents.start(AgentLauncher.of(List.of(System.getProperty("java.class.path")
                        .split(java.io.File.pathSeparator))), profile.domainId(), transport, configXml, 2, s.a(), "",
                        line -> err.println(line));
            } catch (java.io.IOException | IllegalStateException e) {
                throw new CliException(Main.EXIT_ENVIRONMENT, "cannot start the agents over " + transport + ": "
                        + e.getMessage());
            }
            configXml = processes.controllerConfig();
        }
        try (LocalAgents started = processes;
                StopSignal signal = StopSignal.install("pother-run", STOP_GRACE_MS);
                Domain domain = Domain.create(profile.domainId(), configXml);
                PotherController c = PotherController.open(domain)) {
            this.stop = signal;
            if (options.has("--local")) {
                local.add(Agent.start(domain, s.a(), "", err::println));
                local.add(Agent.start(domain, s.b(), "", err::println));
            }
            try {
                return drive(c, profile, s, definition, configXml);
            } finally {
                for (Agent agent : local) {
                    agent.close(); // before the domain goes
                }
            }
        }
    }

    /** The transport of --agents-transport (null without it), checked against the pair's app ids and --local. */
    private RunDefinition.Transport agentsTransport(PotherRunSettings s) {
        if (!options.has("--agents-transport")) {
            return null;
        }
        if (options.has("--local")) {
            throw new CliException(Main.EXIT_USAGE, "--local (agents in this process) and --agents-transport (agent "
                    + "processes) contradict each other: give one.");
        }
        if (s.b() != s.a() + 1) {
            throw new CliException(Main.EXIT_USAGE, "--agents-transport starts apps A and A+1: give --transponder-app "
                    + (s.a() + 1) + " (or leave both app ids at their defaults).");
        }
        String t = options.string("--agents-transport", "").strip().toLowerCase(Locale.ROOT);
        return switch (t) {
            case "udp" -> RunDefinition.Transport.UDP;
            case "tcp" -> RunDefinition.Transport.TCP;
            case "shm" -> RunDefinition.Transport.SHM;
            default -> throw new CliException(Main.EXIT_USAGE, "--agents-transport takes udp, tcp or shm, not \"" + t
                    + "\".");
        };
    }

    private int drive(PotherController c, ConnectionProfile profile, PotherRunSettings s, RunDefinition definition,
            String configXml) throws InterruptedException {
        int a = s.a();
        int b = s.b();
        BlockingQueue<PotherReport> reports = c.queue(100_000);
        if (!awaitAgents(c, s.agentWait(), a, b)) {
            if (!stop.requested()) {
                err.println("ddstuner: agents " + a + " and " + b + " did not both announce themselves on domain "
                        + profile.domainId() + " within " + s.agentWait() + " s (seen: " + c.agents().keySet()
                        + "). Start them with: ddstuner pother --app-id N --domain " + profile.domainId());
            }
            return Main.EXIT_EXPECTATION;
        }
        if (s.runsDir() != null) {
            record = PotherRunRecord.create(s.runsDir(), definition, configXml);
        }
        String name = s.name();
        TestDefinition answering;
        TestDefinition sending;
        if (s.throughput()) {
            answering = TestDefinition.receiver(Target.app(b), name + "_rx", name).withExpectedRate(s.rate() * s.burst());
            sending = TestDefinition.transmitter(Target.app(a), name, s.size()).withRate(s.rate(), s.burst())
                    .withState(TestState.STOPPED);
        } else {
            answering = TestDefinition.transponder(Target.app(b), name).withSize(s.size());
            sending = TestDefinition.transceiver(Target.app(a), name + "_tx", name, s.size()).withRate(s.rate(), 1);
        }
        answering = answering.withQos(definition.testQos()).withReportPeriodMillis(s.period());
        sending = sending.withQos(definition.testQos()).withSampleCount(s.count()).withReportPeriodMillis(s.period());
        PotherPair pair = new PotherPair(c);
        boolean ok = false;
        try {
            out.println("# " + definition.label() + ", " + (s.rate() > 0 ? s.rate() + "/s" : "flat out")
                    + (record.id() == null ? "" : "; saved as run " + record.id() + " in " + s.runsDir()));
            out.flush();
            pair.define(answering);
            pair.define(sending);
            ok = start(pair, reports, List.of(a, b), answering, sending, s)
                    && follow(c, List.of(a, b), reports, s, answering.name(), sending.name());
            return ok ? Main.EXIT_OK : Main.EXIT_EXPECTATION;
        } finally {
            List<String> left = pair.removeAll(REMOVE_WAIT_MS);
            if (!left.isEmpty()) {
                err.println("ddstuner: the agents still announce " + left + " " + REMOVE_WAIT_MS / 1000
                        + " s after they were removed");
            }
            if (stop.requested()) {
                err.println("ddstuner: stopped; the pair's tests were removed from the agents" + (left.isEmpty() ? ""
                        : " (not confirmed for " + left + ")"));
                record.finish(BenchmarkRun.State.STOPPED, "stopped (Ctrl-C / SIGTERM)");
            } else {
                record.finish(ok ? BenchmarkRun.State.FINISHED : BenchmarkRun.State.FAILED, ok ? "" : failure);
            }
            c.removeQueue(reports);
        }
    }

    /** Waits for both agents in short steps, so a Ctrl-C is not held up by --agent-wait. */
    private boolean awaitAgents(PotherController c, double seconds, int a, int b) {
        long end = System.nanoTime() + (long) (seconds * 1e9);
        do {
            long left = Math.max(0, Math.min(250_000_000L, end - System.nanoTime()));
            if (c.awaitAgents(Duration.ofNanos(left), a, b)) {
                return true;
            }
        } while (!stop.requested() && System.nanoTime() - end < 0);
        return false;
    }

    /**
     * A throughput pair: waits for both tests to match, then starts the transmitter (it was defined stopped). A
     * latency pair starts at once: the transceiver pings only once its transponder has matched.
     */
    private boolean start(PotherPair pair, BlockingQueue<PotherReport> reports, List<Integer> apps,
            TestDefinition answering, TestDefinition sending, PotherRunSettings s) throws InterruptedException {
        if (sending.state() != TestState.STOPPED) {
            return true;
        }
        long end = System.nanoTime() + (long) (s.timeout() * 1e9);
        List<TestDefinition> unmatched = PotherPair.awaitMatch(reports, List.of(answering, sending), end, stop::requested,
                r -> take(r, apps, answering.name(), sending.name()));
        if (stop.requested()) {
            return false;
        }
        if (!unmatched.isEmpty()) {
            fail("the " + unmatched.stream().map(t -> t.role().wireName() + " " + t.name() + " on app "
                    + t.target().appId()).toList() + " did not match its partner within " + s.timeout() + " s");
            return false;
        }
        out.println("# both matched: starting the transmitter");
        pair.start(sending);
        return true;
    }

    /** Records a report of the pair's tests (or an agent-wide error of its agents); prints agent errors. */
    private void take(PotherReport r, List<Integer> apps, String... names) {
        if (!apps.contains(r.appId()) || !(r.name().isEmpty() && r instanceof ErrorReport || List.of(names).contains(r.name()))) {
            return;
        }
        if (r instanceof ErrorReport e) {
            fail("ERROR from agent " + e.appId() + ": " + e.message());
        }
        record.report(r, names[1], names[0]);
    }

    private void fail(String why) {
        if (failure == null) {
            failure = why;
            err.println(why.startsWith("ERROR") ? why : "ddstuner: " + why);
        }
    }

    private boolean follow(PotherController c, List<Integer> pair, BlockingQueue<PotherReport> reports,
            PotherRunSettings s, String answering, String sending) throws InterruptedException {
        long end = System.nanoTime() + (long) (s.timeout() * 1e9);
        long count = s.count();
        long sent = 0;
        long echoes = 0;
        long warmup = 0; // pings before the first echo: not measured, not in sent
        long received = 0;
        long lost = 0;
        long outOfOrder = 0;
        long transmitted = -1; // the transmitter's total once it reported its last period
        long quietSince = System.nanoTime();
        long quietLimit = Math.max(3_000_000_000L, QUIET_PERIODS * s.period() * 1_000_000L);
        Map<Integer, AgentStatus.Liveness> told = new HashMap<>();
        while (System.nanoTime() - end < 0 && !stop.requested()) {
            if (!pairAlive(c, pair, told)) {
                return false;
            }
            PotherReport r = reports.poll(200, TimeUnit.MILLISECONDS);
            if (r == null) {
                if (transmitted >= 0 && System.nanoTime() - quietSince > quietLimit) {
                    result(received, lost, outOfOrder, s);
                    fail("the transmitter sent " + transmitted + " samples; the receiver (app " + s.b() + ") has "
                            + received + " of them (lost " + lost + ") and got none for " + quietLimit / 1_000_000_000L
                            + " s");
                    return false;
                }
                continue;
            }
            take(r, pair, answering, sending);
            switch (r) {
                case ErrorReport e when failure != null -> {
                    return false;
                }
                case LatencyPeriodReport l when !s.throughput() && l.name().equals(sending) -> {
                    sent += l.report().sent();
                    echoes += l.report().received();
                    warmup += l.report().warmup();
                    out.printf(Locale.ROOT, "# agent %d period %d, cpu %.1f%% user %.1f%% sys, rss %d MiB%n", l.appId(),
                            l.period(), l.usage().cpuUserPercent(), l.usage().cpuSysPercent(), l.usage().rssBytes() >> 20);
                    out.print(l.report().format());
                    if (l.last()) {
                        var trip = l.report().column(LatencyColumn.TRIP).rows().get(BestFraction.ALL);
                        out.printf(Locale.ROOT, "RESULT sent=%d echoes=%d trip_avg_us=%.3f warmup=%d%n", sent, echoes,
                                trip.avg() / 1e3, warmup);
                        if (sent != count || echoes != count) {
                            failure = "sent " + sent + " of " + count + " pings, " + echoes + " echoes came back";
                        }
                        return failure == null;
                    }
                }
                case ThroughputPeriodReport t when s.throughput() && t.name().equals(sending)
                        && t.role() == Role.TRANSMITTER && t.last() -> transmitted = t.totalSamples();
                case ThroughputPeriodReport t when s.throughput() && t.name().equals(answering) -> {
                    out.println(t.format());
                    if (t.totalSamples() > received) {
                        quietSince = System.nanoTime();
                    }
                    received = t.totalSamples();
                    lost = t.lostTotal();
                    outOfOrder = t.outOfOrderTotal();
                    if (received >= count) {
                        result(received, lost, outOfOrder, s);
                        if (received != count || lost != 0) {
                            failure = "received " + received + " of " + count + " samples, lost " + lost;
                        }
                        return failure == null;
                    }
                }
                default -> { }
            }
        }
        if (!stop.requested()) {
            fail(s.throughput()
                    ? "the throughput pair did not finish within " + s.timeout() + " s: the receiver (app " + s.b()
                            + ") has " + received + " of " + count + " samples (lost " + lost + ")"
                            + (transmitted >= 0 ? ", the transmitter sent " + transmitted : "")
                    : "the latency pair did not finish within " + s.timeout() + " s: sent " + sent + " of " + count
                            + " pings, " + echoes + " echoes came back");
        }
        return false;
    }

    private void result(long received, long lost, long outOfOrder, PotherRunSettings s) {
        out.printf(Locale.ROOT, "RESULT received=%d lost=%d out_of_order=%d expected=%d%n", received, lost, outOfOrder,
                s.count());
    }

    /**
     * Says when an agent of the pair turns unresponsive or responds again; false (with the reason) when one is gone
     * or stopped: its reports will never come, so waiting for the timeout would only hide why.
     */
    private boolean pairAlive(PotherController c, List<Integer> pair, Map<Integer, AgentStatus.Liveness> told) {
        for (int app : pair) {
            AgentStatus s = c.status(app);
            if (s == null || told.getOrDefault(app, AgentStatus.Liveness.LIVE) == s.liveness()) {
                continue;
            }
            told.put(app, s.liveness());
            switch (s.liveness()) {
                case GONE, STOPPED -> {
                    fail(s.explain() + "; the pair cannot finish");
                    return false;
                }
                case UNRESPONSIVE -> {
                    err.println("ddstuner: " + s.explain());
                    record.message(s.explain());
                }
                case LIVE -> err.println("ddstuner: agent " + app + " responds again");
            }
        }
        return true;
    }
}
