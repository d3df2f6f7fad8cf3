package org.ddstuner.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.ddstuner.connection.ConnectionProfile;
import org.ddstuner.connection.ConnectionProfile.ConfigKind;

/**
 * The values of the shared options ({@link SharedOptions}) after checking, as the commands read them; a command
 * whose picocli class has no such option leaves the default.
 */
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
    org.ddstuner.connection.NetworkOptions network = org.ddstuner.connection.NetworkOptions.NONE;

    /** The connection profile these options describe; {@code defaultDomain} when --domain is absent. */
    ConnectionProfile profile(String name, int defaultDomain, boolean startDemo) {
        ConnectionProfile p = baseProfile(name, defaultDomain, startDemo);
        if (network.isNone()) {
            return p;
        }
        if (p.configKind() != ConfigKind.PEERS && p.configKind() != ConfigKind.DEFAULT) {
            throw new CliException(Main.EXIT_USAGE, "--interface, --transport, --tcp-port and --security need --peer "
                    + "ADDR or --config default (the loopback configuration and configuration files say it themselves)");
        }
        return p.withNetwork(network);
    }

    private ConnectionProfile baseProfile(String name, int defaultDomain, boolean startDemo) {
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
