package org.ddstuner.cli;

import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;

import org.ddstuner.config.check.CheckReport;
import org.ddstuner.config.check.ConfigChecker;
import org.ddstuner.config.check.ConfigProblem;
import org.ddstuner.config.check.CycloneJudge;
import org.ddstuner.json.StrictJson;

import com.fasterxml.jackson.core.JsonGenerator;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/** {@code ddstuner config check FILE}: Cyclone's verdict on a configuration file, each problem at its line. */
@Command(name = "check", description = { "Cyclone's own verdict on a configuration file.",
        "The file goes to the loaded libddsc (or --library) in a child process inside a new private network "
                + "namespace (unshare) with stand-ins for the interfaces the file names: a domain is created without "
                + "any way to reach this host's network. Prints FILE:LINE: element: message per problem. Interfaces "
                + "this host lacks are reported apart (\"this host\"): the file may be for another node." },
        exitCodeList = { "0:valid (Cyclone accepts it; warnings and missing interfaces of this host are printed)",
            "1:invalid: not well-formed, or Cyclone rejects it", "2:unreadable file or usage error",
            "3:no verdict: a private network namespace could not be made (unshare) or libddsc failed" })
final class ConfigCheckCli implements Callable<Integer> {

    @ParentCommand
    ConfigCli config;
    @Mixin
    SharedOptions.Json json;
    @Mixin
    SharedOptions.Help help;
    @Parameters(paramLabel = "FILE", description = "The Cyclone DDS configuration XML.")
    Path file;
    @Option(names = "--library", paramLabel = "LIBDDSC", description = "Judge with this libddsc file (e.g. a 11.x one) "
            + "instead of the one DDS Tuner loads.")
    Path library;

    @Override
    public Integer call() {
        if (!Files.isReadable(file) || Files.isDirectory(file)) {
            config.root.err.println("ddstuner config check: cannot read " + file);
            return Main.EXIT_USAGE;
        }
        CheckReport r;
        try {
            r = new ConfigChecker(new CycloneJudge(library)).check(file);
        } catch (IOException e) {
            config.root.err.println("ddstuner config check: cannot read " + file + ": " + e.getMessage());
            return Main.EXIT_USAGE;
        } catch (CycloneJudge.UnavailableException e) {
            throw new CliException(Main.EXIT_ENVIRONMENT, "ddstuner config check: no verdict: " + e.getMessage());
        }
        if (json.json) {
            config.root.out.println(toJson(r));
        } else {
            for (ConfigProblem p : r.problems()) {
                String line = p.format(r.file());
                config.root.out.println(switch (p.kind()) {
                    case WARNING -> line + " (warning)";
                    case INTERFACE_MISSING -> line + " (this host)";
                    default -> line;
                });
            }
            config.root.err.println(r.file() + ": " + (r.valid() ? "valid" : "INVALID")
                    + (r.libraryVersion() == null ? " (not well-formed XML: Cyclone never saw it)"
                            : " for Cyclone " + r.libraryVersion()));
        }
        return r.valid() ? Main.EXIT_OK : Main.EXIT_EXPECTATION;
    }

    static String toJson(CheckReport r) {
        StringWriter w = new StringWriter();
        try (JsonGenerator g = StrictJson.generator(w)) {
            g.writeStartObject();
            g.writeStringField("file", r.file());
            g.writeBooleanField("valid", r.valid());
            g.writeStringField("library", r.libraryVersion());
            g.writeStringField("isolation", r.isolation());
            g.writeArrayFieldStart("problems");
            for (ConfigProblem p : r.problems()) {
                g.writeStartObject();
                g.writeNumberField("line", p.line());
                g.writeStringField("element", p.element());
                g.writeStringField("message", p.message());
                g.writeStringField("kind", p.kind().name().toLowerCase(java.util.Locale.ROOT));
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeEndObject();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        return w.toString();
    }
}
