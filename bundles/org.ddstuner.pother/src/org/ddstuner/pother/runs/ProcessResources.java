package org.ddstuner.pother.runs;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * This process's CPU (user/system, from /proc/self/stat) and RSS (/proc/self/statm) between two calls
 * of {@link #sample()}: what a local run reports as the "local" agent's resources. Linux only; returns
 * null where /proc is missing.
 */
public final class ProcessResources {

    /** USER_HZ; 100 on every Linux architecture we run on. */
    private static final double TICKS_PER_SECOND = 100.0;
    private static final long PAGE_SIZE = 4096;

    private long lastUser = -1;
    private long lastSys;
    private long lastNanos;

    /** Resources since the previous call (the first call measures since the process started). */
    public synchronized AgentResources sample() {
        try {
            String stat = Files.readString(Path.of("/proc/self/stat"));
            // fields after the parenthesised command name; utime and stime are fields 14 and 15
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            long user = Long.parseLong(f[11]);
            long sys = Long.parseLong(f[12]);
            String[] statm = Files.readString(Path.of("/proc/self/statm")).trim().split(" ");
            long rss = Long.parseLong(statm[1]) * PAGE_SIZE;
            long now = System.nanoTime();
            AgentResources r = null;
            if (lastUser >= 0) {
                double seconds = (now - lastNanos) / 1e9;
                r = new AgentResources(100 * (user - lastUser) / TICKS_PER_SECOND / seconds,
                        100 * (sys - lastSys) / TICKS_PER_SECOND / seconds, rss);
            }
            lastUser = user;
            lastSys = sys;
            lastNanos = now;
            return r;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }
}
