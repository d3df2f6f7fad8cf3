package org.ddstuner.cli;

import java.util.concurrent.Callable;

import org.ddstuner.connection.ConnectionProfile;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.ParentCommand;

/** {@code ddstuner demo}: the options; {@link DemoCommand} does the work. */
@Command(name = "demo", abbreviateSynopsis = true,
        description = { "Run the built-in demo system.", "On domain " + ConnectionProfile.DEMO_DOMAIN
                + " unless --domain, until stopped (Ctrl-C / SIGTERM) or --duration." },
        exitCodeList = { DdsTunerCli.EXIT_0, DdsTunerCli.EXIT_2, DdsTunerCli.EXIT_3 })
final class DemoCli implements Callable<Integer> {

    @ParentCommand
    DdsTunerCli root;
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
        return new DemoCommand(o, root.out).run();
    }
}
