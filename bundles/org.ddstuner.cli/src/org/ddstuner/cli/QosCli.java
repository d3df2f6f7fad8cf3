package org.ddstuner.cli;

import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code ddstuner qos}: the group of caps, show, set and override (issue 14); alone it prints its usage. */
@Command(name = "qos", abbreviateSynopsis = true,
        description = { "QoS capabilities; show, set and override the QoS of another process's entities.",
                "Sub-commands: qos caps (which policies can change how, on the loaded libddsc), qos show GUID and "
                        + "qos set GUID POLICY=VALUE… (an entity of a process running the DDS Tuner agent), qos override "
                        + "(writes the override file the agent applies when the process starts next)." },
        subcommands = { QosCapsCli.class, QosShowCli.class, QosSetCli.class, QosOverrideCli.class },
        exitCodeList = { DdsTunerCli.EXIT_0, "1:refused (with the reason), not found or not confirmed",
                DdsTunerCli.EXIT_2, DdsTunerCli.EXIT_3 })
final class QosCli implements Callable<Integer> {

    @ParentCommand
    DdsTunerCli root;
    @Spec
    CommandSpec spec;
    @Mixin
    SharedOptions.Help help;

    @Override
    public Integer call() {
        spec.commandLine().usage(root.err);
        return Main.EXIT_USAGE;
    }
}
