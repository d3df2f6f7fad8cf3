package org.ddstuner.config.scenario;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The deployments DDS Tuner writes a configuration for, by what the person wants rather than by element. Each
 * says what it does and why a person would pick it; {@link #options()} names the options that matter for it.
 */
public enum Scenario {

    LOOPBACK_DEV("loopback-dev", "Everything on this host, nothing on the network",
            "Loopback interface only, no multicast, unicast discovery to 127.0.0.1 with automatic participant indices. "
                    + "For development and tests: nothing leaves the machine.",
            List.of("--processes")),
    UNICAST_PEERS("unicast-peers", "Known hosts, no multicast",
            "Multicast off; each node lists the addresses of its peers and discovery is unicast to them. For networks "
                    + "that drop or forbid multicast (clouds, Wi-Fi, many corporate LANs) and fixed sets of hosts.",
            List.of("--interface", "--peer", "--processes")),
    MULTICAST_LAN("multicast-lan", "One LAN with multicast",
            "Cyclone's default discovery (SPDP multicast) bound to one interface. For a wired LAN where multicast works: "
                    + "no peer list to keep up to date.",
            List.of("--interface", "--multicast-ttl")),
    MULTI_PROCESS_HOST("multi-process-host", "Many processes per host",
            "Unicast discovery sized for many processes per host: participant indices up to the process count and "
                    + "localhost among the peers, so every process on a host finds the others without multicast.",
            List.of("--interface", "--peer", "--processes")),
    LARGE_DATA("large-data", "Large samples (images, point clouds)",
            "Bigger UDP messages and fragments, larger socket buffers and writer history watermarks. Checks this "
                    + "host's net.core.rmem_max/wmem_max and prints the sysctl lines that let the kernel grant the buffers.",
            List.of("--interface", "--peer", "--socket-buffer", "--max-message-size", "--fragment-size")),
    TCP("tcp", "TCP instead of UDP",
            "The TCP transport with unicast peers: for links that pass TCP only (firewalls, NAT, VPNs). Higher latency "
                    + "than UDP; every peer needs a fixed port to be reachable.",
            List.of("--interface", "--peer", "--tcp-port")),
    SHARED_MEMORY("shared-memory", "Shared memory between processes on one host (Iceoryx)",
            "Cyclone 0.10's shared-memory transport through Iceoryx, beside unicast discovery sized for many processes "
                    + "per host: samples between processes on one host skip the network stack. Needs a libddsc built with "
                    + "Iceoryx (Debian's 0.10.x is), the RouDi daemon running on every host (Debian: apt install iceoryx; "
                    + "iox-roudi), keep-last history (depth at most 16), volatile or transient-local durability, and "
                    + "samples that fit a memory chunk; other readers and writers, and other hosts, still use UDP.",
            List.of("--interface", "--peer", "--processes")),
    SECURITY("security", "DDS Security (authentication, access control, encryption)",
            "The three DDS Security plugins of libddsc with the identity CA, the node's certificate and key, the "
                    + "governance and the signed permissions. Needs a libddsc built with security (Debian's is).",
            List.of("--interface", "--peer", "--identity-ca", "--identity-certificate", "--private-key", "--permissions-ca",
                    "--governance", "--permissions"));

    private final String id;
    private final String title;
    private final String description;
    private final List<String> options;

    Scenario(String id, String title, String description, List<String> options) {
        this.id = id;
        this.title = title;
        this.description = description;
        this.options = options;
    }

    public String id() {
        return id;
    }

    public String title() {
        return title;
    }

    public String description() {
        return description;
    }

    /** The scenario's own options besides the common ones (--domain-id, --tracing, --monitor-port, …). */
    public List<String> options() {
        return options;
    }

    public static Optional<Scenario> byId(String id) {
        return Arrays.stream(values()).filter(s -> s.id.equals(id)).findFirst();
    }

    /** "loopback-dev, unicast-peers, …". */
    public static String ids() {
        return String.join(", ", Arrays.stream(values()).map(Scenario::id).toList());
    }
}
