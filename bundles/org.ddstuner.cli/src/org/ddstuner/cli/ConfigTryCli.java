package org.ddstuner.cli;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

import org.ddstuner.config.trial.ConfigTrial;
import org.ddstuner.pother.runs.AgentLauncher;
import org.ddstuner.pother.runs.BenchmarkRun;
import org.ddstuner.pother.runs.RunStore;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code ddstuner config try FILE [--against CURRENT]}: "Try with a benchmark" from the shell. The same Pother
 * scenario on two local agent processes under CURRENT, then under FILE, each made loopback-only first; prints each
 * step's figure under both and the ratio new/current. The two runs are saved like the desktop's (Saved Runs
 * overlays them as A and B).
 */
@Command(name = "try", description = { "Benchmark a configuration against the current one on local agents.",
        "Runs a Pother scenario (--scenario rtt: round trip of 64 B samples; sweep: throughput from 64 B to 64 KiB) "
                + "on two local agent processes under the --against configuration (default: Cyclone's defaults), "
                + "then under FILE, and prints each step's figure under both with the ratio new/current. Each file is "
                + "tried as a loopback-only copy: its interfaces, multicast, peers, network partitions, monitor port "
                + "and tracing are replaced by 127.0.0.1 and unicast discovery there (printed), everything else (sizes, "
                + "buffers, watermarks, timing) is kept, so nothing is sent off this host. The runs are saved (--runs-dir; "
                + "--no-save: not saved)." },
        exitCodeList = { "0:both runs measured every step", "1:a step measured nothing under one of the configurations",
            "2:usage error, unreadable file, or a configuration a loopback try cannot run (TCP, IPv6)",
            "3:the agents did not start or libddsc refused a configuration" })
final class ConfigTryCli implements Callable<Integer> {

    /** The scenario names for completion. */
    static final class Kinds implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return Arrays.stream(ConfigTrial.Kind.values()).map(ConfigTrial.Kind::id).iterator();
        }
    }

    @ParentCommand
    ConfigCli config;
    @Mixin
    SharedOptions.Help help;
    @Parameters(paramLabel = "FILE", description = "The new Cyclone DDS configuration XML.")
    Path file;
    @Option(names = "--against", paramLabel = "CURRENT", description = "The current configuration (default: Cyclone's "
            + "defaults).")
    Path against;
    @Option(names = "--scenario", paramLabel = "NAME", defaultValue = "rtt", completionCandidates = Kinds.class,
            description = "rtt (default) or sweep.")
    String scenario;
    @Option(names = "--step-seconds", paramLabel = "S", defaultValue = "5", description = "Seconds per step, 1 to 600 "
            + "(default: 5).")
    int stepSeconds;
    @Option(names = "--domain", paramLabel = "N", defaultValue = "40", description = "Domain of the current side; the "
            + "new side uses N+3 (default: 40).")
    int domain;
    @Option(names = "--runs-dir", paramLabel = "DIR", description = "Where the runs are saved (default: "
            + "-Dddstuner.runs.dir or ~/.ddstuner/runs).")
    String runsDir;
    @Option(names = "--no-save", description = "Do not save the runs.")
    boolean noSave;

    @Override
    public Integer call() throws InterruptedException {
        ConfigTrial.Kind kind;
        try {
            kind = ConfigTrial.Kind.byId(scenario);
        } catch (IllegalArgumentException e) {
            throw new CliException(Main.EXIT_USAGE, "ddstuner config try: --scenario: " + e.getMessage());
        }
        if (stepSeconds < 1 || stepSeconds > 600) {
            throw new CliException(Main.EXIT_USAGE, "ddstuner config try: --step-seconds must be 1 to 600");
        }
        if (domain < 0 || domain > 229) {
            throw new CliException(Main.EXIT_USAGE, "ddstuner config try: --domain must be 0 to 229 (the new side "
                    + "uses N+3)");
        }
        String candidate = read(file);
        String current = against == null ? "<CycloneDDS xmlns=\"https://cdds.io/config\"/>" : read(against);
        var out = config.root.out;
        var err = config.root.err;
        RunStore store = noSave ? null : new RunStore(PotherRunRecord.dir(runsDir));
        ConfigTrial trial = new ConfigTrial(launcher(), kind, Duration.ofSeconds(stepSeconds), domain, store,
                line -> {
                    if (line.startsWith("try:")) {
                        err.println(line);
                    }
                });
        List<ConfigTrial.Side> sides;
        try (StopSignal stop = StopSignal.install("config try", 60_000)) {
            sides = trial.run(current, candidate, s -> {
                out.println("# " + s.name() + ": " + (s.name().equals("new") ? file
                        : against == null ? "Cyclone's defaults" : against) + ", " + kind.title()
                        + (store == null ? "" : ", saved as run " + s.run().id() + " in " + store.dir()));
                out.flush();
            }, stop::requested);
        } catch (IllegalArgumentException e) {
            throw new CliException(Main.EXIT_USAGE, "ddstuner config try: " + e.getMessage());
        } catch (IOException | RuntimeException e) {
            throw new CliException(Main.EXIT_ENVIRONMENT, "ddstuner config try: " + e.getMessage());
        }
        for (ConfigTrial.Side s : sides) {
            s.run().messages().forEach(m -> err.println("# " + s.name() + ": " + m.text()));
        }
        if (sides.size() < 2) {
            err.println("ddstuner config try: stopped before the new configuration ran");
            return Main.EXIT_EXPECTATION;
        }
        BenchmarkRun a = sides.get(0).run();
        BenchmarkRun b = sides.get(1).run();
        List<ConfigTrial.Row> rows = ConfigTrial.compare(kind, a, b);
        out.println("# " + kind.measure());
        boolean all = !rows.isEmpty();
        for (ConfigTrial.Row r : rows) {
            out.println(r.format());
            all &= Double.isFinite(r.current()) && Double.isFinite(r.candidate());
        }
        for (ConfigTrial.Row r : rows) {
            out.printf(Locale.ROOT, "RESULT step=%s current=%.3f new=%.3f unit=%s ratio=%.4f%n", r.step().replace(' ', '_'),
                    r.current(), r.candidate(), r.unit().replace('/', '_'), r.ratio());
        }
        if (!all) {
            err.println("ddstuner config try: " + (rows.isEmpty() ? "no step was measured"
                    : "a step was measured under one configuration only") + " (" + a.state() + ": " + a.endMessage()
                    + "; " + b.state() + ": " + b.endMessage() + ")");
        }
        return all ? Main.EXIT_OK : Main.EXIT_EXPECTATION;
    }

    private static String read(Path f) {
        try {
            return Files.readString(f, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new CliException(Main.EXIT_USAGE, "ddstuner config try: cannot read " + f + ": " + e.getMessage());
        }
    }

    /** The agents are this CLI on its own class path (as the start script runs it). */
    private static AgentLauncher launcher() {
        return AgentLauncher.of(List.of(System.getProperty("java.class.path").split(File.pathSeparator)));
    }
}
