package org.ddstuner.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

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

    static CliOptions parse(List<String> args) {
        CliOptions o = new CliOptions();
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            switch (a) {
                case "--domain", "-d" -> o.domain = OptionValues.wholeNumber(a, value(args, ++i, a), 0, 232);
                case "--config", "-c" -> o.config = value(args, ++i, a);
                case "--peer" -> o.peers.add(value(args, ++i, a));
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
                Path p = Path.of(config);
                try {
                    yield new ConnectionProfile(name, d, ConfigKind.CUSTOM_XML, Files.readString(p), List.of(), startDemo);
                } catch (IOException e) {
                    throw new CliException(Main.EXIT_ENVIRONMENT, "--config: cannot read \"" + config
                            + "\" (expected loopback, default or an XML file): " + e.getMessage());
                }
            }
        };
    }
}
