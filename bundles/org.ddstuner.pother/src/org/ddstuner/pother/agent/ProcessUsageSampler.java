package org.ddstuner.pother.agent;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.IntSupplier;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

import org.ddstuner.pother.protocol.ResourceUsage;

/**
 * This process's CPU (user and system) and resident memory, as every agent report carries them.
 *
 * <p>Unit: percent of one CPU, as {@code top} shows a process: 100 is one CPU busy all the time, and the most a
 * figure can be is 100 × {@link Runtime#availableProcessors()} (200 on a 2-core machine).
 *
 * <p>CPU comes from {@link ProcessCpuClock} (getrusage: every thread of the process, native ones included,
 * microsecond resolution) and memory from VmRSS of {@code /proc/self/status}. Two rules keep a figure true:
 * <ul>
 * <li>A figure covers at least {@link #MIN_WINDOW_NANOS}: a call sooner than that after the last figure returns
 * that figure again (with fresh memory), and the next figure covers the longer period. The counters lag by up to
 * one scheduler tick per busy CPU, which over the few milliseconds between two close calls would be a large part
 * of the figure.</li>
 * <li>That lag can still make the counters show, over one period, a little more CPU than the machine's CPUs had
 * in it (the time was used, but counted late). Such a figure is given as the machine's capacity and the rest is
 * carried into the next figure: nothing is dropped, the figures add up to what the kernel counted (see
 * {@link #carriedNanos()}), and none is more than the machine has.</li>
 * </ul>
 * The first call gives the average since the JVM started, so a report is never without a value.
 */
public final class ProcessUsageSampler {

    /** The shortest period a CPU figure covers: long against the counters' lag of a tick (1–10 ms) per CPU. */
    static final long MIN_WINDOW_NANOS = 500_000_000L;

    private final Supplier<ProcessCpuClock.Times> cpu;
    private final LongSupplier wall;
    private final IntSupplier cpus;
    private final Path status;
    /** The reading the next figure starts from. */
    private long fromWall;
    private ProcessCpuClock.Times from;
    private boolean anyFigure;
    private long figures;
    private long windowNanos;
    /** CPU the counters showed beyond the machine's capacity, not yet in a figure (ns). */
    private double carryUser;
    private double carrySystem;
    private double userPercent;
    private double systemPercent;

    public ProcessUsageSampler() {
        this(ProcessCpuClock::now, System::nanoTime, Runtime.getRuntime()::availableProcessors,
                Path.of("/proc/self/status"),
                System.nanoTime() - ManagementFactory.getRuntimeMXBean().getUptime() * 1_000_000L,
                new ProcessCpuClock.Times(0, 0));
    }

    /** With its sources given, and the reading the first figure starts from (wall ns, CPU used then). */
    ProcessUsageSampler(Supplier<ProcessCpuClock.Times> cpu, LongSupplier wall, IntSupplier cpus, Path status,
            long originWall, ProcessCpuClock.Times originCpu) {
        this.cpu = cpu;
        this.wall = wall;
        this.cpus = cpus;
        this.status = status;
        this.fromWall = originWall;
        this.from = originCpu;
    }

    /** The usage over the period since the previous figure (or since the JVM started); see the class comment. */
    public synchronized ResourceUsage sample() {
        ProcessCpuClock.Times now = cpu.get();
        long nowWall = wall.getAsLong();
        long window = nowWall - fromWall;
        if (!anyFigure || window >= MIN_WINDOW_NANOS) {
            figure(now, Math.max(1, window));
            fromWall = nowWall;
            from = now;
        }
        return new ResourceUsage(userPercent, systemPercent, rssBytes());
    }

    private void figure(ProcessCpuClock.Times now, long window) {
        double user = now.userNanos() - from.userNanos() + carryUser;
        double system = now.systemNanos() - from.systemNanos() + carrySystem;
        double u = user / window * 100;
        double s = system / window * 100;
        double capacity = 100.0 * cpus.getAsInt();
        if (u + s > capacity) {
            // counted late (see the class comment): the share beyond capacity goes into the next figure
            double keptUser = capacity * (u / (u + s));
            double keptSystem = capacity - keptUser;
            carryUser = (u - keptUser) / 100 * window;
            carrySystem = (s - keptSystem) / 100 * window;
            u = keptUser;
            s = keptSystem;
        } else {
            carryUser = 0;
            carrySystem = 0;
        }
        userPercent = u;
        systemPercent = s;
        windowNanos = window;
        figures++;
        anyFigure = true;
    }

    /** How many figures (periods) there have been; a call within {@link #MIN_WINDOW_NANOS} makes none. */
    synchronized long figures() {
        return figures;
    }

    /** The period the latest figure covers (ns). */
    synchronized long windowNanos() {
        return windowNanos;
    }

    /** CPU counted in the latest period beyond the machine's capacity, reported with the next figure (ns). */
    synchronized double carriedNanos() {
        return carryUser + carrySystem;
    }

    /** The counters at the end of the latest period. */
    synchronized ProcessCpuClock.Times lastReading() {
        return from;
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
