package org.ddstuner.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

import org.ddstuner.config.edit.ConfigDocument;
import org.ddstuner.config.edit.ConfigEditException;
import org.ddstuner.config.schema.ConfigSchema;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/** {@code ddstuner config migrate FILE}: moved element names rewritten to where Cyclone has them now. */
@Command(name = "migrate", description = { "Rewrite the element names Cyclone moved to their current place.",
        "Older files put General, Internal, Discovery, … beside Domain, Domain's id in an Id element, socket buffer "
                + "minimums in Internal/Minimum…BufferSize, or everything in DDSI2E; each such element moves (its "
                + "children, attributes and comments with it) to where the option table of --library says it lives "
                + "now. Everything else stays byte for byte. Prints one line per move on stderr; the result goes to "
                + "--output (or stdout). Check it with config check." },
        exitCodeList = { "0:migrated (or nothing to migrate)", "1:the result would not be well-formed (nothing written)",
            "2:unreadable or malformed file, usage error" })
final class ConfigMigrateCli implements Callable<Integer> {

    @ParentCommand
    ConfigCli config;
    @Mixin
    SharedOptions.Help help;
    @Parameters(paramLabel = "FILE", description = "The Cyclone DDS configuration XML.")
    Path file;
    @Option(names = { "-o", "--output" }, paramLabel = "FILE", description = "Write the result here (may be FILE "
            + "itself; default: stdout).")
    Path output;
    @Option(names = "--library", paramLabel = "LINE", defaultValue = "0.10", description = "The Cyclone line whose "
            + "names to use: 0.10 (default) or 11.")
    String library;

    @Override
    public Integer call() {
        if (!library.equals("0.10") && !library.equals("11")) {
            throw new CliException(Main.EXIT_USAGE, "ddstuner config migrate: --library is 0.10 or 11, not " + library);
        }
        ConfigSchema schema = ConfigSchema.of(library.equals("11") ? "11.0.1" : "0.10.2");
        ConfigDocument d;
        try {
            d = ConfigDocument.read(file, schema);
        } catch (IOException e) {
            config.root.err.println("ddstuner config migrate: cannot read " + file + ": " + e.getMessage());
            return Main.EXIT_USAGE;
        } catch (ConfigEditException e) {
            config.root.err.println(e.format());
            return Main.EXIT_USAGE;
        }
        List<String> moves;
        try {
            moves = d.migrateAll();
        } catch (ConfigEditException e) {
            config.root.err.println(e.format());
            return Main.EXIT_EXPECTATION;
        }
        moves.forEach(m -> config.root.err.println(file + ": " + m));
        if (moves.isEmpty()) {
            config.root.err.println(file + ": nothing to migrate for Cyclone " + schema.version());
        }
        if (output == null) {
            config.root.out.print(d.text());
            return Main.EXIT_OK;
        }
        try {
            d.writeTo(output);
        } catch (IOException e) {
            config.root.err.println("ddstuner config migrate: cannot write " + output + ": " + e.getMessage());
            return Main.EXIT_USAGE;
        } catch (ConfigEditException e) {
            config.root.err.println(e.format());
            return Main.EXIT_EXPECTATION;
        }
        return Main.EXIT_OK;
    }
}
