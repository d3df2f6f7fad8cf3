package org.ddstuner.testsupport;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Guards tests that start DDS participants which might send off the loopback interface (libddsc 11.x
 * always sends a multicast probe; Cyclone's default config uses multicast discovery). Such tests call
 * {@link #requireIsolated()} first, so they fail loudly instead of touching the host network when
 * someone runs them outside {@code releng/scripts/netns-run.sh}.
 */
public final class NetNs {

    /**
     * Per network namespace: /proc/self/net follows the calling process's namespace. (/sys/class/net
     * does not: it shows the namespace that mounted /sys, i.e. the host's, even after unshare -n.)
     */
    private static final Path NET_DEV = Path.of("/proc/self/net/dev");

    private NetNs() {
    }

    /** Names of the network interfaces visible to this process, in the order the kernel lists them. */
    public static List<String> interfaces() {
        List<String> lines;
        try {
            lines = Files.readAllLines(NET_DEV);
        } catch (IOException e) {
            throw new IllegalStateException("Cannot read " + NET_DEV + " to list network interfaces: " + e.getMessage(), e);
        }
        List<String> names = new ArrayList<>();
        // The first two lines are column headers; every other line is "  name: counters...".
        for (String line : lines.subList(Math.min(2, lines.size()), lines.size())) {
            int colon = line.indexOf(':');
            if (colon > 0) {
                names.add(line.substring(0, colon).trim());
            }
        }
        return names;
    }

    /** True when loopback is the only network interface, i.e. we run in a private namespace. */
    public static boolean isIsolated() {
        return interfaces().equals(List.of("lo"));
    }

    /**
     * Throws unless this JVM runs in a private network namespace whose only interface is loopback.
     *
     * @throws IllegalStateException naming the visible interfaces and how to run the test instead
     */
    public static void requireIsolated() {
        List<String> interfaces = interfaces();
        if (!interfaces.equals(List.of("lo"))) {
            throw new IllegalStateException("This test starts DDS participants that may send multicast, so it must run in a "
                    + "private network namespace with only the loopback interface, but this process sees " + interfaces
                    + ". Run it inside releng/scripts/netns-run.sh (e.g. releng/scripts/netns-run.sh ./mvnw verify).");
        }
    }
}
