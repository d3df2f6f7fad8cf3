package org.ddstuner.cli;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;

import org.ddstuner.pother.PotherType;
import org.ddstuner.pother.runs.EndpointQos;
import org.ddstuner.pother.runs.RunDefinition;

/**
 * Everything {@code pother-run} needs, read and checked before anything joins the domain or starts an agent. The
 * QoS options become the desktop's {@link RunDefinition} (reliability and {@link EndpointQos}), whose
 * {@link RunDefinition#testQos()} is what the tests get, so a saved CLI run describes its QoS as the desktop's do.
 */
record PotherRunSettings(int a, int b, boolean throughput, int size, double rate, int burst, long count, int period,
        String name, double agentWait, double timeout, boolean reliable, EndpointQos endpointQos, Path runsDir) {

    private static final double YEAR_SECONDS = 366 * 86_400;

    static PotherRunSettings of(PotherOptions options) {
        int a = options.integer("--transceiver-app", 1, 0, Integer.MAX_VALUE);
        int b = options.integer("--transponder-app", 2, 0, Integer.MAX_VALUE);
        if (a == b) {
            throw new CliException(Main.EXIT_USAGE, "the two agents of a pair need different app ids, both are " + a + ".");
        }
        boolean throughput = options.has("--throughput");
        // an agent cannot make a sample smaller than the type's fixed part
        int size = options.integer("--size", throughput ? 1024 : 64, PotherType.FIXED_BYTES, PotherType.MAX_SIZE);
        double rate = options.number("--rate", 0);
        if (options.has("--burst") && !throughput) {
            throw new CliException(Main.EXIT_USAGE, "--burst is for --throughput pairs (samples per burst); a latency "
                    + "pair sends one ping at a time.");
        }
        int burst = options.integer("--burst", 1, 1, 1_000_000);
        long count = options.integer("--count", throughput ? 100_000 : 1000, 1, Integer.MAX_VALUE);
        int period = options.integer("--period-ms", 1000, (int) RunDefinition.MIN_PERIOD.toMillis(), 3_600_000);
        String name = options.string("--name", "cli");
        if (!name.matches("[A-Za-z0-9_]{1,64}")) {
            throw new CliException(Main.EXIT_USAGE, "--name takes 1 to 64 letters, digits or _, not \"" + name + "\".");
        }
        double agentWait = options.number("--agent-wait", 10, YEAR_SECONDS);
        double timeout = options.number("--timeout", 120, YEAR_SECONDS);
        String reliability = options.string("--reliability", "reliable").strip().toLowerCase(Locale.ROOT);
        if (!reliability.equals("reliable") && !reliability.equals("best-effort")) {
            throw new CliException(Main.EXIT_USAGE, "--reliability takes reliable or best-effort, not \""
                    + options.string("--reliability", "") + "\".");
        }
        int history = options.integer("--history", EndpointQos.KIND_DEFAULT, 0, Integer.MAX_VALUE);
        int priority = options.integer("--transport-priority", 0, Integer.MIN_VALUE, Integer.MAX_VALUE);
        double budgetMicros = options.number("--latency-budget-us", 0, YEAR_SECONDS * 1e6);
        if (options.has("--no-save") && options.has("--runs-dir")) {
            throw new CliException(Main.EXIT_USAGE, "--no-save and --runs-dir contradict each other: give one.");
        }
        Path runsDir = options.has("--no-save") ? null : PotherRunRecord.dir(options.values.get("--runs-dir"));
        return new PotherRunSettings(a, b, throughput, size, rate, burst, count, period, name, agentWait, timeout,
                reliability.equals("reliable"), new EndpointQos(history, priority, Math.round(budgetMicros * 1000)),
                runsDir);
    }

    /**
     * The run as the desktop's store describes runs: its duration is the --timeout (the longest it may take; the
     * sample count bounds it), its label says the count and that the CLI made it.
     */
    RunDefinition definition() {
        RunDefinition.Kind kind = throughput ? RunDefinition.Kind.THROUGHPUT : RunDefinition.Kind.LATENCY;
        Duration longest = Duration.ofMillis(Math.max(1, (long) (timeout * 1000)));
        RunDefinition d = new RunDefinition(kind, name, size, rate, burst, reliable, longest, Duration.ofMillis(period),
                RunDefinition.Transport.UDP, 0, 0, null, 0, endpointQos);
        return d.withLabel(d.label() + ", " + count + " samples (pother-run, apps " + a + " → " + b + ")");
    }

    /**
     * The run a remote agent drives ({@code --remote}): it lasts {@code duration} (the agent counts periods, not
     * samples), on the agents a (measures) and b.
     */
    RunDefinition remoteDefinition(Duration duration) {
        RunDefinition.Kind kind = throughput ? RunDefinition.Kind.THROUGHPUT : RunDefinition.Kind.LATENCY;
        RunDefinition d = new RunDefinition(kind, name, size, rate, burst, reliable, duration, Duration.ofMillis(period),
                RunDefinition.Transport.UDP, 0, 0, null, 0, endpointQos);
        return d.withLabel(d.label() + ", " + duration.toSeconds() + " s (pother-run --remote, apps " + a + " → " + b
                + ")");
    }
}
