package org.ddstuner.config.scenario;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The kernel's ceilings for socket buffers ({@code net.core.rmem_max}, {@code net.core.wmem_max}): a buffer Cyclone
 * asks for above them is silently capped, and large samples then get lost in the socket and re-sent. Read from
 * /proc/sys (that of the caller's network namespace: these two are per namespace on current kernels).
 *
 * @param rmemMax bytes, -1 when unreadable
 * @param wmemMax bytes, -1 when unreadable
 */
public record SocketLimits(long rmemMax, long wmemMax) {

    public static SocketLimits ofThisHost() {
        return new SocketLimits(read("rmem_max"), read("wmem_max"));
    }

    private static long read(String name) {
        // procfs reports size 0: read it as a stream, not by the file's size
        try (var in = Files.newBufferedReader(Path.of("/proc/sys/net/core", name))) {
            String line = in.readLine();
            return line == null ? -1 : Long.parseLong(line.strip());
        } catch (IOException | NumberFormatException e) {
            return -1;
        }
    }

    /**
     * The exact lines that raise the limits to {@code wanted} bytes, now and after a reboot; empty when both are
     * high enough already.
     */
    public List<String> sysctlLines(long wanted) {
        List<String> out = new ArrayList<>();
        List<String> keys = new ArrayList<>();
        if (rmemMax < wanted) {
            keys.add("net.core.rmem_max");
        }
        if (wmemMax < wanted) {
            keys.add("net.core.wmem_max");
        }
        for (String k : keys) {
            out.add("sudo sysctl -w " + k + "=" + wanted);
        }
        for (String k : keys) {
            out.add("echo '" + k + "=" + wanted + "' | sudo tee -a /etc/sysctl.d/60-cyclonedds.conf");
        }
        return out;
    }
}
