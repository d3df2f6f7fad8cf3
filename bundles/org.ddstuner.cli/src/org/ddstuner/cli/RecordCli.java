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
                + "recording that was killed into F.repaired.mcap with its index." },
        exitCodeList = { DdsTunerCli.EXIT_0, "1:a --topic not seen within --wait, or nothing to record",
                "2:usage error, the output exists already (never overwritten), a file --repair cannot read",
                DdsTunerCli.EXIT_3 })
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
}
