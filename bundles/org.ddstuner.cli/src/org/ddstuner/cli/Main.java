package org.ddstuner.cli;

import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.util.Arrays;
import java.util.List;

import org.ddstuner.dds.ConfigRejectedException;
import org.ddstuner.dds.DdsException;
import org.ddstuner.dds.DdsLibraryNotFoundException;
import org.ddstuner.dds.InvalidConfigException;

import picocli.CommandLine;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * The headless DDS Tuner: {@code ddstuner SUBCOMMAND [options]}, parsed by picocli ({@link DdsTunerCli} and one
 * class per sub-command). Runs on a plain class path (no OSGi, no display) on the same core as the desktop.
 */
public final class Main {

    static final int EXIT_OK = 0;
    /**
     * Not found or not met within --wait: an --expect-… condition, the topic of typeof/subscribe/publish, its
     * type, subscribe's --count within --timeout, a reader for publish.
     */
    static final int EXIT_EXPECTATION = 1;
    static final int EXIT_USAGE = 2;
    /** libddsc missing, configuration rejected, domain unavailable. */
    static final int EXIT_ENVIRONMENT = 3;
    /** A remote agent refused the login (token), or its certificate is not the pinned one. */
    static final int EXIT_REFUSED = 4;
    /** {@code watch}: a problem of severity error fired while watching. */
    static final int EXIT_ALERT = 5;

    private Main() {
    }

    public static void main(String[] args) {
        int code = run(Arrays.asList(args), System.out, System.err);
        System.exit(code);
    }

    /** Runs one command; returns the exit code. Used by {@link #main} and by tests. */
    public static int run(List<String> args, PrintStream out, PrintStream err) {
        CommandLine cl = commandLine(out, err);
        try {
            return cl.execute(args.toArray(String[]::new));
        } finally {
            cl.getOut().flush();
            cl.getErr().flush();
        }
    }

    /** The {@code ddstuner} command with its sub-commands, parsed as this CLI always has: see the comments. */
    static CommandLine commandLine(PrintStream out, PrintStream err) {
        CommandLine cl = new CommandLine(new DdsTunerCli(out, err));
        cl.setOut(new PrintWriter(new OutputStreamWriter(out, out.charset()), true));
        cl.setErr(new PrintWriter(new OutputStreamWriter(err, err.charset()), true));
        cl.setExpandAtFiles(false); // "@x" is a topic name or a JSON text here, not a file of arguments
        cl.setOverwrittenOptionsAllowed(true); // a repeated option: the last one wins, as it always has
        cl.setUsageHelpAutoWidth(false);
        cl.setParameterExceptionHandler(new UsageErrors());
        cl.setExecutionStrategy(Main::execute);
        cl.setExecutionExceptionHandler((e, c, parsed) -> failed(e, err));
        cl.getSubcommands().get("generate-completion").getCommandSpec().usageMessage().hidden(true);
        layout(cl.getSubcommands().values());
        return cl;
    }

    /** One layout for every command's --help, also of a group's sub-commands (qos caps, …). */
    private static void layout(Iterable<CommandLine> commands) {
        for (CommandLine sub : commands) {
            sub.getCommandSpec().usageMessage().parameterListHeading("%nArguments:%n").optionListHeading("%nOptions:%n")
                    .exitCodeListHeading("%nExit codes:%n");
            layout(sub.getSubcommands().values());
        }
    }

    /**
     * Runs the command picocli parsed, after refusing words it did not match: picocli leaves them unchecked when
     * --help was given too, so "ddstuner nosuch --help" would print the overview and exit 0.
     */
    private static int execute(ParseResult parsed) {
        for (ParseResult r = parsed; r != null; r = r.subcommand()) {
            if (!r.unmatched().isEmpty()) {
                throw new UnmatchedArgumentException(r.commandSpec().commandLine(), r.unmatched());
            }
        }
        return new CommandLine.RunLast().execute(parsed);
    }

    /** The exit code and the one-line message (no stack trace) for what a command threw. */
    private static int failed(Exception thrown, PrintStream err) throws Exception {
        try {
            throw thrown;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return EXIT_ENVIRONMENT;
        } catch (CliException e) {
            err.println("ddstuner: " + e.getMessage());
            return e.exitCode();
        } catch (ConfigRejectedException e) {
            err.println("ddstuner: " + e.getMessage()); // "Cyclone rejected the configuration: config: …"
            return EXIT_ENVIRONMENT;
        } catch (InvalidConfigException e) {
            err.println("ddstuner: invalid Cyclone DDS configuration: " + e.getMessage());
            return EXIT_ENVIRONMENT;
        } catch (DdsLibraryNotFoundException e) {
            err.println("ddstuner: " + e.getMessage());
            return EXIT_ENVIRONMENT;
        } catch (DdsException | IllegalStateException | IllegalArgumentException e) {
            err.println("ddstuner: " + e.getMessage());
            return EXIT_ENVIRONMENT;
        }
    }
}
