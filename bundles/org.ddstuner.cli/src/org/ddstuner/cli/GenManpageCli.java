package org.ddstuner.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code ddstuner gen-manpage DIR} (hidden): writes ddstuner.1 and ddstuner-COMMAND.1 for each listed sub-command
 * into DIR, from the same model as {@code --help} ({@link ManPage}). The product ships the pages made this way
 * (features/org.ddstuner.feature/rootfiles/share/man/man1; a test fails when they differ from the model).
 */
@Command(name = "gen-manpage", hidden = true, description = "Write the man pages (ddstuner.1, ddstuner-COMMAND.1) into DIR.")
final class GenManpageCli implements Callable<Integer> {

    @ParentCommand
    DdsTunerCli root;
    @Spec
    CommandSpec spec;
    @Parameters(paramLabel = "DIR", description = "The folder to write the pages into (created if missing).")
    Path dir;

    @Override
    public Integer call() throws IOException {
        CommandLine top = spec.commandLine().getParent();
        Files.createDirectories(dir);
        write(top);
        for (var e : top.getSubcommands().entrySet()) {
            if (ManPage.listed(e.getKey(), e.getValue().getCommandSpec())) {
                write(e.getValue());
            }
        }
        return Main.EXIT_OK;
    }

    private void write(CommandLine cl) throws IOException {
        Path f = dir.resolve(ManPage.fileName(cl));
        Files.writeString(f, ManPage.of(cl), StandardCharsets.UTF_8);
        root.out.println(f);
    }
}
