package org.ddstuner.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/** {@code ddstuner record}: the options; {@link RecordCommand} does the work. */
@Command(name = "record", abbreviateSynopsis = true,
        description = { "Record topics to an MCAP file.", "Each topic is read with a reader whose QoS matches its "
                + "writers; the samples are written as received (CDR), with the type's IDL as schema, reception and "
                + "source times, and one channel per writer (its GUID and QoS in the channel metadata). Ctrl-C, "
                + "SIGTERM or --duration stop it; it then prints received, written and dropped. --repair F copies a "
                + "recording that was killed into F.repaired.mcap with its index.",
                "With --remote HOST:PORT --token-file F the agent ddstuner serve runs there reads the topics (at most "
                        + "--max-rate samples per second each) and streams the samples as received; this side writes "
                        + "the same file. Samples dropped, by cause, and any time the link was down are printed." },
        exitCodeList = { DdsTunerCli.EXIT_0, "1:a --topic not seen within --wait (or the agent cannot read it), or "
                + "nothing to record",
                "2:usage error, the output exists already (never overwritten), a file --repair cannot read",
                DdsTunerCli.EXIT_3, DdsTunerCli.EXIT_4 })
final class RecordCli implements Callable<Integer> {

    @ParentCommand
    DdsTunerCli root;
    @Option(names = { "-t", "--topic" }, paramLabel = "T", description = "A topic to record (repeatable).")
    List<String> topics = new ArrayList<>();
    @Option(names = "--all", description = "Record every topic an application uses (seen within --wait).")
    boolean all;
    @Option(names = { "-o", "--output" }, paramLabel = "F", description = "The MCAP file to create (must not exist).")
    String output;
    @Option(names = "--repair", paramLabel = "F", description = "Instead of recording: rebuild the index of F (a "
            + "recording that was killed) into F.repaired.mcap; F is not changed.")
    String repair;
    @Mixin
    SharedOptions.Duration duration;
    @Mixin
    SharedOptions.TypeSources types;
    @Mixin
    SharedOptions.Connection connection;
    @Mixin
    SharedOptions.Wait wait;
    @Mixin
    SharedOptions.Help help;
    @Mixin
    SharedOptions.Remote remote;
    @Option(names = "--max-rate", paramLabel = "N", description = "With --remote: at most N samples per second per "
            + "topic from the agent (1 to 10000, default: 10000); the rest are counted as dropped.")
    String maxRate;
    @Option(names = "--queue", paramLabel = "N", description = "With --remote: samples queued on each side per topic "
            + "(1 to 100000, default: 100000); overflow is counted as dropped.")
    String queue;

    @Override
    public Integer call() throws Exception {
        if (repair != null) {
            if (!topics.isEmpty() || all || output != null) {
                throw new CliException(Main.EXIT_USAGE, "--repair F takes no --topic, --all or --output");
            }
            return RecordCommand.repair(Path.of(repair), root.out);
        }
        if (output == null) {
            throw new CliException(Main.EXIT_USAGE, "record needs --output F.mcap");
        }
        if (topics.isEmpty() == !all) {
            throw new CliException(Main.EXIT_USAGE, "record needs the topics: --topic T (repeatable) or --all");
        }
        if (remote.given()) {
            return remote();
        }
        if (maxRate != null || queue != null) {
            throw new CliException(Main.EXIT_USAGE, "--max-rate and --queue go with --remote");
        }
        CliOptions common = new CliOptions();
        connection.into(common);
        wait.into(common);
        duration.into(common);
        List<TopicOptions> perTopic = new ArrayList<>();
        for (String t : all ? List.of("") : topics) {
            TopicOptions o = new TopicOptions(TopicOptions.Kind.SUBSCRIBE, t, common);
            types.into(o);
            perTopic.add(all ? o : o.check());
        }
        return new RecordCommand(common, perTopic, all, Path.of(output), root.out, root.err).run();
    }

    /** Through the agent: it resolves the types and reader QoS, so the local-reader options do not apply. */
    private int remote() throws InterruptedException {
        if (connection.domain != null || !connection.peers.isEmpty() || !"loopback".equals(connection.config)
                || connection.networkGiven() || !types.idl.isEmpty() || !types.rosMsgPaths.isEmpty()
                || types.type != null) {
            throw new CliException(Main.EXIT_USAGE, "record --remote reads through the agent, which resolves the "
                    + "types and QoS: --domain, --config, --peer, the network options, --idl, --ros-msg-path and --type "
                    + "belong to it");
        }
        CliOptions common = new CliOptions();
        wait.into(common);
        duration.into(common);
        int rate = maxRate == null ? 10_000 : OptionValues.wholeNumber("--max-rate", maxRate, 1, 10_000);
        int q = queue == null ? 100_000 : OptionValues.wholeNumber("--queue", queue, 1, 100_000);
        return new RemoteRecordCommand(remote.clientOptions(), all ? List.of() : topics, common, rate, q,
                Path.of(output), root.out, root.err).run();
    }
}
