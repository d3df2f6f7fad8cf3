package org.ddstuner.cli;

import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code ddstuner pother-run}: the options; {@link PotherRunSettings} checks them (defaults that depend on
 * {@code --throughput}), {@link PotherRunCommand} does the work.
 */
@Command(name = "pother-run", abbreviateSynopsis = true,
        description = { "Drive a latency or throughput pair on two Pother agents.", "Drives a latency pair (--transceiver-app A --transponder-app B) or, with --throughput, a "
                + "throughput pair (A transmits, B receives; the transmitter starts once both have matched) on two "
                + "Pother agents, and prints their reports until --count samples are through.",
                "With --remote HOST:PORT --token-file F the pair runs between two agents of a remote system, driven "
                        + "by its agent (ddstuner serve --allow benchmark) for --duration S; the reports come back "
                        + "through it.",
                "Saved as it goes in the desktop's Saved Runs (--runs-dir; --no-save: not saved). Ctrl-C / SIGTERM "
                        + "removes the pair's tests from the agents. --wait does not apply (--agent-wait)." },
        exitCodeList = { "0:every sample came back (latency) or arrived without loss (throughput)",
                "1:agents not seen within --agent-wait, the pair did not match, or samples lost or not back within "
                        + "--timeout",
                DdsTunerCli.EXIT_2, DdsTunerCli.EXIT_3, "4:--remote: the agent refused (token, certificate, or no "
                        + "benchmark capability)" })
final class PotherRunCli implements Callable<Integer>, UsageErrors.Refusing {

    @ParentCommand
    DdsTunerCli root;
    @Spec
    CommandSpec spec;

    @Option(names = "--transceiver-app", paramLabel = "A", description = "App id of the agent that sends (default: 1).")
    String transceiverApp;
    @Option(names = "--transponder-app", paramLabel = "B", description = "App id of the agent that answers or "
            + "receives (default: 2).")
    String transponderApp;
    @Option(names = "--throughput", description = "A throughput pair instead of a latency pair.")
    boolean throughput;
    @Option(names = "--size", paramLabel = "B", description = "Sample size in bytes, 36 to 1048576 (default: 64; "
            + "throughput: 1024).")
    String size;
    @Option(names = "--rate", paramLabel = "R", description = "Samples per second, 0 = flat out (the default); "
            + "throughput: bursts per second.")
    String rate;
    @Option(names = "--burst", paramLabel = "N", description = "Throughput: samples per burst (default: 1).")
    String burst;
    @Option(names = "--count", paramLabel = "N", description = "Samples to send (default: 1000; throughput: 100000).")
    String count;
    @Option(names = "--period-ms", paramLabel = "MS", description = "Report period, 50 to 3600000 (default: 1000).")
    String periodMs;
    @Option(names = "--name", paramLabel = "N", description = "Names the pair's topics (default: cli).")
    String name;
    @Option(names = "--agent-wait", paramLabel = "S", description = "Seconds to wait for both agents (default: 10).")
    String agentWait;
    @Option(names = "--timeout", paramLabel = "S", description = "Seconds for the pair (default: 120).")
    String timeout;
    @Option(names = "--local", description = "Start both agents in this process first (needs nothing else running).")
    boolean local;
    @Option(names = "--agents-transport", paramLabel = "udp|tcp|shm", description = "Start the two agents (apps A and "
            + "A+1) as processes on this host over this transport first, stop them at the end: udp (loopback), tcp "
            + "(127.0.0.1), shm (Iceoryx shared memory: keep-last history; a RouDi is started if none runs).")
    String agentsTransport;
    @Option(names = "--reliability", paramLabel = "reliable|best-effort", description = "QoS reliability (default: "
            + "reliable).")
    String reliability;
    @Option(names = "--history", paramLabel = "N", description = "QoS history: 0 = keep all, N = keep last N (default: "
            + "keep last 1 for latency, keep all for throughput).")
    String history;
    @Option(names = "--transport-priority", paramLabel = "N", description = "QoS transport priority (default: 0).")
    String transportPriority;
    @Option(names = "--latency-budget-us", paramLabel = "US", description = "QoS latency budget in microseconds "
            + "(default: 0).")
    String latencyBudgetUs;
    @Option(names = "--runs-dir", paramLabel = "DIR", description = "Where runs are saved (default: -Dddstuner.runs.dir "
            + "or ~/.ddstuner/runs).")
    String runsDir;
    @Option(names = "--no-save", description = "Do not save the run.")
    boolean noSave;
    @Option(names = "--duration", paramLabel = "S", description = "With --remote: seconds the pair runs at the agent "
            + "(default: 10; --count does not apply there).")
    String duration;
    @Mixin
    SharedOptions.Connection connection;
    @Mixin
    SharedOptions.Remote remote;
    @Mixin
    SharedOptions.Help help;

    @Override
    public Integer call() throws InterruptedException {
        CliOptions o = new CliOptions();
        connection.into(o);
        PotherOptions options = PotherOptions.of(spec.commandLine().getParseResult(), o);
        if (!remote.given()) {
            if (duration != null) {
                throw new CliException(Main.EXIT_USAGE, "--duration is for --remote runs; here --count bounds the pair.");
            }
            return new PotherRunCommand(options, root.out, root.err).run();
        }
        if (local || connection.domain != null || !connection.peers.isEmpty() || !"loopback".equals(connection.config)
                || connection.networkGiven() || count != null || agentWait != null) {
            throw new CliException(Main.EXIT_USAGE, "--remote runs the pair through the agent: --local, --count, "
                    + "--agent-wait, --domain, --config, --peer and the network options do not apply (the agents are "
                    + "those of the agent's domain; --duration S bounds the run)");
        }
        double seconds = options.number("--duration", 10, 366 * 86_400);
        if (seconds < 1) {
            throw new CliException(Main.EXIT_USAGE, "--duration takes at least 1 second, not " + duration + ".");
        }
        return new PotherRunRemote(root.out, root.err).run(PotherRunSettings.of(options), remote.clientOptions(),
                java.time.Duration.ofMillis((long) (seconds * 1000)));
    }

    @Override
    public String refusedOptionHint() {
        return "it waits --agent-wait S for the agents (default 10) and --timeout S for the pair (default 120).";
    }
}
