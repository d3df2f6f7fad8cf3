package org.ddstuner.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;

import org.ddstuner.record.Replayer;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/** {@code ddstuner replay F.mcap}: the options; {@link ReplayCommand} does the work. */
@Command(name = "replay", abbreviateSynopsis = true,
        description = { "Play an MCAP recording into a domain.", "One writer per recorded topic with the type and QoS "
                + "recorded in the file; each sample at its recorded time (relative to the first) divided by --speed. "
                + "Prints how many were written and the timing error (p50/p99) against the recorded times. A "
                + "recording that was killed is read by scanning (see record --repair).",
                "With --remote HOST:PORT --token-file F the agent ddstuner serve runs there writes the samples into "
                        + "its domain (it must allow write: serve --allow write); this side reads the file and paces." },
        exitCodeList = { DdsTunerCli.EXIT_0, "1:no reader matched within --wait",
                "2:usage error, a file that is not MCAP or is damaged (with the byte offset), a topic not in it",
                DdsTunerCli.EXIT_3, "4:refused by the remote agent (token, not allowed to write) or its certificate "
                        + "is not the pinned one" })
final class ReplayCli implements Callable<Integer> {

    @ParentCommand
    DdsTunerCli root;
    @Parameters(index = "0", paramLabel = "F.mcap", description = "The recording.")
    String file;
    @Option(names = "--speed", paramLabel = "X", description = "Speed factor (default 1: recorded timing; 0: as fast "
            + "as possible).")
    String speed;
    @Option(names = "--loop", description = "Start again at the end, until Ctrl-C or --duration.")
    boolean loop;
    @Option(names = { "-t", "--topic" }, paramLabel = "T", description = "Replay only topic T (repeatable).")
    List<String> topics = new ArrayList<>();
    @Option(names = "--rename", paramLabel = "A=B", description = "Write recorded topic A as topic B (repeatable).")
    List<String> renames = new ArrayList<>();
    @Option(names = "--qos", paramLabel = "POLICY=VALUE", description = "Change a recorded policy for every replayed "
            + "writer (repeatable), as qos set takes it: reliability=best_effort, history=keep_last,5, "
            + "partition=a,b, durability=transient_local…")
    List<String> qos = new ArrayList<>();
    @Option(names = "--from", paramLabel = "S", description = "Start S seconds after the recording's first sample.")
    String from;
    @Option(names = "--to", paramLabel = "S", description = "End S seconds after the recording's first sample.")
    String to;
    @Mixin
    SharedOptions.Duration duration;
    @Mixin
    SharedOptions.Connection connection;
    @Mixin
    SharedOptions.Wait wait;
    @Mixin
    SharedOptions.Help help;
    @Mixin
    SharedOptions.Remote remote;

    @Override
    public Integer call() throws Exception {
        CliOptions common = new CliOptions();
        connection.into(common);
        wait.into(common);
        duration.into(common);
        double x = speed == null ? 1 : OptionValues.nonNegative("--speed", speed, "a number");
        long fromNs = from == null ? 0 : (long) (OptionValues.nonNegative("--from", from, "a number of seconds") * 1e9);
        long toNs = to == null ? Long.MAX_VALUE
                : (long) (OptionValues.nonNegative("--to", to, "a number of seconds") * 1e9);
        if (toNs < fromNs) {
            throw new CliException(Main.EXIT_USAGE, "--to must not be before --from");
        }
        Map<String, String> rename = new LinkedHashMap<>();
        for (String r : renames) {
            int eq = r.indexOf('=');
            if (eq <= 0 || eq == r.length() - 1) {
                throw new CliException(Main.EXIT_USAGE, "--rename takes RECORDED=NEW, not \"" + r + "\"");
            }
            rename.put(r.substring(0, eq), r.substring(eq + 1));
        }
        Replayer.Options o = new Replayer.Options(x, loop, Set.copyOf(topics), rename, fromNs, toNs, Map.of());
        if (remote.given()) {
            if (connection.domain != null || !connection.peers.isEmpty() || !"loopback".equals(connection.config)
                    || connection.networkGiven()) {
                throw new CliException(Main.EXIT_USAGE, "replay --remote writes through the agent into its domain: "
                        + "--domain, --config, --peer and the network options belong to it");
            }
            return new RemoteReplayCommand(remote.clientOptions(), common, Path.of(file), o, ReplayQos.edit(qos),
                    root.out, root.err).run();
        }
        return new ReplayCommand(common, Path.of(file), o, ReplayQos.edit(qos), root.out, root.err).run();
    }
}
