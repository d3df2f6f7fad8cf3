package org.ddstuner.ui.internal;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;

import org.ddstuner.connection.Connection;
import org.ddstuner.connection.ConnectionManager;
import org.eclipse.swt.widgets.Display;

/**
 * Measures how responsive the UI thread is, for the benchmarks (bench/discovery-scale.sh,
 * bench/startup-time.sh). Enabled by {@code -Dddstuner.stallLog=FILE}: a 10 ms timer on the UI thread
 * notes how late it runs; every 250 ms one line is appended to FILE:
 * {@code t_ms=… max_stall_ms=… stall_ms=… endpoints=… window_ms=…}. Off by default (costs nothing).
 */
public final class StallMonitor {

    private static final int TICK_MS = 10;
    private static final int REPORT_MS = 250;
    private static final long JVM_START_MS = ProcessHandle.current().info().startInstant().orElse(Instant.now())
            .toEpochMilli();
    private static volatile long windowMs = -1;

    private final Display display;
    private final Path file;
    private long last = System.nanoTime();
    private long lastReport = last;
    private long maxStallMs;
    private long periodStallMs;

    private StallMonitor(Display display, Path file) {
        this.display = display;
        this.file = file;
    }

    /** Starts the monitor if {@code ddstuner.stallLog} is set. Call on the UI thread. */
    public static void startIfRequested(Display display) {
        String f = System.getProperty("ddstuner.stallLog");
        if (f != null && !f.isBlank()) {
            StallMonitor m = new StallMonitor(display, Path.of(f));
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
            return;
        }
        long now = System.nanoTime();
        long stall = Math.max(0, (now - last) / 1_000_000 - TICK_MS);
        last = now;
        maxStallMs = Math.max(maxStallMs, stall);
        periodStallMs = Math.max(periodStallMs, stall);
        if ((now - lastReport) / 1_000_000 >= REPORT_MS) {
            lastReport = now;
            report();
            periodStallMs = 0;
        }
        display.timerExec(TICK_MS, this::tick);
    }

    private void report() {
        long endpoints = 0;
        for (Connection c : ConnectionManager.get().connections()) {
            endpoints += c.model().endpointCount();
        }
        String line = "t_ms=" + (System.currentTimeMillis() - JVM_START_MS) + " max_stall_ms=" + maxStallMs
                + " stall_ms=" + periodStallMs + " endpoints=" + endpoints + " window_ms=" + windowMs + "\n";
        try {
            Files.writeString(file, line, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            // a benchmark aid: never disturb the UI because the log cannot be written
        }
    }
}
