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
 * {@code ddstuner gen-manpage DIR} (hidden): writes ddstuner.1 and ddstuner-COMMAND.1 for each listed sub-command (ddstuner-GROUP-COMMAND.1 below a group)
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
        writeSubcommands(top);
        return Main.EXIT_OK;
    }

    /** A page per listed sub-command, and per sub-command of a group (ddstuner-qos-set.1). */
    private void writeSubcommands(CommandLine parent) throws IOException {
        for (var e : parent.getSubcommands().entrySet()) {
            if (ManPage.listed(e.getKey(), e.getValue().getCommandSpec())) {
                write(e.getValue());
                writeSubcommands(e.getValue());
            }
        }
    }

    private void write(CommandLine cl) throws IOException {
        Path f = dir.resolve(ManPage.fileName(cl));
        Files.writeString(f, ManPage.of(cl), StandardCharsets.UTF_8);
        root.out.println(f);
    }
}
