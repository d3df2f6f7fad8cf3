package org.ddstuner.system.ui.live;

import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * The one background thread on which every view computes its refreshes ({@link BackgroundRefresher}),
 * one at a time. While 20,000 endpoints are being discovered, the views' rebuilds were the JVM's
 * biggest user of CPU besides Cyclone itself, running on up to six job workers at once: on a 2-core
 * host they took the CPU from the UI thread (stalls of 100–800 ms while it sat idle waiting to be
 * scheduled) and from Cyclone's discovery. Here they run serially, and after each run the thread rests
 * {@link #REST_FACTOR} times as long as the run took (bounded), so refreshes use at most about a third
 * of one core however busy the model is; on a quiet model a refresh still starts at once. The thread
 * also runs at a lower OS priority ({@link ThreadNice}) so a woken UI thread is scheduled first.
 */
final class RefreshThread {

    /** Rest after a run, as a multiple of the run's (wall-clock) time. */
    static final double REST_FACTOR = Double.parseDouble(System.getProperty("ddstuner.refreshRestFactor", "2"));
    /** Longest rest: a slow refresh still lets the next one come within a second. */
    static final long MAX_REST_MS = 1000;

    private static final ScheduledThreadPoolExecutor EXECUTOR = create();
    private static volatile long restUntilNanos;

    private RefreshThread() {
    }

    private static ScheduledThreadPoolExecutor create() {
        ScheduledThreadPoolExecutor e = new ScheduledThreadPoolExecutor(1, r -> {
            Thread t = new Thread(() -> {
                ThreadNice.lowerCurrentThread(ThreadNice.BACKGROUND);
                r.run();
            }, "ddstuner-view-refresh");
            t.setDaemon(true);
            return t;
        });
        e.setRemoveOnCancelPolicy(true);
        return e;
    }

    /** Runs {@code task} on the refresh thread after {@code delayMs}, and after the thread's rest. */
    static void schedule(Runnable task, long delayMs) {
        EXECUTOR.schedule(() -> runRested(task), Math.max(0, delayMs), TimeUnit.MILLISECONDS);
    }

    private static void runRested(Runnable task) {
        long rest = restUntilNanos - System.nanoTime();
        if (rest > 0) {
            // still resting from the previous run: look again then (another task may have run first)
            EXECUTOR.schedule(() -> runRested(task), rest, TimeUnit.NANOSECONDS);
        } else {
            runTimed(task);
        }
    }

    private static void runTimed(Runnable task) {
        long t0 = System.nanoTime();
        try {
            task.run();
        } finally {
            long took = System.nanoTime() - t0;
            long rest = Math.min(TimeUnit.MILLISECONDS.toNanos(MAX_REST_MS), (long) (took * REST_FACTOR));
            restUntilNanos = System.nanoTime() + rest;
        }
    }
}
