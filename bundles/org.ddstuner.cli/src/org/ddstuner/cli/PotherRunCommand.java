package org.ddstuner.cli;

import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Locale;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

import org.ddstuner.connection.ConnectionProfile;
import org.ddstuner.dds.Domain;
import org.ddstuner.pother.BestFraction;
import org.ddstuner.pother.LatencyColumn;
import org.ddstuner.pother.agent.Agent;
import org.ddstuner.pother.control.AgentStatus;
import org.ddstuner.pother.control.PotherController;
import org.ddstuner.pother.protocol.ErrorReport;
import org.ddstuner.pother.protocol.LatencyPeriodReport;
import org.ddstuner.pother.protocol.PotherReport;
import org.ddstuner.pother.protocol.Target;
import org.ddstuner.pother.protocol.TestDefinition;
import org.ddstuner.pother.protocol.ThroughputPeriodReport;

/**
 * {@code ddstuner pother-run}: drives one pair on two agents by app id and prints their reports until the
 * pair has sent {@code --count} samples. A latency pair by default ({@code --transceiver-app A
 * --transponder-app B}), a throughput pair with {@code --throughput} ({@code A} transmits, {@code B}
 * receives). {@code --local} starts both agents in this process first, so it needs nothing else running.
 * Exit 0 when every sample came back (latency) or arrived without loss (throughput), 1 otherwise.
 */
final class PotherRunCommand {

    private static final List<String> VALUED = List.of("--transceiver-app", "--transponder-app", "--size", "--rate",
            "--count", "--period-ms", "--name", "--agent-wait", "--timeout");
    private static final List<String> FLAGS = List.of("--local", "--throughput");
    private static final double YEAR_SECONDS = 366 * 86_400;

    private final PotherOptions options;
    private final PrintStream out;
    private final PrintStream err;

    PotherRunCommand(List<String> args, PrintStream out, PrintStream err) {
        this.options = PotherOptions.parse(args, VALUED, FLAGS);
        this.out = out;
        this.err = err;
    }

    /** Everything the run needs, read and checked before anything joins the domain or starts an agent. */
    private record Settings(int a, int b, boolean throughput, int size, double rate, long count, int period,
            String name, double agentWait, double timeout) { }

    int run() throws InterruptedException {
        Settings s = settings();
        ConnectionProfile profile = options.common.profile("pother-run", 0, false);
        String configXml = profile.configXml();
        List<Agent> local = new ArrayList<>();
        try (Domain domain = Domain.create(profile.domainId(), configXml);
                PotherController c = PotherController.open(domain)) {
            if (options.has("--local")) {
                local.add(Agent.start(domain, s.a(), "", err::println));
                local.add(Agent.start(domain, s.b(), "", err::println));
            }
            try {
                return drive(c, profile, s);
            } finally {
                for (Agent agent : local) {
                    agent.close(); // before the domain goes
                }
            }
        }
    }

    private Settings settings() {
        options.common.refuse("pother-run", List.of("--wait", "--duration", "--json", "--all", "--filter", "--regex",
                "--expect-topic", "--expect-participant"),
                "it waits --agent-wait S for the agents (default 10) and --timeout S for the pair (default 120).");
        int a = options.integer("--transceiver-app", 1, 0, Integer.MAX_VALUE);
        int b = options.integer("--transponder-app", 2, 0, Integer.MAX_VALUE);
        if (a == b) {
            throw new CliException(Main.EXIT_USAGE, "the two agents of a pair need different app ids, both are " + a + ".");
        }
        boolean throughput = options.has("--throughput");
        int size = options.integer("--size", throughput ? 1024 : 64, 0, Integer.MAX_VALUE);
        double rate = options.number("--rate", 0);
        long count = options.integer("--count", throughput ? 100_000 : 1000, 1, Integer.MAX_VALUE);
        int period = options.integer("--period-ms", 1000, 10, 3_600_000);
        String name = options.string("--name", "cli");
        if (!name.matches("[A-Za-z0-9_]{1,64}")) {
            throw new CliException(Main.EXIT_USAGE, "--name takes 1 to 64 letters, digits or _, not \"" + name + "\".");
        }
        double agentWait = options.number("--agent-wait", 10, YEAR_SECONDS);
        double timeout = options.number("--timeout", 120, YEAR_SECONDS);
        return new Settings(a, b, throughput, size, rate, count, period, name, agentWait, timeout);
    }

    private int drive(PotherController c, ConnectionProfile profile, Settings s) throws InterruptedException {
        int a = s.a();
        int b = s.b();
        boolean throughput = s.throughput();
        int size = s.size();
        double rate = s.rate();
        long count = s.count();
        int period = s.period();
        String name = s.name();
        double agentWait = s.agentWait();
        double timeout = s.timeout();
        BlockingQueue<PotherReport> reports = c.queue(100_000);
        if (!c.awaitAgents(Duration.ofMillis((long) (agentWait * 1000)), a, b)) {
            err.println("ddstuner: agents " + a + " and " + b + " did not both announce themselves on domain "
                    + profile.domainId() + " within " + agentWait + " s (seen: " + c.agents().keySet()
                    + "). Start them with: ddstuner pother --app-id N --domain " + profile.domainId());
            return Main.EXIT_EXPECTATION;
        }
        TestDefinition first;
        TestDefinition second;
        if (throughput) {
            first = TestDefinition.receiver(Target.app(b), name + "_rx", name).withExpectedRate(rate)
                    .withReportPeriodMillis(period);
            second = TestDefinition.transmitter(Target.app(a), name, size).withRate(rate, 1).withSampleCount(count)
                    .withReportPeriodMillis(period);
        } else {
            first = TestDefinition.transponder(Target.app(b), name).withSize(size).withReportPeriodMillis(period);
            second = TestDefinition.transceiver(Target.app(a), name + "_tx", name, size).withRate(rate, 1)
                    .withSampleCount(count).withReportPeriodMillis(period);
        }
        c.send(first);
        c.send(second);
        out.println("# " + (throughput ? "throughput" : "latency") + " pair " + name + ": app " + a + " → app " + b
                + ", " + size + " B, " + (rate > 0 ? rate + "/s" : "flat out") + ", " + count + " samples");
        boolean ok = follow(c, List.of(a, b), reports, throughput, name, count, (long) (timeout * 1000));
        c.remove(second);
        c.remove(first);
        Thread.sleep(200); // let the removals leave before the controller's writers go
        return ok ? Main.EXIT_OK : Main.EXIT_EXPECTATION;
    }

    private boolean follow(PotherController c, List<Integer> pair, BlockingQueue<PotherReport> reports, boolean throughput,
            String name, long count, long timeoutMillis) throws InterruptedException {
        long end = System.nanoTime() + timeoutMillis * 1_000_000L;
        long sent = 0;
        long echoes = 0;
        long warmup = 0; // pings before the first echo: not measured, not in sent
        Map<Integer, AgentStatus.Liveness> told = new HashMap<>();
        while (System.nanoTime() - end < 0) {
            if (!pairAlive(c, pair, told)) {
                return false;
            }
            PotherReport r = reports.poll(200, TimeUnit.MILLISECONDS);
            switch (r) {
                case null -> { }
                case ErrorReport e -> {
                    err.println("ERROR from agent " + e.appId() + ": " + e.message());
                    return false;
                }
                case LatencyPeriodReport l when !throughput && l.name().equals(name + "_tx") -> {
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
                        return sent == count && echoes == count;
                    }
                }
                case ThroughputPeriodReport t when throughput && t.name().equals(name + "_rx") -> {
                    out.println(t.format());
                    if (t.totalSamples() >= count) {
                        out.printf(Locale.ROOT, "RESULT received=%d lost=%d out_of_order=%d%n", t.totalSamples(),
                                t.lostTotal(), t.outOfOrderTotal());
                        return t.totalSamples() == count && t.lostTotal() == 0;
                    }
                }
                default -> { }
            }
        }
        err.println("ddstuner: the pair did not finish within the timeout (sent " + sent + ", echoes " + echoes + ")");
        return false;
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
                    err.println("ddstuner: " + s.explain() + "; the pair cannot finish");
                    return false;
                }
                case UNRESPONSIVE -> err.println("ddstuner: " + s.explain());
                case LIVE -> err.println("ddstuner: agent " + app + " responds again");
            }
        }
        return true;
    }
}
