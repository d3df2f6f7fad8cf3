package org.ddstuner.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/** {@code ddstuner subscribe TOPIC}: the options; {@link SubscribeCommand} does the work. */
@Command(name = "subscribe", abbreviateSynopsis = true,
        description = { "Print a topic's samples as they arrive.", "Reads the topic with a reader whose QoS matches its writers; one line per sample (time, writer, "
                + "field=value…) or, with --json, one JSON object per line. Ctrl-C stops cleanly." },
        exitCodeList = { DdsTunerCli.EXIT_0, "1:the topic or its type not found within --wait, or fewer than --count "
                + "samples by --timeout", DdsTunerCli.EXIT_2, DdsTunerCli.EXIT_3 })
final class SubscribeCli implements Callable<Integer> {

    @ParentCommand
    DdsTunerCli root;
    @Parameters(index = "0", paramLabel = "TOPIC", description = "The topic's name.")
    String topic;
    @Option(names = { "-n", "--count" }, paramLabel = "N", description = "Stop after N samples.")
    String count;
    @Option(names = "--timeout", paramLabel = "S", description = "Stop after S seconds (default: until stopped).")
    String timeout;
    @Option(names = { "-f", "--filter" }, paramLabel = "EXPR", description = "Only samples for which EXPR holds, e.g. "
            + "'id == 2 && pos.x > 1.5', '@instance_state == \"NOT_ALIVE_DISPOSED\"'.")
    String filter;
    @Option(names = { "-p", "--partition" }, paramLabel = "P", description = "Use partition P instead of the derived "
            + "ones (repeatable).")
    List<String> partitions = new ArrayList<>();
    @Mixin
    SharedOptions.Json json;
    @Mixin
    SharedOptions.TypeSources types;
    @Mixin
    SharedOptions.Connection connection;
    @Mixin
    SharedOptions.Wait wait;
    @Mixin
    SharedOptions.Help help;
    /**
     * Not served yet: the agent streams samples as JSON objects (RemoteClient.subscribe), while this command prints
     * typed samples through its filter and line format; taken (hidden) only to say so instead of "unknown option".
     */
    @Option(names = "--remote", hidden = true)
    String remote;

    @Override
    public Integer call() throws InterruptedException {
        if (remote != null) {
            throw new CliException(Main.EXIT_USAGE, "subscribe --remote is not supported yet (only ls and ps read a "
                    + "remote agent): run subscribe on the agent's host, or join its domain");
        }
        CliOptions common = new CliOptions();
        connection.into(common);
        wait.into(common);
        TopicOptions o = new TopicOptions(TopicOptions.Kind.SUBSCRIBE, topic, common);
        types.into(o);
        o.jsonOutput = json.json;
        if (count != null) {
            o.count = TopicOptions.count("--count", count);
        }
        if (timeout != null) {
            o.timeoutSeconds = OptionValues.nonNegative("--timeout", timeout, "a number");
        }
        o.sampleFilter = filter;
        o.partitions.addAll(partitions);
        return new SubscribeCommand(o.check(), root.out, root.err).run();
    }
}
