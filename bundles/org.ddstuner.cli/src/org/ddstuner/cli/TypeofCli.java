package org.ddstuner.cli;

import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/** {@code ddstuner typeof TOPIC}: the options; {@link TypeofCommand} does the work. */
@Command(name = "typeof", abbreviateSynopsis = true,
        description = { "A topic's type as IDL, and where it came from.", "The topic's type as IDL, where it came from (over the wire, --idl, ROS 2 message, the ROS 2 "
                + "node's type description service) and why other sources failed; --json: one JSON document.",
                "With --remote HOST:PORT --token-file F: the type as the agent ddstuner serve runs there resolves it." },
        exitCodeList = { DdsTunerCli.EXIT_0, "1:the topic or its type not found within --wait", DdsTunerCli.EXIT_2,
                DdsTunerCli.EXIT_3, DdsTunerCli.EXIT_4 })
final class TypeofCli implements Callable<Integer> {

    @ParentCommand
    DdsTunerCli root;
    @Parameters(index = "0", paramLabel = "TOPIC", description = "The topic's name.")
    String topic;
    @Mixin
    SharedOptions.TypeSources types;
    @Mixin
    SharedOptions.Json json;
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
            if (connection.domain != null || !connection.peers.isEmpty() || !"loopback".equals(connection.config)
                    || connection.networkGiven() || !types.idl.isEmpty() || !types.rosMsgPaths.isEmpty()
                    || wait.wait != null) {
                throw new CliException(Main.EXIT_USAGE, "typeof --remote asks the agent, which resolves the type: "
                        + "--domain, --config, --peer, the network options, --idl, --ros-msg-path and --wait belong "
                        + "to it");
            }
            return RemoteTopicCommands.typeof(topic, types.type, remote.clientOptions(), json.json, root.out,
                    root.err);
        }
        CliOptions common = new CliOptions();
        connection.into(common);
        wait.into(common);
        TopicOptions o = new TopicOptions(TopicOptions.Kind.TYPEOF, topic, common);
        types.into(o);
        o.jsonOutput = json.json;
        return new TypeofCommand(o.check(), root.out).run();
    }
}
