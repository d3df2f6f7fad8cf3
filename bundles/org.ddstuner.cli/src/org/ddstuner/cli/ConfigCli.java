package org.ddstuner.cli;

import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code ddstuner config}: the group of new, check, explain, try and migrate (issue 16); alone it prints its usage. */
@Command(name = "config", abbreviateSynopsis = true,
        description = { "Write, check and explain Cyclone DDS configuration files.",
                "Sub-commands: config new --scenario NAME (a deployment's configuration by scenario), config check FILE "
                        + "(Cyclone's own verdict, from a libddsc in a private network namespace), config explain PATH "
                        + "(help, default, unit and range of an element for Cyclone 0.10.x and 11.x), config try FILE "
                        + "(a Pother benchmark on local agents under the current and the new configuration), config migrate FILE "
                        + "(moved element names rewritten to their current place)." },
        subcommands = { ConfigNewCli.class, ConfigCheckCli.class, ConfigExplainCli.class, ConfigTryCli.class, ConfigMigrateCli.class },
        exitCodeList = { DdsTunerCli.EXIT_0, "1:invalid (config check), unknown path (config explain)",
                "2:usage error, unreadable file", DdsTunerCli.EXIT_3 })
final class ConfigCli implements Callable<Integer> {

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
