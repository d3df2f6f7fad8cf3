package org.ddstuner.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/** {@code ddstuner publish TOPIC --json '{…}'}: the options; {@link PublishCommand} does the work. */
@Command(name = "publish", abbreviateSynopsis = true,
        description = { "Write samples to a topic.", "Writes samples (one JSON value or an array) with QoS matching the topic's readers, after "
                + "waiting --wait for them to match; prints what goes where. Running it is the confirmation.",
                "Bad JSON exits 2 naming the JSON path ($.points[0].x).",
                "With --remote HOST:PORT --token-file F the agent ddstuner serve runs there writes (it must allow "
                        + "write); it resolves the type and QoS, refuses a bad value before writing anything." },
        exitCodeList = { DdsTunerCli.EXIT_0, "1:the topic or its type not found, or no reader matched within --wait",
                DdsTunerCli.EXIT_2, DdsTunerCli.EXIT_3, "4:refused by the remote agent (token, not allowed to write) or "
                        + "its certificate is not the pinned one" })
final class PublishCli implements Callable<Integer> {

    @ParentCommand
    DdsTunerCli root;
    @Parameters(index = "0", paramLabel = "TOPIC", description = "The topic's name.")
    String topic;
    @Option(names = "--json", paramLabel = "JSON", description = "The sample(s): one JSON value, or an array of them.")
    String json;
    @Option(names = "--json-file", paramLabel = "FILE", description = "The sample(s) as in --json, from FILE.")
    String jsonFile;
    @Option(names = { "-n", "--count" }, paramLabel = "N", description = "Write N samples, cycling through the given "
            + "ones (0: until stopped; default: each once).")
    String count;
    @Option(names = "--rate", paramLabel = "HZ", description = "Samples per second (default: as fast as possible).")
    String rate;
    @Option(names = "--dispose", description = "Dispose the given samples' instances instead of writing them.")
    boolean dispose;
    @Option(names = { "-p", "--partition" }, paramLabel = "P", description = "Use partition P instead of the derived "
            + "ones (repeatable).")
    List<String> partitions = new ArrayList<>();
    @Mixin
    SharedOptions.TypeSources types;
    @Mixin
    SharedOptions.Connection connection;
    @Mixin
    SharedOptions.Wait wait;
    @Mixin
    SharedOptions.Remote remote;
    @Mixin
    SharedOptions.Help help;

    @Override
    public Integer call() throws InterruptedException {
        if (remote.given()) {
            return remote();
        }
        CliOptions common = new CliOptions();
        connection.into(common);
        wait.into(common);
        TopicOptions o = new TopicOptions(TopicOptions.Kind.PUBLISH, topic, common);
        types.into(o);
        o.jsonText = json;
        o.jsonFile = jsonFile == null ? null : Path.of(jsonFile);
        if (count != null) {
            o.count = TopicOptions.count("--count", count);
        }
        if (rate != null) {
            o.rate = OptionValues.nonNegative("--rate", rate, "a number");
        }
        o.dispose = dispose;
        o.partitions.addAll(partitions);
        return new PublishCommand(o.check(), root.out, root.err).run();
    }

    /** Through the agent, which resolves the type and QoS: the local type sources and domain options do not apply. */
    private int remote() {
        if (connection.domain != null || !connection.peers.isEmpty() || !"loopback".equals(connection.config)
                || connection.networkGiven() || !types.idl.isEmpty() || !types.rosMsgPaths.isEmpty() || count != null
                || rate != null) {
            throw new CliException(Main.EXIT_USAGE, "publish --remote writes through the agent, which resolves the "
                    + "type and QoS: --domain, --config, --peer, the network options, --idl, --ros-msg-path, --count and "
                    + "--rate belong to it");
        }
        if ((json == null) == (jsonFile == null)) {
            throw new CliException(Main.EXIT_USAGE, "publish needs either --json or --json-file");
        }
        CliOptions w = new CliOptions();
        wait.into(w);
        return RemoteTopicCommands.publish(topic, types.type, json, jsonFile == null ? null : Path.of(jsonFile), dispose,
                partitions, w.waitSeconds, remote.clientOptions(), root.out, root.err);
    }
}
