package org.ddstuner.ui.internal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import org.ddstuner.connection.Connection;
import org.ddstuner.connection.ConnectionManager;
import org.eclipse.swt.widgets.Display;

/**
 * Measures how responsive the UI thread is, for the benchmarks (bench/discovery-scale.sh,
 * bench/startup-time.sh). Enabled by {@code -Dddstuner.stallLog=FILE}: a 10 ms timer on the UI thread
 * notes how late it runs; every 250 ms one line is appended to FILE:
 * {@code t_ms=… max_stall_ms=… stall_ms=… stall_wait_ms=… stall_run_ms=… ui_run_ms=… ui_wait_ms=…
 * control_stall_ms=… endpoints=… window_ms=…}. Off by default (costs nothing).
 *
 * <p>{@code stall_ms} is the longest time in the last 250 ms by which the timer came late: what a key
 * press would have waited. Where that time went (Linux, the UI thread's {@code schedstat}):
 * {@code stall_wait_ms} ready to run but waiting for a CPU, {@code stall_run_ms} running (our own work
 * on the UI thread); the rest it was blocked (e.g. on a lock or the X server). {@code ui_run_ms} and
 * {@code ui_wait_ms} are the same over the whole 250 ms. {@code control_stall_ms} is how late a plain
 * thread of the same priority woke from 10 ms sleeps in the same 250 ms: if it is as late as the UI
 * thread, the whole process lacked CPU (scheduling or a JVM pause), not the UI thread's own work. The
 * log is written by that control thread, never by the UI thread (a write can wait on a busy disk).
 */
public final class StallMonitor {

    private static final int TICK_MS = 10;
    private static final int REPORT_MS = 250;
    private static final long JVM_START_MS = ProcessHandle.current().info().startInstant().orElse(Instant.now())
            .toEpochMilli();
    private static volatile long windowMs = -1;

    /** One 250 ms period as seen by the UI thread, handed to the control thread for writing. */
    private record Period(long tMs, long maxStallMs, long stallMs, long stallWaitMs, long stallRunMs, long runMs,
            long waitMs) {
    }

    private final Display display;
    private final Path file;
    private final SchedStat sched = SchedStat.ofCurrentThread();
    private final ConcurrentLinkedQueue<Period> periods = new ConcurrentLinkedQueue<>();
    private long last = System.nanoTime();
    private long lastReport = last;
    private long[] lastSched = sched.read();
    private long[] reportSched = lastSched;
    private long maxStallMs;
    private long periodStallMs;
    private long periodStallWaitMs;
    private long periodStallRunMs;
    private volatile boolean stopped;
    /** Control thread: its largest lateness since its last line. */
    private volatile long controlStallMs;

    private StallMonitor(Display display, Path file) {
        this.display = display;
        this.file = file;
    }

    /** Starts the monitor if {@code ddstuner.stallLog} is set. Call on the UI thread. */
    public static void startIfRequested(Display display) {
        String f = System.getProperty("ddstuner.stallLog");
        if (f != null && !f.isBlank()) {
            StallMonitor m = new StallMonitor(display, Path.of(f));
            // not named ddstuner-*: BackgroundThreads must leave it at the UI thread's priority
            Thread.ofPlatform().daemon().name("stall-control").start(m::control);
            display.timerExec(TICK_MS, m::tick);
        }
    }

    /** Records the first time a workbench window was shown. */
    public static void windowOpened() {
        if (windowMs < 0) {
            windowMs = System.currentTimeMillis() - JVM_START_MS;
        }
    }

    private void tick() {
        if (display.isDisposed()) {
            stopped = true;
            return;
        }
        long now = System.nanoTime();
        long[] s = sched.read();
        long stall = Math.max(0, (now - last) / 1_000_000 - TICK_MS);
        last = now;
        maxStallMs = Math.max(maxStallMs, stall);
        if (stall >= periodStallMs) {
            periodStallMs = stall;
            periodStallRunMs = (s[0] - lastSched[0]) / 1_000_000;
            periodStallWaitMs = (s[1] - lastSched[1]) / 1_000_000;
        }
        lastSched = s;
        if ((now - lastReport) / 1_000_000 >= REPORT_MS) {
            lastReport = now;
            periods.add(new Period(System.currentTimeMillis() - JVM_START_MS, maxStallMs, periodStallMs,
                    periodStallWaitMs, periodStallRunMs, (s[0] - reportSched[0]) / 1_000_000,
                    (s[1] - reportSched[1]) / 1_000_000));
            reportSched = s;
            periodStallMs = 0;
        }
        display.timerExec(TICK_MS, this::tick);
    }

    /** The control thread: sleeps 10 ms at a time, notes how late it wakes, writes the UI's lines. */
    private void control() {
        long worst = 0;
        while (!stopped) { // not display.isDisposed(): that takes SWT's global lock, which the UI thread needs
            long due = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(TICK_MS);
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(TICK_MS));
            worst = Math.max(worst, (System.nanoTime() - due) / 1_000_000);
            Period p = periods.poll();
            if (p != null) {
                controlStallMs = worst;
                worst = 0;
                write(p);
            }
        }
    }

    private void write(Period p) {
        long endpoints = 0;
        for (Connection c : ConnectionManager.get().connections()) {
            endpoints += c.model().endpointCount(); // lock-free
        }
        String line = "t_ms=" + p.tMs() + " max_stall_ms=" + p.maxStallMs() + " stall_ms=" + p.stallMs()
                + " stall_wait_ms=" + p.stallWaitMs() + " stall_run_ms=" + p.stallRunMs() + " ui_run_ms="
                + p.runMs() + " ui_wait_ms=" + p.waitMs() + " control_stall_ms=" + controlStallMs + " endpoints="
                + endpoints + " window_ms=" + windowMs + "\n";
        try {
            Files.writeString(file, line, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            // a benchmark aid: never disturb the application because the log cannot be written
        }
    }

    /** The calling thread's {@code /proc/thread-self/schedstat}: ns on a CPU, ns ready but waiting. */
    private static final class SchedStat {
        private final FileChannel channel;
        private final ByteBuffer buf = ByteBuffer.allocate(128);

        private SchedStat(FileChannel channel) {
            this.channel = channel;
        }

        /** Opens the file of the calling thread ("thread-self" is resolved when opened). */
        static SchedStat ofCurrentThread() {
            try {
                return new SchedStat(FileChannel.open(Path.of("/proc/thread-self/schedstat")));
            } catch (IOException | UnsupportedOperationException e) {
                return new SchedStat(null); // not Linux: zeros
            }
        }

        long[] read() {
            long[] v = new long[2];
            if (channel == null) {
                return v;
            }
            try {
                buf.clear();
                channel.read(buf, 0); // procfs regenerates the text on a read at offset 0
                String[] f = new String(buf.array(), 0, buf.position(), StandardCharsets.US_ASCII).strip().split(" ");
                v[0] = Long.parseLong(f[0]);
                v[1] = Long.parseLong(f[1]);
            } catch (IOException | RuntimeException e) {
                // zeros: the split of a stall is then unknown, the stall itself still measured
            }
            return v;
        }
    }
}
