package org.ddstuner.pother.runs;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.ddstuner.dds.CycloneConfig;
import org.ddstuner.dds.DdsLibrary;

/**
 * The Cyclone configurations of the transports a local run can use, and whether shared memory is
 * really there: Cyclone 0.10 does shared memory through Iceoryx, which needs a libddsc linked with
 * Iceoryx <em>and</em> a running RouDi daemon ({@code iox-roudi}); 11.x has no Iceoryx integration.
 * We check both rather than enable it and measure UDP under a shared-memory label.
 */
public final class Transports {

    /** Whether something is available, and if not, why (in words for the person). */
    public record Availability(boolean available, String reason) { }

    private Transports() {
    }

    /**
     * The configurations of a set of processes that talk over {@code t}: one for the controlling process
     * (this one) and one per agent process. UDP and shared memory use the same loopback-only configuration
     * everywhere ({@code udpConfig}, e.g. the connection's). TCP needs a known listening port per process:
     * Cyclone 0.10 accepts connections only on {@code Tcp/Port} (-1, its default, means no listener), and
     * unicast discovery then connects to every peer port listed; {@code tcpPorts} gives one free port per
     * process, the controller's first.
     */
    public record ProcessConfigs(String controller, List<String> agents) { }

    /** See {@link ProcessConfigs}; {@code udpConfig} null means {@link CycloneConfig#loopbackOnly()}. */
    public static ProcessConfigs forProcesses(RunDefinition.Transport t, String udpConfig, int agentCount) {
        String udp = udpConfig == null ? CycloneConfig.loopbackOnly() : udpConfig;
        List<String> agents = new ArrayList<>();
        if (t != RunDefinition.Transport.TCP) {
            String c = t == RunDefinition.Transport.UDP ? udp : config(t);
            for (int i = 0; i < agentCount; i++) {
                agents.add(c);
            }
            // the controller only sends definitions and reads reports: over UDP, so it never registers with a RouDi
            // (which sends SIGTERM to every registered process when it stops, see Roudi)
            return new ProcessConfigs(t == RunDefinition.Transport.SHM ? CycloneConfig.loopbackOnly() : c, agents);
        }
        int[] ports = freeTcpPorts(agentCount + 1);
        for (int i = 1; i <= agentCount; i++) {
            agents.add(tcpConfig(ports[i], ports));
        }
        return new ProcessConfigs(tcpConfig(ports[0], ports), agents);
    }

    /**
     * Loopback-only over TCP: listens on 127.0.0.1:{@code ownPort}, discovers by connecting to every port
     * in {@code peerPorts} (its own included; Cyclone then talks to itself over one idle connection, which
     * is harmless). No UDP socket is opened at all (checked with {@code ss}).
     */
    public static String tcpConfig(int ownPort, int... peerPorts) {
        StringBuilder peers = new StringBuilder();
        for (int p : peerPorts) {
            peers.append("\n        <Peer address=\"127.0.0.1:").append(p).append("\"/>");
        }
        return """
                <CycloneDDS xmlns="https://cdds.io/config">
                  <Domain id="any">
                    <General>
                      <Interfaces>
                        <NetworkInterface address="127.0.0.1"/>
                      </Interfaces>
                      <AllowMulticast>false</AllowMulticast>
                      <Transport>tcp</Transport>
                    </General>
                    <Tcp>
                      <Port>%d</Port>
                    </Tcp>
                    <Discovery>
                      <ParticipantIndex>none</ParticipantIndex>
                      <SPDPInterval>5 s</SPDPInterval>
                      <Peers>%s
                      </Peers>
                    </Discovery>
                  </Domain>
                </CycloneDDS>
                """.formatted(ownPort, peers);
    }

    /** Ports free on 127.0.0.1 now (the kernel picks them; a small race with other programs remains). */
    static int[] freeTcpPorts(int n) {
        List<ServerSocket> held = new ArrayList<>();
        try {
            int[] ports = new int[n];
            for (int i = 0; i < n; i++) {
                ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
                held.add(s);
                ports[i] = s.getLocalPort();
            }
            return ports;
        } catch (IOException e) {
            throw new IllegalStateException("cannot find free TCP ports on 127.0.0.1: " + e.getMessage(), e);
        } finally {
            for (ServerSocket s : held) {
                try {
                    s.close();
                } catch (IOException e) {
                    // nothing held
                }
            }
        }
    }

    /** The loopback-only configuration for {@code t} (for TCP: one process alone, with the default ports). */
    public static String config(RunDefinition.Transport t) {
        String udp = CycloneConfig.loopbackOnly();
        return switch (t) {
            case UDP -> udp;
            // TCP: discovery and data over TCP connections to the unicast peer 127.0.0.1
            case TCP -> udp.replace("<AllowMulticast>false</AllowMulticast>",
                    "<AllowMulticast>false</AllowMulticast>\n      <Transport>tcp</Transport>");
            // Iceoryx's own messages at warnings only (its default, info, prints a line per reader and writer)
            case SHM -> udp.replace("</Domain>", "  <SharedMemory>\n      <Enable>true</Enable>\n"
                    + "      <LogLevel>warn</LogLevel>\n    </SharedMemory>\n  </Domain>");
        };
    }

    /**
     * Whether the loaded libddsc can do shared memory here, with the reason when it can't: a libddsc linked with
     * Iceoryx (Debian's 0.10.x is; Cyclone 11 has no Iceoryx transport), and a RouDi running or {@code iox-roudi}
     * installed so a run can start one ({@link Roudi#acquire}).
     */
    public static Availability sharedMemory() {
        String version;
        try {
            version = DdsLibrary.get().version();
        } catch (RuntimeException e) {
            return new Availability(false, "libddsc is not loaded: " + e.getMessage());
        }
        if (!mapped("libiceoryx_binding_c")) {
            return new Availability(false, "the loaded libddsc " + version
                    + " is not linked with Iceoryx, so it has no shared-memory transport");
        }
        var running = Roudi.runningPid();
        if (running.isPresent()) {
            return new Availability(true, "libddsc " + version + " with Iceoryx, RouDi running (pid " + running.get() + ")");
        }
        var program = Roudi.program();
        if (program.isEmpty()) {
            return new Availability(false, "libddsc " + version + " is built with Iceoryx, but its daemon iox-roudi is "
                    + "neither running nor installed (Debian: apt install iceoryx)");
        }
        return new Availability(true, "libddsc " + version + " with Iceoryx; a RouDi (" + program.get()
                + ") is started for the run");
    }

    /**
     * What Cyclone 0.10 needs to carry a reader's or writer's samples through shared memory; anything else silently
     * goes over the network. Said wherever a choice can't use it.
     */
    public static String shmNeeds() {
        // a method, not a constant: a constant is copied into the classes that use it at their compile time
        return "It carries only keep-last history (depth at most " + MAX_SHM_DEPTH + ") with volatile or transient-local "
                + "durability between processes on this host (0.10.2 serializes variable-size types such as Pother's "
                + "into the chunk); keep-all would silently go over UDP, so such runs are refused.";
    }

    /** Why run {@code d} cannot use shared memory although it asks for it, or null if it can. */
    public static String shmRefusal(RunDefinition d) {
        if (d.transport() != RunDefinition.Transport.SHM) {
            return null;
        }
        int depth = d.testQos().historyDepth();
        if (depth == 0) {
            return "Shared memory needs keep-last history: with keep-all Cyclone 0.10 sends over UDP instead. Set "
                    + "History to keep last N (N at most 16).";
        }
        if (depth > MAX_SHM_DEPTH) {
            return "Shared memory takes keep-last histories of at most " + MAX_SHM_DEPTH + " (Iceoryx's publisher history), "
                    + "not " + depth + ": Cyclone 0.10 would send over UDP instead.";
        }
        return null;
    }

    /** Iceoryx 2.0's largest publisher history and subscriber history request (Cyclone 0.10 checks the depth against it). */
    public static final int MAX_SHM_DEPTH = 16;

    private static boolean mapped(String library) {
        try {
            return Files.readString(Path.of("/proc/self/maps")).contains(library);
        } catch (IOException e) {
            return false;
        }
    }
}
