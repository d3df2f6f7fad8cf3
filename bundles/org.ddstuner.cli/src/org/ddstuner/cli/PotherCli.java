package org.ddstuner.cli;

import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code ddstuner pother}: the options; {@link PotherCommand} does the work. */
@Command(name = "pother", abbreviateSynopsis = true,
        description = { "Run a Pother benchmark agent.", "Runs until stopped (Ctrl-C / SIGTERM, which still stops its tests and "
                + "announces \"stopped\"), --duration, or the end of process --parent-pid.",
                "Refuses to start (exit 3) if another agent already announces the same --app-id." },
        exitCodeList = { DdsTunerCli.EXIT_0, DdsTunerCli.EXIT_2, "3:another agent has this app id; " + "libddsc, "
                + "--config or domain" })
final class PotherCli implements Callable<Integer> {

    @ParentCommand
    DdsTunerCli root;
    @Spec
    CommandSpec spec;

    @Option(names = "--app-id", paramLabel = "N", description = "The number pother-run and the desktop address this "
            + "agent by (required).")
    String appId;
    @Option(names = "--group-id", paramLabel = "G", description = "The agent's group (default: none).")
    String groupId;
    @Option(names = "--parent-pid", paramLabel = "P", description = "Also stop when process P ends (the desktop that "
            + "started this agent).")
    String parentPid;
    @Mixin
    SharedOptions.Connection connection;
    @Mixin
    SharedOptions.Duration duration;
    @Mixin
    SharedOptions.Help help;

    @Override
    public Integer call() {
        CliOptions o = new CliOptions();
        connection.into(o);
        duration.into(o);
        return new PotherCommand(PotherOptions.of(spec.commandLine().getParseResult(), o), root.out).run();
    }
}
