package org.ddstuner.cli;

import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.ParentCommand;

/** {@code ddstuner version} (also {@code ddstuner --version}): {@link VersionCommand}. */
@Command(name = "version", description = { "Versions of DDS Tuner, Java, its libraries and libddsc.",
        "Prints the versions of DDS Tuner, Java, picocli and Jackson, and the libddsc in use (its path and features)." },
        exitCodeList = { DdsTunerCli.EXIT_0, "3:libddsc not found" })
final class VersionCli implements Callable<Integer> {

    @ParentCommand
    DdsTunerCli root;
    @Mixin
    SharedOptions.Help help;

    @Override
    public Integer call() {
        return VersionCommand.run(root.out);
    }
}
