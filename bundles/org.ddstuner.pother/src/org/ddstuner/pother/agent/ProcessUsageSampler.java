package org.ddstuner.pother.agent;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;

import org.ddstuner.pother.protocol.ResourceUsage;

/**
 * This process's CPU (user and system, percent of one core) and resident memory, from
 * {@code /proc/self/stat} (utime, stime in clock ticks) and {@code /proc/self/status} (VmRSS). Where
 * /proc is missing, CPU comes from {@link ProcessHandle.Info#totalCpuDuration()} (all counted as user) and memory from the JVM's heap and non-heap use. CPU is the average between two
 * {@link #sample()} calls; the first call gives the average since the process started, so a report is
 * never without a value.
 */
public final class ProcessUsageSampler {

    /** Linux's USER_HZ; the same on every mainstream architecture. */
    private static final double TICKS_PER_SECOND = 100.0;

    private final Path stat;
    private final Path status;
    private long lastWall = -1;
    private double lastUser;
    private double lastSys;

    public ProcessUsageSampler() {
        this(Path.of("/proc/self/stat"), Path.of("/proc/self/status"));
    }

    ProcessUsageSampler(Path stat, Path status) {
        this.stat = stat;
        this.status = status;
    }

    /** The usage since the previous call (or since the process started). */
    public synchronized ResourceUsage sample() {
        double[] cpu = cpuSeconds();
        long now = System.nanoTime();
        double user;
        double sys;
        if (lastWall < 0) {
            double up = Math.max(1e-3, ManagementFactory.getRuntimeMXBean().getUptime() / 1e3);
            user = cpu[0] / up;
            sys = cpu[1] / up;
        } else {
            double dt = Math.max(1e-3, (now - lastWall) / 1e9);
            user = (cpu[0] - lastUser) / dt;
            sys = (cpu[1] - lastSys) / dt;
        }
        lastWall = now;
        lastUser = cpu[0];
        lastSys = cpu[1];
        return new ResourceUsage(Math.max(0, user * 100), Math.max(0, sys * 100), rssBytes());
    }

    /** User and system CPU seconds since the process started. */
    double[] cpuSeconds() {
        try {
            String s = Files.readString(stat);
            // the command name (field 2) is in parentheses and may hold spaces: count fields after the last ')'
            String[] f = s.substring(s.lastIndexOf(')') + 2).trim().split("\\s+");
            // after ')' field 3 (state) is f[0], so utime (field 14) is f[11] and stime (15) f[12]
            return new double[] { Long.parseLong(f[11]) / TICKS_PER_SECOND, Long.parseLong(f[12]) / TICKS_PER_SECOND };
        } catch (IOException | RuntimeException e) {
            return new double[] { ProcessHandle.current().info().totalCpuDuration().map(d -> d.toNanos() / 1e9).orElse(0.0), 0 };
        }
    }

    /** Resident set size in bytes. */
    long rssBytes() {
        try {
            for (String line : Files.readAllLines(status)) {
                if (line.startsWith("VmRSS:")) {
                    String[] f = line.substring(6).trim().split("\\s+");
                    return Long.parseLong(f[0]) * 1024;
                }
            }
        } catch (IOException | RuntimeException e) {
            // fall through to the JVM's view
        }
        var mem = ManagementFactory.getMemoryMXBean();
        return mem.getHeapMemoryUsage().getUsed() + mem.getNonHeapMemoryUsage().getUsed();
    }
}
