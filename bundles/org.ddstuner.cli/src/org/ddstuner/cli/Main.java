package org.ddstuner.cli;

import java.io.PrintStream;
import java.util.Arrays;
import java.util.List;

import org.ddstuner.dds.ConfigRejectedException;
import org.ddstuner.dds.DdsException;
import org.ddstuner.dds.DdsLibraryNotFoundException;
import org.ddstuner.dds.InvalidConfigException;

/**
 * The headless DDS Tuner: {@code ddstuner SUBCOMMAND [options]}. Runs on a plain class path (no OSGi,
 * no display) on the same core as the desktop.
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

    private Main() {
    }

    public static void main(String[] args) {
        int code = run(Arrays.asList(args), System.out, System.err);
        System.exit(code);
    }

    /** Runs one command; returns the exit code. Used by {@link #main} and by tests. */
    public static int run(List<String> args, PrintStream out, PrintStream err) {
        if (args.isEmpty()) {
            Help.print(out);
            return EXIT_USAGE;
        }
        String cmd = args.get(0);
        List<String> rest = args.subList(1, args.size());
        if (rest.contains("--help") || rest.equals(List.of("-h"))) {
            return Help.printCommand(cmd, out, err);
        }
        try {
            return switch (cmd) {
                case "ls" -> new LsCommand(CliOptions.parse(rest), out, err).run(false);
                case "ps" -> new LsCommand(CliOptions.parse(rest), out, err).run(true);
                case "demo" -> new DemoCommand(CliOptions.parse(rest), out).run();
                case "pother" -> new PotherCommand(rest, out).run();
                case "pother-run" -> new PotherRunCommand(rest, out, err).run();
                case "pother-runs" -> new PotherRunsCommand(rest, out).run();
                case "pother-agents" -> new PotherAgentsCommand(CliOptions.parse(rest), out).run();
                case "typeof" -> new TypeofCommand(TopicOptions.parse(TopicOptions.Kind.TYPEOF, rest), out).run();
                case "subscribe" -> new SubscribeCommand(TopicOptions.parse(TopicOptions.Kind.SUBSCRIBE, rest), out, err)
                        .run();
                case "publish" -> new PublishCommand(TopicOptions.parse(TopicOptions.Kind.PUBLISH, rest), out, err).run();
                case "version", "--version" -> VersionCommand.run(out);
                case "help", "--help", "-h" -> {
                    Help.print(out);
                    yield EXIT_OK;
                }
                default -> throw new CliException(EXIT_USAGE, "Unknown command \"" + cmd + "\". Try: ddstuner help");
            };
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
