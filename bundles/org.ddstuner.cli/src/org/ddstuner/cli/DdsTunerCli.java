package org.ddstuner.cli;

import java.io.PrintStream;
import java.util.concurrent.Callable;

import picocli.AutoComplete;
import picocli.CommandLine.Command;
import picocli.CommandLine.HelpCommand;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * The top-level {@code ddstuner} command: its sub-commands, the overview {@code ddstuner help} prints, and
 * {@code --version}. The sub-commands print to this command's streams (the process's, or a test's).
 */
@Command(name = "ddstuner", sortOptions = false,
        header = "DDS Tuner — discover, inspect and tune live DDS systems (Eclipse Cyclone DDS).",
        synopsisHeading = "%nUsage: ",
        customSynopsis = { "ddstuner                     open the desktop application (the start script)",
                "       ddstuner COMMAND [OPTIONS]   run a command headless",
                "       ddstuner COMMAND --help      that command's options" },
        commandListHeading = "%nCommands:%n",
        subcommands = { LsCli.class, PsCli.class, DemoCli.class, PotherCli.class, PotherRunCli.class,
                PotherRunsCli.class, PotherAgentsCli.class, TypeofCli.class, SubscribeCli.class, PublishCli.class,
                RecordCli.class, ReplayCli.class, WatchCli.class, QosCli.class, ConfigCli.class,
                ServeCli.class, VersionCli.class, HelpCommand.class, AutoComplete.GenerateCompletion.class, GenManpageCli.class },
        optionListHeading = "%nOptions:%n",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = { DdsTunerCli.EXIT_0, DdsTunerCli.EXIT_1, DdsTunerCli.EXIT_2, DdsTunerCli.EXIT_3,
                DdsTunerCli.EXIT_4 },
        footerHeading = "%nJSON:%n",
        footer = { "ls --json is one document {participants, endpoints, topics, partitions, matches, problems}; a match "
                + "that fails has reasons (sentences) and why [{check, short, explanation, fix}]; ps --json is {hosts: "
                + "[{host, processes: [{pid, process, user, participants}]}]}. Times are ISO-8601 strings, GUIDs dotted "
                + "hex, unknown values null. QoS durations are always seconds as a number (0.1, 10) or the string "
                + "\"infinite\"." })
final class DdsTunerCli implements Callable<Integer> {

    static final String EXIT_0 = "0:ok";
    static final String EXIT_1 = "1:not found or not met within --wait (an --expect-…, the topic, its type, subscribe "
            + "--count by --timeout, no reader for publish, agents or samples of pother-run)";
    static final String EXIT_2 = "2:usage error or bad input (option, IDL, JSON, filter, --peer)";
    static final String EXIT_3 = "3:environment (libddsc, a --config file that is missing, malformed or rejected by "
            + "Cyclone, domain, a remote agent that cannot be reached)";
    static final String EXIT_4 = "4:refused by the remote agent (token) or its certificate is not the pinned one";

    final PrintStream out;
    final PrintStream err;

    @Spec
    CommandSpec spec;

    @Option(names = { "-h", "--help" }, usageHelp = true, description = "Show this overview and exit.")
    boolean help;

    @Option(names = "--version", description = "Print the versions of DDS Tuner, Java, its libraries and the "
            + "libddsc in use, and exit.")
    boolean version;

    DdsTunerCli(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
    }

    /** No sub-command: {@code --version}, or the overview with exit 2 (as before picocli). */
    @Override
    public Integer call() {
        if (version) {
            return VersionCommand.run(out);
        }
        spec.commandLine().usage(out);
        return Main.EXIT_USAGE;
    }
}
