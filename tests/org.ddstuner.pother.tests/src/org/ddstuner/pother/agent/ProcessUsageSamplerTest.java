package org.ddstuner.pother.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;

import org.ddstuner.pother.protocol.ResourceUsage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The CPU and memory every agent report carries (the CARMA memo's CPU budget question) are what the process really
 * used: checked against the kernel's own counters for a known load, not only for plausible ranges.
 */
class ProcessUsageSamplerTest {

    /** One clock tick of /proc/self/stat is 10 ms; allow a few of them, and the test's own other threads. */
    private static final double CPU_TOLERANCE_PERCENT = 8;

    @Test
    void cpuOfABusyPeriodIsWhatTheProcessUsedMeanwhile() {
        ProcessUsageSampler sampler = new ProcessUsageSampler();
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        sampler.sample(); // the period starts here
        long wall0 = System.nanoTime();
        long process0 = processCpuNanos();
        long thread0 = threads.getCurrentThreadCpuTime();
        long sink = 0;
        while (threads.getCurrentThreadCpuTime() - thread0 < 700_000_000L) { // 0.7 s of this thread's CPU
            for (int i = 0; i < 1 << 20; i++) { // arithmetic only: reading the thread's CPU time is a system call
                sink = sink * 6364136223846793005L + 1442695040888963407L;
            }
        }
        ResourceUsage u = sampler.sample();
        double wall = (System.nanoTime() - wall0) / 1e9;
        double processPercent = (processCpuNanos() - process0) / 1e9 / wall * 100;
        double threadPercent = (threads.getCurrentThreadCpuTime() - thread0) / 1e9 / wall * 100;

        String why = u + " vs the kernel's " + processPercent + " % for the process, " + threadPercent + " % for the "
                + "busy thread, over " + wall + " s (" + sink + ")";
        assertEquals(processPercent, u.cpuTotalPercent(), CPU_TOLERANCE_PERCENT, why);
        assertTrue(u.cpuTotalPercent() >= threadPercent - CPU_TOLERANCE_PERCENT, why);
        assertTrue(u.cpuUserPercent() > u.cpuSysPercent(), "a busy loop is user time: " + why);
    }

    @Test
    void rssFollowsMemoryTheProcessTouches() {
        ProcessUsageSampler sampler = new ProcessUsageSampler();
        long before = sampler.sample().rssBytes();
        long size = 128L << 20;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment block = arena.allocate(size, 4096);
            for (long off = 0; off < size; off += 4096) {
                block.set(java.lang.foreign.ValueLayout.JAVA_BYTE, off, (byte) 1); // touch every page
            }
            long during = sampler.sample().rssBytes();
            assertTrue(during - before >= size * 9 / 10, "RSS " + before + " → " + during + " after touching " + size
                    + " bytes");
            assertEquals(vmRssFromProc(), during, 16 << 20, "VmRSS of /proc/self/status");
        }
    }

    /** The process name is in parentheses and may hold spaces and ')': fields are counted after the last one. */
    @Test
    void statWithAnAwkwardProcessNameIsRead(@TempDir Path dir) throws Exception {
        Path stat = dir.resolve("stat");
        Path status = dir.resolve("status");
        // pid (comm) state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime …
        Files.writeString(stat, "4242 (my (odd) agent) S 1 4242 4242 0 -1 4194560 100 0 0 0 250 50 0 0 20 0 9 0\n");
        Files.writeString(status, "Name:\tagent\nVmPeak:\t  999 kB\nVmRSS:\t   2048 kB\nThreads:\t9\n");
        ProcessUsageSampler s = new ProcessUsageSampler(stat, status);
        double[] cpu = s.cpuSeconds();
        assertEquals(2.5, cpu[0], 1e-9, "utime 250 ticks");
        assertEquals(0.5, cpu[1], 1e-9, "stime 50 ticks");
        assertEquals(2048L * 1024, s.rssBytes());
    }

    private static long processCpuNanos() {
        return ProcessHandle.current().info().totalCpuDuration().orElseThrow().toNanos();
    }

    private static long vmRssFromProc() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("VmRSS:")) {
                    return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
                }
            }
        } catch (java.io.IOException e) {
            throw new AssertionError(e);
        }
        throw new AssertionError("no VmRSS line");
    }
}
