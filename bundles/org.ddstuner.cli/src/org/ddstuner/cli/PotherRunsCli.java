package org.ddstuner.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code ddstuner pother-runs [csv ID]}: the options; {@link PotherRunsCommand} does the work. */
@Command(name = "pother-runs", abbreviateSynopsis = true,
        description = { "List the saved benchmark runs, or print one as CSV.", "The saved benchmark runs (the desktop's and pother-run's), newest first: id, kind, state, "
                + "start, label (--json: one object per line).",
                "pother-runs csv ID: run ID as CSV (the desktop's export)." },
        exitCodeList = { DdsTunerCli.EXIT_0, "1:no saved run ID", DdsTunerCli.EXIT_2, "3:the runs folder cannot be read" })
final class PotherRunsCli implements Callable<Integer>, UsageErrors.Refusing {

    @ParentCommand
    DdsTunerCli root;
    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "csv ID", arity = "0..*", description = "csv and a run id: print that run as CSV.")
    List<String> args = new ArrayList<>();
    @Option(names = "--runs-dir", paramLabel = "DIR", description = "The runs folder (default: -Dddstuner.runs.dir or "
            + "~/.ddstuner/runs).")
    String runsDir;
    @Mixin
    SharedOptions.Json json;
    @Mixin
    SharedOptions.Help help;

    @Override
    public Integer call() {
        CliOptions o = new CliOptions();
        json.into(o);
        return new PotherRunsCommand(args, PotherOptions.of(spec.commandLine().getParseResult(), o), root.out).run();
    }

    @Override
    public String refusedOptionHint() {
        return "it only reads saved runs.";
    }
}
