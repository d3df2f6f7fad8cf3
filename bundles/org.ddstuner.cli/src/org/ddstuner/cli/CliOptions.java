package org.ddstuner.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.ddstuner.connection.ConnectionProfile;
import org.ddstuner.connection.ConnectionProfile.ConfigKind;

/** The options every subcommand shares, parsed from the command line. */
final class CliOptions {

    Integer domain;
    String config = "loopback";
    double waitSeconds = 2.0;
    boolean json;
    boolean all;
    String filter;
    boolean regex;
    double durationSeconds = -1;
    final List<String> expectTopics = new ArrayList<>();
    final List<String> expectParticipants = new ArrayList<>();
    final List<String> peers = new ArrayList<>();
    /** The options given, by their long names, in order (for commands that refuse the ones they ignore). */
    final Set<String> given = new LinkedHashSet<>();

    private static final Map<String, String> LONG_NAMES = Map.of("-d", "--domain", "-c", "--config", "-w", "--wait",
            "-a", "--all", "-f", "--filter");

    static CliOptions parse(List<String> args) {
        CliOptions o = new CliOptions();
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            o.given.add(LONG_NAMES.getOrDefault(a, a));
            switch (a) {
                case "--domain", "-d" -> o.domain = OptionValues.wholeNumber(a, value(args, ++i, a), 0, 232);
                case "--config", "-c" -> o.config = value(args, ++i, a);
                case "--peer" -> o.peers.add(PeerAddress.check(value(args, ++i, a)));
                case "--wait", "-w" -> o.waitSeconds = seconds(a, value(args, ++i, a));
                case "--duration" -> o.durationSeconds = seconds(a, value(args, ++i, a));
                case "--json" -> o.json = true;
                case "--all", "-a" -> o.all = true;
                case "--filter", "-f" -> o.filter = value(args, ++i, a);
                case "--regex" -> o.regex = true;
                case "--expect-topic" -> o.expectTopics.add(value(args, ++i, a));
                case "--expect-participant" -> o.expectParticipants.add(value(args, ++i, a));
                default -> throw new CliException(Main.EXIT_USAGE, "Unknown option \"" + a + "\". Try: ddstuner help");
            }
        }
        return o;
    }

    /** Refuses the shared options {@code command} would silently ignore; {@code hint} says what to use instead. */
    void refuse(String command, List<String> ignored, String hint) {
        for (String option : given) {
            if (ignored.contains(option)) {
                throw new CliException(Main.EXIT_USAGE, command + " does not use " + option + (hint.isEmpty() ? "." : "; " + hint));
            }
        }
    }

    private static String value(List<String> args, int i, String option) {
        if (i >= args.size()) {
            throw new CliException(Main.EXIT_USAGE, option + " needs a value.");
        }
        return args.get(i);
    }

    private static double seconds(String option, String v) {
        return OptionValues.nonNegative(option, v, "a number of seconds");
    }

    /** The connection profile these options describe; {@code defaultDomain} when --domain is absent. */
    ConnectionProfile profile(String name, int defaultDomain, boolean startDemo) {
        int d = domain != null ? domain : defaultDomain;
        if (!peers.isEmpty()) {
            return new ConnectionProfile(name, d, ConfigKind.PEERS, "", peers, startDemo);
        }
        return switch (config) {
            case "loopback" -> new ConnectionProfile(name, d, ConfigKind.LOOPBACK_ONLY, "", List.of(), startDemo);
            case "default" -> new ConnectionProfile(name, d, ConfigKind.DEFAULT, "", List.of(), startDemo);
            default -> {
                if (config.isBlank()) {
                    throw new CliException(Main.EXIT_USAGE, "--config needs loopback, default or a file, not \"" + config
                            + "\".");
                }
                Path p = Path.of(config);
                if (Files.isDirectory(p)) {
                    throw new CliException(Main.EXIT_USAGE, "--config needs loopback, default or a file; \"" + config
                            + "\" is a directory.");
                }
                // read at connect, as the desktop's file profiles are: its errors (missing, not XML, rejected by
                // Cyclone) name the file
                yield ConnectionProfile.fromFile(name, d, config, startDemo);
            }
        };
    }
}
