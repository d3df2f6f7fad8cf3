package org.ddstuner.cli;

import java.io.PrintWriter;
import java.util.Map;

import picocli.CommandLine;
import picocli.CommandLine.IParameterExceptionHandler;
import picocli.CommandLine.MissingParameterException;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * What the person reads when the command line does not parse: one "ddstuner: …" line, picocli's suggestions for
 * a typo ("Did you mean …"), where the help is, and exit 2. An option another sub-command takes is named as one
 * this command does not use (with the command's hint, if it has one), not as an unknown word.
 */
final class UsageErrors implements IParameterExceptionHandler {

    /** A command that says what to use instead of an option it does not take. */
    interface Refusing {
        String refusedOptionHint();
    }

    /** The short names of the shared options, as people read them in the messages. */
    private static final Map<String, String> LONG_NAMES = Map.of("-d", "--domain", "-c", "--config", "-w", "--wait",
            "-a", "--all", "-f", "--filter", "-p", "--partition", "-n", "--count");

    @Override
    public int handleParseException(ParameterException ex, String[] args) {
        CommandLine cl = ex.getCommandLine();
        PrintWriter err = cl.getErr();
        if (ex.getCause() instanceof CliException e) { // a value the option's own check refused
            err.println("ddstuner: " + e.getMessage());
            err.flush();
            return e.exitCode();
        }
        String refused = ex instanceof UnmatchedArgumentException u ? refusedOption(cl, u) : null;
        if (refused != null) {
            String hint = cl.getCommand() instanceof Refusing r ? r.refusedOptionHint() : "";
            err.println("ddstuner: " + cl.getCommandName() + " does not use " + refused
                    + (hint.isEmpty() ? "; see: " + cl.getCommandSpec().qualifiedName() + " --help" : "; " + hint));
        } else {
            err.println("ddstuner: " + message(ex));
            if (ex instanceof UnmatchedArgumentException u) {
                UnmatchedArgumentException.printSuggestions(u, err);
            }
            err.println("Try: " + cl.getCommandSpec().qualifiedName() + " --help");
        }
        err.flush();
        return Main.EXIT_USAGE;
    }

    private static String message(ParameterException ex) {
        if (ex instanceof MissingParameterException m && !m.getMissing().isEmpty()) {
            ArgSpec missing = m.getMissing().get(0);
            if (missing instanceof OptionSpec o) {
                return o.longestName() + " needs a value.";
            }
            String cmd = ex.getCommandLine().getCommandSpec().qualifiedName();
            return ex.getCommandLine().getCommandName() + " needs " + missing.paramLabel() + ": " + cmd + " "
                    + missing.paramLabel() + " [OPTIONS]";
        }
        if (ex instanceof UnmatchedArgumentException u && !u.getUnmatched().isEmpty()) {
            String first = u.getUnmatched().get(0);
            if (first.startsWith("-")) {
                // picocli lists the words after it too ("Unknown options: '--timout', '3'"): its value is no option
                return "Unknown option: '" + first + "'";
            }
            if (ex.getCommandLine().getParent() == null) {
                return "Unknown command \"" + first + "\".";
            }
            return ex.getCommandLine().getCommandName() + " does not take the argument '" + first + "'.";
        }
        return ex.getMessage();
    }

    /** The first unmatched word, by its long name, if it is an option of another sub-command; else null. */
    private static String refusedOption(CommandLine cl, UnmatchedArgumentException u) {
        if (cl.getParent() == null || u.getUnmatched().isEmpty()) {
            return null;
        }
        String word = u.getUnmatched().get(0);
        String name = word.contains("=") ? word.substring(0, word.indexOf('=')) : word;
        if (!name.startsWith("-")) {
            return null;
        }
        for (CommandLine other : cl.getParent().getSubcommands().values()) {
            OptionSpec o = other.getCommandSpec().findOption(name);
            if (o != null && other != cl) {
                return LONG_NAMES.getOrDefault(name, o.longestName());
            }
        }
        return null;
    }
}
