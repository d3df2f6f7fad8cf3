package org.ddstuner.testsupport;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Starts the foreign DDS peers of {@code tests/peers} for tests: a Cyclone DDS 11.0.1 Python
 * application and a ROS 2 node on Fast DDS 3.2. Both run through {@code tests/peers/run-peer.sh}
 * (which sets their environment) from the venv that {@code releng/scripts/install-peers.sh} makes.
 *
 * <p>Every start first checks {@link NetNs#requireIsolated()}: these peers may send multicast, so
 * they only ever run in the private namespace of {@code releng/scripts/netns-run.sh}.
 *
 * <pre>{@code
 * NetNs.requireIsolated();
 * try (PeerProcess peer = Peers.startCyclonePeer(7, "--mismatch")) {
 *     // discover peer.info("guid") ...
 * }
 * }</pre>
 */
public final class Peers {

    /** Environment variable overriding the venv location (same as install-peers.sh and run-peer.sh). */
    public static final String VENV_ENV = "DDSTUNER_PEERS_VENV";
    /** System property overriding how long a peer may take to print READY, in seconds. */
    public static final String READY_TIMEOUT_PROPERTY = "ddstuner.peers.readyTimeoutSeconds";
    /** Written by install-peers.sh once the venv is complete. */
    static final String STAMP = ".ddstuner-peers-stamp";

    /** Cyclone maps domain ids to UDP ports; above 232 the ports leave the valid range. */
    private static final int MAX_DOMAIN_ID = 232;
    private static final Duration DEFAULT_READY_TIMEOUT = Duration.ofSeconds(30);

    private Peers() {
    }

    /** Where the peers' venv is expected. */
    public static Path venvDir() {
        String configured = System.getenv(VENV_ENV);
        if (configured != null && !configured.isBlank()) {
            return Path.of(configured);
        }
        return Path.of(System.getProperty("user.home"), ".cache", "ddstuner", "peers-venv");
    }

    /** True when the venv is installed completely and the peer scripts are found. */
    public static boolean available() {
        return missingReason() == null;
    }

    /**
     * Throws unless the peers can be started.
     *
     * @throws PeersNotInstalledException explaining what is missing and how to install it
     */
    public static void requireAvailable() {
        String reason = missingReason();
        if (reason != null) {
            throw new PeersNotInstalledException(reason);
        }
    }

    private static String missingReason() {
        Path peers;
        try {
            peers = RepoLocator.peersDir();
        } catch (IllegalStateException e) {
            return e.getMessage();
        }
        Path venv = venvDir();
        if (!Files.isExecutable(venv.resolve("bin/python")) || !Files.isRegularFile(venv.resolve(STAMP))) {
            return "The foreign DDS test peers are not installed: no complete Python venv at " + venv
                    + ". Run " + peers.getParent().getParent().resolve("releng/scripts/install-peers.sh")
                    + " once (about 280 MB from PyPI, under a minute), or set " + VENV_ENV + " to an installed venv.";
        }
        return null;
    }

    /**
     * Starts {@code tests/peers/cyclone_peer.py}: participant "cyclone_peer" with topics SensorData
     * (partition sensors, reliable, transient-local, deadline 1 s), Commands (partition control,
     * reliable) and Status (best-effort), a writer and a reader on each.
     *
     * @param extraArgs more peer options, e.g. {@code "--mismatch"}, {@code "--name", "x"},
     *                  {@code "--topic-prefix", "t1_"}, {@code "--period-ms", "50"}
     */
    public static PeerProcess startCyclonePeer(int domainId, String... extraArgs) {
        return start("cyclone_peer", domainId, extraArgs);
    }

    /**
     * Starts {@code tests/peers/ros2_talker.py}: ROS 2 node "tuner_talker" (rclpy, rmw_fastrtps_cpp)
     * publishing std_msgs/String on /chatter (DDS topic rt/chatter) and subscribing to /ping.
     */
    public static PeerProcess startRos2Talker(int domainId, String... extraArgs) {
        return start("ros2_talker", domainId, extraArgs);
    }

    /**
     * Starts the peer {@code tests/peers/<peerName>.py} with {@code --domain domainId} and waits for READY.
     *
     * @throws IllegalStateException      if this JVM is not in a private network namespace
     * @throws PeersNotInstalledException if the venv is missing
     * @throws PeerStartException         if the peer fails to come up (with its stderr)
     */
    public static PeerProcess start(String peerName, int domainId, String... extraArgs) {
        return start(peerName, domainId, java.util.Map.of(), extraArgs);
    }

    /** As {@link #start(String, int, String...)} with more environment variables (e.g. LD_PRELOAD of an agent). */
    public static PeerProcess start(String peerName, int domainId, java.util.Map<String, String> env, String... extraArgs) {
        if (domainId < 0 || domainId > MAX_DOMAIN_ID) {
            throw new IllegalArgumentException("DDS domain id must be 0.." + MAX_DOMAIN_ID + ", got " + domainId);
        }
        NetNs.requireIsolated();
        requireAvailable();
        Path peers = RepoLocator.peersDir();
        List<String> command = new ArrayList<>(List.of("bash", peers.resolve("run-peer.sh").toString(), peerName,
                "--domain", Integer.toString(domainId)));
        command.addAll(List.of(extraArgs));
        ProcessBuilder builder = new ProcessBuilder(command).directory(peers.toFile());
        builder.environment().put("ROS_DOMAIN_ID", Integer.toString(domainId));
        builder.environment().put(VENV_ENV, venvDir().toString());
        builder.environment().putAll(env);
        return PeerProcess.start(peerName, builder, readyTimeout());
    }

    /**
     * Starts {@code peerName} in {@code host}'s namespace of a {@link TwoHosts} setup (run-peer.sh accepts those:
     * loopback and one end of the private veth pair), e.g. the Cyclone 11 peer on "host A" next to
     * {@code ddstuner serve}.
     */
    public static PeerProcess startIn(TwoHosts.Host host, String peerName, int domainId, String... extraArgs) {
        requireAvailable();
        Path peers = RepoLocator.peersDir();
        List<String> command = new ArrayList<>(List.of("bash", peers.resolve("run-peer.sh").toString(), peerName,
                "--domain", Integer.toString(domainId)));
        command.addAll(List.of(extraArgs));
        ProcessBuilder builder = host.processBuilder(command).directory(peers.toFile());
        builder.environment().put("ROS_DOMAIN_ID", Integer.toString(domainId));
        builder.environment().put(VENV_ENV, venvDir().toString());
        return PeerProcess.start(peerName, builder, readyTimeout());
    }

    static Duration readyTimeout() {
        String configured = System.getProperty(READY_TIMEOUT_PROPERTY);
        if (configured == null || configured.isBlank()) {
            return DEFAULT_READY_TIMEOUT;
        }
        try {
            return Duration.ofSeconds(Long.parseLong(configured.trim()));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("System property " + READY_TIMEOUT_PROPERTY
                    + " must be a whole number of seconds, got '" + configured + "'", e);
        }
    }
}
