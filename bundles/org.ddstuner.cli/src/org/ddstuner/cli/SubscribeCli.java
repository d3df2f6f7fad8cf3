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
                + "field=value…) or, with --json, one JSON object per line. Ctrl-C stops cleanly.",
                "With --remote HOST:PORT --token-file F the agent ddstuner serve runs there reads the topic and streams "
                        + "the samples (at most --max-rate per second); the link's state and every sample dropped, by "
                        + "cause, are printed on stderr." },
        exitCodeList = { DdsTunerCli.EXIT_0, "1:the topic or its type not found within --wait, or fewer than --count "
                + "samples by --timeout", DdsTunerCli.EXIT_2, DdsTunerCli.EXIT_3, DdsTunerCli.EXIT_4 })
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
    @Mixin
    SharedOptions.Remote remote;
    @Option(names = "--max-rate", paramLabel = "N", description = "With --remote: at most N samples per second from "
            + "the agent (1 to 10000, default: 1000); the rest are counted as dropped.")
    String maxRate;
    @Option(names = "--queue", paramLabel = "N", description = "With --remote: samples queued on each side (1 to "
            + "100000, default: 10000); overflow is counted as dropped.")
    String queue;

    @Override
    public Integer call() throws InterruptedException {
        if (remote.given()) {
            return remote();
        }
        if (maxRate != null || queue != null) {
            throw new CliException(Main.EXIT_USAGE, "--max-rate and --queue go with --remote");
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

    /** Through the agent: type, QoS and partitions are resolved there, so the local-reader options do not apply. */
    private int remote() throws InterruptedException {
        if (connection.domain != null || !connection.peers.isEmpty() || !"loopback".equals(connection.config)
                || connection.networkGiven() || filter != null || !partitions.isEmpty() || !types.idl.isEmpty()
                || !types.rosMsgPaths.isEmpty() || types.type != null || wait.wait != null) {
            throw new CliException(Main.EXIT_USAGE, "subscribe --remote reads through the agent, which resolves the "
                    + "type, QoS and partitions: --domain, --config, --peer, the network options, --filter, --partition, "
                    + "--idl, --ros-msg-path, --type and --wait belong to it");
        }
        int rate = maxRate == null ? 1000 : OptionValues.wholeNumber("--max-rate", maxRate, 1, 10_000);
        int q = queue == null ? 10_000 : OptionValues.wholeNumber("--queue", queue, 1, 100_000);
        long n = count == null ? -1 : TopicOptions.count("--count", count);
        double t = timeout == null ? -1 : OptionValues.nonNegative("--timeout", timeout, "a number");
        return new RemoteSubscribeCommand(topic, remote.clientOptions(), rate, q, n, t, json.json, root.out, root.err)
                .run();
    }
}
