package org.ddstuner.pother.runs;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

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
            return new ProcessConfigs(c, agents);
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
            case SHM -> udp.replace("</Domain>", "  <SharedMemory><Enable>true</Enable></SharedMemory>\n  </Domain>");
        };
    }

    /** Whether the loaded libddsc can do shared memory here, with the reason when it can't. */
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
        if (!processRunning("iox-roudi")) {
            return new Availability(false, "libddsc " + version + " is built with Iceoryx, but no RouDi daemon "
                    + "(iox-roudi) is running on this host, so shared memory cannot be used");
        }
        return new Availability(true, "libddsc " + version + " with Iceoryx, RouDi running");
    }

    private static boolean mapped(String library) {
        try {
            return Files.readString(Path.of("/proc/self/maps")).contains(library);
        } catch (IOException e) {
            return false;
        }
    }

    private static boolean processRunning(String name) {
        try (Stream<Path> procs = Files.list(Path.of("/proc"))) {
            return procs.filter(p -> p.getFileName().toString().chars().allMatch(Character::isDigit)).anyMatch(p -> {
                try {
                    return Files.readString(p.resolve("comm")).strip().equals(name);
                } catch (IOException e) {
                    return false; // the process ended meanwhile
                }
            });
        } catch (IOException e) {
            return false;
        }
    }
}
