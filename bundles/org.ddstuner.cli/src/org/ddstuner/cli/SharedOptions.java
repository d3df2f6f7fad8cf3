package org.ddstuner.cli;

import java.util.ArrayList;
import java.util.List;

import picocli.CommandLine.Option;

/**
 * The option groups several sub-commands share, as picocli mixins: a command declares the groups it uses
 * ({@code @Mixin}) and nothing else, so an option it would ignore is refused by the parser (see
 * {@link UsageErrors}). Values arrive as text and become numbers in {@code into(CliOptions)}, through
 * {@link OptionValues}, so every command words a bad number the same way; that runs before any DDS entity exists.
 */
final class SharedOptions {

    private SharedOptions() {
    }

    /** -h/--help on every sub-command (picocli prints the usage and exits 0). */
    static final class Help {
        @Option(names = { "-h", "--help" }, usageHelp = true, description = "Show this command's options and exit.")
        boolean help;
    }

    /** Which domain, with which Cyclone configuration. */
    static final class Connection {
        @Option(names = { "-d", "--domain" }, paramLabel = "N", description = "DDS domain id, 0 to 232 (default: 0; demo: 77).")
        String domain;

        @Option(names = { "-c", "--config" }, paramLabel = "C", description = "loopback (default: sends nothing off "
                + "this host) | default (Cyclone's own) | FILE.xml (a Cyclone configuration).")
        String config = "loopback";

        @Option(names = "--peer", paramLabel = "ADDR", description = "Unicast discovery peer: IPv4 address or host "
                + "name, optionally :PORT (repeatable; no multicast).")
        List<String> peers = new ArrayList<>();

        @Option(names = "--interface", paramLabel = "IF", description = "With --peer or --config default: the network "
                + "interface (name or address) Cyclone uses.")
        String networkInterface;

        @Option(names = "--transport", paramLabel = "T", description = "With --peer or --config default: udp (default) "
                + "or tcp (Cyclone's TCP transport; give peers as ADDR:PORT).")
        String transport;

        @Option(names = "--tcp-port", paramLabel = "PORT", description = "With --transport tcp: the port to listen on "
                + "(default: any free one; a system others join needs a fixed one).")
        String tcpPort;

        @Option(names = "--security", paramLabel = "DIR", description = "With --peer or --config default: join a "
                + "secured domain (DDS Security) with DIR/identity_ca.pem, identity.pem, identity_key.pem, "
                + "permissions_ca.pem, governance.p7s, permissions.p7s.")
        String security;

        void into(CliOptions o) {
            o.domain = domain == null ? null : OptionValues.wholeNumber("--domain", domain, 0, 232);
            o.config = config;
            for (String p : peers) {
                o.peers.add(PeerAddress.check(p));
            }
            o.network = NetworkChoice.of(networkInterface, transport, tcpPort, security);
        }

        /** True when an option of the network group (interface, transport, security) was given. */
        boolean networkGiven() {
            return networkInterface != null || transport != null || tcpPort != null || security != null;
        }
    }

    /** How long to discover before answering. */
    static final class Wait {
        @Option(names = { "-w", "--wait" }, paramLabel = "S", description = "Seconds to discover before answering "
                + "(default: 2); topic commands: at most, until the topic is seen; publish: also for readers.")
        String wait;

        void into(CliOptions o) {
            if (wait != null) {
                o.waitSeconds = OptionValues.nonNegative("--wait", wait, "a number of seconds");
            }
        }
    }

    /** How long a command that runs until stopped runs. */
    static final class Duration {
        @Option(names = "--duration", paramLabel = "S", description = "Stop after S seconds (default: until Ctrl-C / SIGTERM).")
        String duration;

        void into(CliOptions o) {
            if (duration != null) {
                o.durationSeconds = OptionValues.nonNegative("--duration", duration, "a number of seconds");
            }
        }
    }

    /** Machine-readable output. */
    static final class Json {
        @Option(names = "--json", description = "Machine-readable output (JSON; see ddstuner help).")
        boolean json;

        void into(CliOptions o) {
            o.json = json;
        }
    }

    /** Which entities ls and ps show. */
    static final class NameFilter {
        @Option(names = { "-a", "--all" }, description = "Include DDS Tuner's own entities and other DDS Tuner instances'.")
        boolean all;

        @Option(names = { "-f", "--filter" }, paramLabel = "TEXT", description = "Only entities whose name contains TEXT.")
        String filter;

        @Option(names = "--regex", description = "--filter TEXT is a regular expression.")
        boolean regex;

        void into(CliOptions o) {
            o.all = all;
            o.filter = filter;
            o.regex = regex;
        }
    }

    /** Conditions ls and ps check, for scripts and CI. */
    static final class Expect {
        @Option(names = "--expect-topic", paramLabel = "NAME", description = "Exit 1 unless topic NAME is seen within "
                + "--wait (repeatable).")
        List<String> topics = new ArrayList<>();

        @Option(names = "--expect-participant", paramLabel = "NAME", description = "Exit 1 unless a participant named "
                + "NAME is seen within --wait (repeatable).")
        List<String> participants = new ArrayList<>();

        void into(CliOptions o) {
            o.expectTopics.addAll(topics);
            o.expectParticipants.addAll(participants);
        }
    }

    /** Where typeof, subscribe and publish find a type that the topic's peers do not send. */
    static final class TypeSources {
        @Option(names = "--idl", paramLabel = "FILE", description = "Import IDL (repeatable) for topics whose peers do "
                + "not send their type.")
        List<String> idl = new ArrayList<>();

        @Option(names = "--ros-msg-path", paramLabel = "DIR", description = "ROS 2 share folder(s) (repeatable or "
                + "DIR1:DIR2) with <pkg>/msg/<Name>.msg, searched before the bundled messages (default: <prefix>/share "
                + "of each AMENT_PREFIX_PATH entry).")
        List<String> rosMsgPaths = new ArrayList<>();

        @Option(names = "--type", paramLabel = "NAME", description = "The type to use (a topic with several types, or "
                + "nobody on it yet).")
        String type;

        void into(TopicOptions o) {
            for (String f : idl) {
                o.idlFiles.add(java.nio.file.Path.of(f));
            }
            for (String dirs : rosMsgPaths) {
                for (String dir : dirs.split(java.io.File.pathSeparator)) {
                    if (!dir.isBlank()) {
                        o.rosMsgPaths.add(java.nio.file.Path.of(dir));
                    }
                }
            }
            o.typeName = type;
        }
    }

    /**
     * A remote agent ({@code ddstuner serve}) instead of joining the domain: the command reads the agent's model.
     * The first connection pins the agent's certificate in the known-agents file; a changed one is refused (exit 4).
     */
    static final class Remote {
        /** Overrides the known-agents file (tests, or a second trust store); --known-agents wins over it. */
        static final String KNOWN_AGENTS_ENV = "DDSTUNER_KNOWN_AGENTS";

        @Option(names = "--remote", paramLabel = "HOST:PORT", description = "Read the model of the agent ddstuner "
                + "serve runs there (TLS 1.3) instead of joining the domain; needs --token-file (or --client-cert).")
        String remote;

        @Option(names = "--token-file", paramLabel = "F", description = "With --remote: the agent's token (a copy of "
                + "its --token-file).")
        String tokenFile;

        @Option(names = "--trust-fingerprint", paramLabel = "SHA256", description = "With --remote: accept (and pin) "
                + "this certificate fingerprint although another one is pinned for the agent.")
        String trustFingerprint;

        @Option(names = "--known-agents", paramLabel = "F", description = "With --remote: where agents' certificates "
                + "are pinned (default: $" + KNOWN_AGENTS_ENV + ", else ~/.ddstuner/known-agents).")
        String knownAgents;

        @Option(names = "--ca-file", paramLabel = "F", description = "With --remote: trust an agent whose certificate "
                + "a CA in F (PEM) signed, instead of pinning its fingerprint.")
        String caFile;

        @Option(names = "--client-cert", paramLabel = "P12", description = "With --remote: log in with the key and "
                + "certificate of this PKCS#12 file (an agent started with --client-ca takes it in place of the token).")
        String clientCert;

        @Option(names = "--client-cert-pass", paramLabel = "F", description = "With --client-cert: the file holding "
                + "the PKCS#12 file's password (default: none).")
        String clientCertPass;

        boolean given() {
            return remote != null;
        }

        /** With --remote the agent's domain is read: this process's domain and network options are a usage error. */
        void refuseLocalConnection(Connection connection) {
            if (connection.domain != null || !connection.peers.isEmpty() || !"loopback".equals(connection.config)
                    || connection.networkGiven()) {
                throw new CliException(Main.EXIT_USAGE, "--remote reads the agent's domain: --domain, --config, "
                        + "--peer and the network options belong to ddstuner serve there");
            }
        }

        /** The client's options; a usage error (exit 2) for a bad address, fingerprint or a missing token file. */
        org.ddstuner.remote.ClientOptions clientOptions() {
            AgentAddress at = AgentAddress.parse("--remote", remote, 1);
            if (tokenFile == null && clientCert == null) {
                throw new CliException(Main.EXIT_USAGE, "--remote needs --token-file F (the agent's token) or "
                        + "--client-cert P12");
            }
            String token = null;
            if (tokenFile != null) {
                try {
                    token = org.ddstuner.remote.TokenFile.read(java.nio.file.Path.of(tokenFile));
                } catch (java.io.IOException e) {
                    throw new CliException(Main.EXIT_USAGE, "--token-file: cannot read " + tokenFile + ": "
                            + e.getMessage());
                }
            }
            org.ddstuner.remote.ClientOptions o = org.ddstuner.remote.ClientOptions.of(at.host(), at.port(), token)
                    .withKnownAgents(knownAgentsFile()).withClientName("ddstuner-cli");
            if (clientCert != null) {
                o = withClientCert(o);
            } else if (clientCertPass != null) {
                throw new CliException(Main.EXIT_USAGE, "--client-cert-pass goes with --client-cert");
            }
            if (caFile != null) {
                if (trustFingerprint != null) {
                    throw new CliException(Main.EXIT_USAGE, "--ca-file and --trust-fingerprint are two ways to trust the "
                            + "agent: give one");
                }
                java.nio.file.Path ca = java.nio.file.Path.of(caFile);
                if (!java.nio.file.Files.isReadable(ca)) {
                    throw new CliException(Main.EXIT_USAGE, "--ca-file: cannot read " + caFile);
                }
                o = o.withCaFile(ca);
            }
            if (trustFingerprint != null) {
                try {
                    o = o.withTrustFingerprint(org.ddstuner.remote.Fingerprint.parse(trustFingerprint));
                } catch (IllegalArgumentException e) {
                    throw new CliException(Main.EXIT_USAGE, "--trust-fingerprint: " + e.getMessage());
                }
            }
            return o;
        }

        private org.ddstuner.remote.ClientOptions withClientCert(org.ddstuner.remote.ClientOptions o) {
            java.nio.file.Path p12 = java.nio.file.Path.of(clientCert);
            if (!java.nio.file.Files.isReadable(p12)) {
                throw new CliException(Main.EXIT_USAGE, "--client-cert: cannot read " + clientCert);
            }
            String pass = null;
            if (clientCertPass != null) {
                try {
                    // the file's one line; a trailing newline is not part of the password
                    pass = java.nio.file.Files.readString(java.nio.file.Path.of(clientCertPass)).strip();
                } catch (java.io.IOException e) {
                    throw new CliException(Main.EXIT_USAGE, "--client-cert-pass: cannot read " + clientCertPass + ": "
                            + e.getMessage());
                }
            }
            return o.withClientCert(p12, pass);
        }

        private java.nio.file.Path knownAgentsFile() {
            if (knownAgents != null) {
                return java.nio.file.Path.of(knownAgents);
            }
            String env = System.getenv(KNOWN_AGENTS_ENV);
            return env == null || env.isBlank() ? org.ddstuner.remote.KnownAgents.defaultFile()
                    : java.nio.file.Path.of(env);
        }
    }
}
