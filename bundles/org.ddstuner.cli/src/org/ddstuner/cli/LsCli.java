package org.ddstuner.cli;

import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.ParentCommand;

/** {@code ddstuner ls}: the options; {@link LsCommand} does the work. {@link PsCli} is the same with another view. */
@Command(name = "ls", abbreviateSynopsis = true,
        description = { "Participants, endpoints, topics, partitions, mismatches and problems.",
                "Joins the domain, discovers for --wait seconds (or until every --expect-… is met) and prints "
                        + "participants, endpoints (with QoS), topics, partitions, pairs that do not match (and why) and "
                        + "problems.",
                "With --remote HOST:PORT --token-file F it reads the model of the agent ddstuner serve runs there "
                        + "instead; the agent's certificate is pinned on first use." },
        exitCodeList = { DdsTunerCli.EXIT_0, "1:an --expect-… not met within --wait", DdsTunerCli.EXIT_2,
                DdsTunerCli.EXIT_3, DdsTunerCli.EXIT_4 })
class LsCli implements Callable<Integer> {

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
    SharedOptions.NameFilter names;
    @Mixin
    SharedOptions.Expect expect;
    @Mixin
    SharedOptions.Help help;

    @Override
    public Integer call() {
        if (remote.given()) {
            remote.refuseLocalConnection(connection);
        }
        CliOptions o = new CliOptions();
        connection.into(o);
        wait.into(o);
        json.into(o);
        names.into(o);
        expect.into(o);
        return new LsCommand(o, remote.given() ? remote.clientOptions() : null, root.out, root.err).run(processesOnly());
    }

    boolean processesOnly() {
        return false;
    }
}
