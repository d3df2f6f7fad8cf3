package org.ddstuner.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/** {@code ddstuner watch --rules FILE}: the options; {@link WatchCommand} does the work. */
@Command(name = "watch", abbreviateSynopsis = true,
        description = { "Watch topics against a rules file and report problems as they fire and clear.",
                "Each topic a rule names (by topic and participant pattern) is read with a reader whose QoS mirrors "
                        + "its writers'; libddsc's statuses (deadline missed, liveliness, sample lost/rejected, "
                        + "incompatible QoS) and the samples' rate become events, one line each (with --json one "
                        + "object: event fired|cleared, rule, condition, severity, topic, participantGuid, participant, "
                        + "time, firedAt, detail). Rules file format: see README (Health and alerts).",
                "With --remote HOST:PORT --token-file F the agent ddstuner serve runs there watches in its domain with "
                        + "these rules and sends the events back; after a link cut or an agent restart the watch is "
                        + "started again (a note says so: what fired in between may be missed)." },
        exitCodeList = { "0:no problem of severity error fired", DdsTunerCli.EXIT_2, DdsTunerCli.EXIT_3,
                DdsTunerCli.EXIT_4,
                "5:a problem of severity error fired during the watch" })
final class WatchCli implements Callable<Integer> {

    @ParentCommand
    DdsTunerCli root;
    @Option(names = { "-r", "--rules" }, paramLabel = "FILE", required = true, description = "The rules file (JSON).")
    Path rules;
    @Option(names = { "-t", "--topic" }, paramLabel = "T", description = "Also watch topic T with the rules whose "
            + "topic pattern is * (or the default rules when none is; repeatable).")
    List<String> topics = new ArrayList<>();
    @Option(names = "--idl", paramLabel = "FILE", description = "Import IDL (repeatable) for topics whose writers do "
            + "not send their type (needed for a rule's sequenceField).")
    List<Path> idl = new ArrayList<>();
    @Option(names = "--ros-msg-path", paramLabel = "DIR", description = "ROS 2 share folder(s) with "
            + "<pkg>/msg/<Name>.msg (repeatable).")
    List<Path> rosMsgPaths = new ArrayList<>();
    @Mixin
    SharedOptions.Duration duration;
    @Mixin
    SharedOptions.Json json;
    @Mixin
    SharedOptions.Connection connection;
    @Mixin
    SharedOptions.Help help;
    @Mixin
    SharedOptions.Remote remote;

    @Override
    public Integer call() throws InterruptedException {
        CliOptions common = new CliOptions();
        duration.into(common);
        json.into(common);
        if (remote.given()) {
            if (connection.domain != null || !connection.peers.isEmpty() || !"loopback".equals(connection.config)
                    || connection.networkGiven() || !idl.isEmpty() || !rosMsgPaths.isEmpty()) {
                throw new CliException(Main.EXIT_USAGE, "watch --remote watches in the agent's domain, which resolves "
                        + "the types: --domain, --config, --peer, the network options, --idl and --ros-msg-path belong "
                        + "to it");
            }
            return new RemoteWatchCommand(common, remote.clientOptions(), rules, topics, root.out, root.err).run();
        }
        connection.into(common);
        return new WatchCommand(common, rules, topics, idl, rosMsgPaths, root.out, root.err).run();
    }
}
