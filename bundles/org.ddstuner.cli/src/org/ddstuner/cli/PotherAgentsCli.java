package org.ddstuner.cli;

import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.ParentCommand;

/** {@code ddstuner pother-agents}: the options; {@link PotherAgentsCommand} does the work. */
@Command(name = "pother-agents", abbreviateSynopsis = true,
        description = { "The Pother agents on the domain and their liveness.", "After --wait: each agent's state and "
                + "liveness (live, unresponsive (silent since hh:mm:ss), gone (since hh:mm:ss), stopped); --duration S: "
                + "keep watching and print each change.", "With --remote HOST:PORT --token-file F the agent ddstuner serve "
                + "runs there watches its domain's Pother agents (read-only) and the lines are the same." },
        exitCodeList = { DdsTunerCli.EXIT_0, "1:an agent is unresponsive or gone", DdsTunerCli.EXIT_2,
                DdsTunerCli.EXIT_3, DdsTunerCli.EXIT_4 })
final class PotherAgentsCli implements Callable<Integer> {

    @ParentCommand
    DdsTunerCli root;
    @Mixin
    SharedOptions.Connection connection;
    @Mixin
    SharedOptions.Remote remote;
    @Mixin
    SharedOptions.Wait wait;
    @Mixin
    SharedOptions.Json json;
    @Mixin
    SharedOptions.Duration duration;
    @Mixin
    SharedOptions.Help help;

    @Override
    public Integer call() throws InterruptedException {
        CliOptions o = new CliOptions();
        connection.into(o);
        wait.into(o);
        json.into(o);
        duration.into(o);
        if (remote.given()) {
            remote.refuseLocalConnection(connection);
            return new PotherAgentsCommand(o, root.out).runRemote(remote.clientOptions(), root.err);
        }
        return new PotherAgentsCommand(o, root.out).run();
    }
}
