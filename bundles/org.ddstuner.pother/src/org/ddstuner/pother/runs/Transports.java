package org.ddstuner.pother.runs;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
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

    /** The loopback-only configuration for {@code t}. */
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
