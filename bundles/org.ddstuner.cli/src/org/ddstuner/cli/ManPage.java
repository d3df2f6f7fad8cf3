package org.ddstuner.cli;

import java.util.List;
import java.util.Map;

import picocli.CommandLine;
import picocli.CommandLine.HelpCommand;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * A man page (troff, man macros) from picocli's model of a command: what {@code --help} says, laid out as
 * NAME, SYNOPSIS, DESCRIPTION, OPTIONS, EXIT STATUS. picocli-codegen's ManPageGenerator writes AsciiDoc, which needs
 * Asciidoctor (a Ruby tool the build cannot fetch) to become troff; the man macros are small enough to write
 * directly. No date or build qualifier in the page, so a page only changes when the model does.
 */
final class ManPage {

    private ManPage() {
    }

    /** The page of {@code cl}: {@code ddstuner} or one of its sub-commands (then named ddstuner-NAME). */
    static String of(CommandLine cl) {
        CommandSpec spec = cl.getCommandSpec();
        boolean top = cl.getParent() == null;
        String page = pageName(cl);
        StringBuilder sb = new StringBuilder();
        sb.append(".\\\" -*- coding: UTF-8 -*-\n");
        sb.append(".\\\" Generated from the picocli model by 'ddstuner gen-manpage DIR'; do not edit.\n");
        sb.append(".TH \"").append(page.toUpperCase(java.util.Locale.ROOT)).append("\" 1 \"\" \"DDS Tuner\" \"DDS Tuner Manual\"\n");
        sb.append(".nh\n.ad l\n"); // option names and paths are not to be hyphenated or stretched
        sb.append(".SH NAME\n").append(text(page)).append(" \\- ").append(text(firstSentence(summary(spec)))).append('\n');
        sb.append(".SH SYNOPSIS\n");
        if (top) {
            sb.append(".B ddstuner\n.br\n.B ddstuner\n.I COMMAND\n[\\fIOPTIONS\\fR]\n");
        } else {
            sb.append(".B ").append(text(spec.qualifiedName())).append('\n').append("[\\fIOPTIONS\\fR]");
            for (PositionalParamSpec p : spec.positionalParameters()) {
                if (!p.hidden()) {
                    sb.append(p.arity().min == 0 ? " [\\fI" + text(p.paramLabel()) + "\\fR]" : " \\fI" + text(p.paramLabel()) + "\\fR");
                }
            }
            sb.append('\n');
        }
        sb.append(".SH DESCRIPTION\n");
        for (String line : top ? spec.usageMessage().header() : spec.usageMessage().description()) {
            sb.append(".PP\n").append(text(line)).append('\n');
        }
        if (top) {
            sb.append(".SH COMMANDS\n");
            for (Map.Entry<String, CommandLine> e : cl.getSubcommands().entrySet()) {
                CommandSpec sub = e.getValue().getCommandSpec();
                if (listed(e.getKey(), sub)) {
                    sb.append(".TP\n.B ").append(text(e.getKey())).append('\n').append(text(summary(sub)))
                            .append("\nSee \\fBddstuner\\-").append(text(e.getKey())).append("\\fR(1).\n");
                }
            }
        }
        if (!top && !cl.getSubcommands().isEmpty()) { // a group (qos): one page per sub-command
            sb.append(".SH COMMANDS\n");
            for (Map.Entry<String, CommandLine> e : cl.getSubcommands().entrySet()) {
                if (listed(e.getKey(), e.getValue().getCommandSpec())) {
                    sb.append(".TP\n.B ").append(text(e.getKey())).append('\n')
                            .append(text(summary(e.getValue().getCommandSpec()))).append("\nSee \\fB")
                            .append(text(pageName(e.getValue()))).append("\\fR(1).\n");
                }
            }
        }
        List<PositionalParamSpec> params = spec.positionalParameters().stream().filter(p -> !p.hidden()).toList();
        if (!params.isEmpty()) {
            sb.append(".SH ARGUMENTS\n");
            for (PositionalParamSpec p : params) {
                sb.append(".TP\n\\fI").append(text(p.paramLabel())).append("\\fR\n")
                        .append(text(String.join(" ", p.description()))).append('\n');
            }
        }
        sb.append(".SH OPTIONS\n");
        for (OptionSpec o : spec.options()) {
            if (o.hidden()) {
                continue;
            }
            sb.append(".TP\n");
            StringBuilder names = new StringBuilder();
            for (String n : o.names()) {
                names.append(names.isEmpty() ? "" : ", ").append("\\fB").append(text(n)).append("\\fR");
            }
            sb.append(names);
            if (o.arity().max > 0) {
                sb.append(" \\fI").append(text(o.paramLabel())).append("\\fR");
            }
            sb.append('\n').append(text(String.join(" ", o.description()))).append('\n');
        }
        sb.append(".SH EXIT STATUS\n");
        for (Map.Entry<String, String> e : spec.usageMessage().exitCodeList().entrySet()) {
            sb.append(".TP\n.B ").append(text(e.getKey().strip())).append('\n').append(text(e.getValue())).append('\n');
        }
        if (top) {
            sb.append(".SH JSON\n");
            for (String line : spec.usageMessage().footer()) {
                sb.append(".PP\n").append(text(line)).append('\n');
            }
        }
        sb.append(".SH SEE ALSO\n");
        if (top) {
            List<String> pages = cl.getSubcommands().entrySet().stream()
                    .filter(e -> listed(e.getKey(), e.getValue().getCommandSpec()))
                    .map(e -> "\\fBddstuner\\-" + text(e.getKey()) + "\\fR(1)").toList();
            sb.append(String.join(", ", pages)).append(", \\fBddstuner COMMAND \\-\\-help\\fR\n");
        } else if (cl.getParent().getParent() != null) {
            sb.append("\\fB").append(text(pageName(cl.getParent()))).append("\\fR(1), \\fBddstuner\\fR(1)\n");
        } else {
            sb.append("\\fBddstuner\\fR(1)\n");
        }
        return sb.toString();
    }

    /** Whether sub-command {@code name} has a page: listed (not hidden), under its own name, not picocli's help. */
    static boolean listed(String name, CommandSpec sub) {
        return !sub.usageMessage().hidden() && name.equals(sub.name()) && !(sub.userObject() instanceof HelpCommand);
    }

    /** The file name of the page of {@code cl}. */
    static String fileName(CommandLine cl) {
        return pageName(cl) + ".1";
    }

    /** ddstuner, ddstuner-ls, ddstuner-qos-set: the command's words joined by '-'. */
    static String pageName(CommandLine cl) {
        return cl.getParent() == null ? "ddstuner" : pageName(cl.getParent()) + "-" + cl.getCommandName();
    }

    private static String summary(CommandSpec spec) {
        String[] d = spec.usageMessage().description();
        return d.length > 0 ? d[0] : String.join(" ", spec.usageMessage().header());
    }

    private static String firstSentence(String s) {
        int dot = s.indexOf(". ");
        String first = dot < 0 ? s : s.substring(0, dot + 1);
        return first.endsWith(".") ? first.substring(0, first.length() - 1) : first;
    }

    /** Text safe in a troff line: backslashes and minus signs escaped, no control character at the start. */
    static String text(String s) {
        String t = s.replace("\\", "\\e").replace("-", "\\-");
        return t.startsWith(".") || t.startsWith("'") ? "\\&" + t : t;
    }
}
