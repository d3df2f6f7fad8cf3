package org.ddstuner.cli;

import java.util.Optional;
import java.util.concurrent.Callable;

import org.ddstuner.config.schema.ConfigSchema;
import org.ddstuner.config.schema.OptionInfo;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/** {@code ddstuner config explain PATH}: what an element means, per Cyclone library line. */
@Command(name = "explain", description = { "Help, default, unit and range of a configuration element for Cyclone 0.10.x and 11.x.",
        "PATH as in Cyclone's messages or documentation, any case: //CycloneDDS/Domain/General/MaxMessageSize, "
                + "Domain/Discovery/Peers/Peer[@Address], General/Interfaces (Domain/ may be left out). From Cyclone's own "
                + "option tables (0.10.2 and 11.0.1, EPL-2.0 OR BSD-3-Clause); deprecated and moved names say what "
                + "replaces them." },
        exitCodeList = { DdsTunerCli.EXIT_0, "1:neither library line knows PATH", "2:usage error" })
final class ConfigExplainCli implements Callable<Integer> {

    @ParentCommand
    ConfigCli config;
    @Mixin
    SharedOptions.Help help;
    @Parameters(paramLabel = "PATH", description = "The element or attribute, e.g. Domain/General/MaxMessageSize.")
    String path;

    @Override
    public Integer call() {
        var out = config.root.out;
        boolean found = false;
        for (String v : ConfigSchema.CATALOGUED) {
            ConfigSchema s = ConfigSchema.of(v);
            Optional<OptionInfo> o = s.find(path);
            if (o.isEmpty() && !path.regionMatches(true, 0, "CycloneDDS", 0, 10) && !path.regionMatches(true, 0, "Domain", 0, 6)
                    && !path.regionMatches(true, 0, "//", 0, 2)) {
                o = s.find("Domain/" + path);
            }
            String line = v.startsWith("0.10") ? "0.10.x" : "11.x";
            out.println("== Cyclone " + line + " (option table of " + v + ")");
            if (o.isEmpty()) {
                Optional<String> moved = s.migrate(path);
                out.println(moved.map(m -> "  moved: write it as //" + m).orElse("  not an element of this version"));
                out.println();
                found |= moved.isPresent();
                continue;
            }
            found = true;
            OptionInfo i = o.get();
            out.println("//" + i.path() + (i.isAttribute() ? "  (attribute)" : i.isGroup() ? "  (group)" : ""));
            if (i.isMoved()) {
                out.println("  moved: write it as //" + i.movedTo());
                out.println();
                continue;
            }
            if (i.deprecated()) {
                out.println("  DEPRECATED (still accepted)");
            }
            row(out, "type", i.typeLine());
            row(out, "default", i.defaultValue() == null ? null : i.defaultValue().isEmpty() ? "(empty)" : i.defaultValue());
            row(out, "unit", i.unit());
            row(out, "range", i.range());
            row(out, "values", i.values().isEmpty() ? null : String.join(", ", i.values()));
            row(out, "occurs", "1".equals(i.multiplicity()) ? null : "INT_MAX".equals(i.multiplicity()) ? "any number of times"
                    : i.multiplicity());
            row(out, "needs", i.flags().isEmpty() ? null : "a libddsc built with " + String.join(", ", i.flags()));
            if (i.isGroup()) {
                row(out, "children", String.join(", ", s.children(i.path()).stream().map(OptionInfo::name).toList()));
            }
            out.println();
            for (String para : i.help().split("\n\n")) {
                out.println(wrap(para, "  "));
            }
            out.println();
        }
        if (!found) {
            config.root.err.println("ddstuner config explain: neither Cyclone 0.10.x nor 11.x knows " + path);
            return Main.EXIT_EXPECTATION;
        }
        return Main.EXIT_OK;
    }

    private static void row(java.io.PrintStream out, String key, String value) {
        if (value != null && !value.isBlank()) {
            out.printf("  %-9s %s%n", key + ":", value);
        }
    }

    private static String wrap(String text, String indent) {
        StringBuilder sb = new StringBuilder();
        StringBuilder line = new StringBuilder(indent);
        for (String w : text.replace('\n', ' ').split(" +")) {
            if (line.length() + w.length() + 1 > 100 && line.length() > indent.length()) {
                sb.append(line).append('\n');
                line = new StringBuilder(indent);
            }
            line.append(line.length() > indent.length() ? " " : "").append(w);
        }
        return sb.append(line).toString();
    }
}
