package org.ddstuner.system.ui.live;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Runs the desktop application's background threads at a lower OS priority than the UI thread
 * (Linux). While thousands of endpoints are discovered, Cyclone's receive and delivery threads, the
 * discovery feed, the model notifier, the view refresh thread and the JIT compilers all
 * want CPU at once; at equal priority a woken UI thread waits its turn behind them (measured: stalls
 * of 100–400 ms on 2 cores while the UI thread itself was idle). A thread's nice value only weighs it
 * against the other threads of the same scheduling group (with autogroup: the same session), so this
 * costs the background work nothing while the UI thread sleeps: the process' share of the CPUs against
 * other processes stays what it was.
 *
 * <p>A daemon thread looks at {@code /proc/self/task} every {@value #SCAN_MS} ms (new threads appear
 * while connections open and the JIT adds compiler threads) and renices the threads whose OS name
 * ({@code comm}) is one of {@link #isBackground known background threads}. The JVM's own threads
 * (garbage collector: starving it would stop every thread) and the UI thread keep their priority.
 * Eclipse's job workers are left alone: they call {@code Display.asyncExec}, which holds SWT's global
 * lock (see {@link UiPoster}); our own low-priority threads post through {@link UiPoster}.
 *
 * <p>{@code -Dddstuner.backgroundSched=idle} (opt-in, an experiment) puts them under {@code SCHED_IDLE}
 * instead ({@link ThreadNice#idleThread}: a woken UI thread preempts such a thread at once), falling
 * back quietly to the nice value where that is not permitted. Not the default: measured against nice 10
 * it did not lower the UI stalls, and a UI thread blocked on a lock such a thread holds waits longer
 * (bench/results/2026-11-23-sched-idle-background-threads.md). A thread a {@code SCHED_IDLE} thread creates inherits the policy; a
 * new thread that is not background work but runs under it (e.g. an Eclipse job worker started from one
 * of ours) is put back under the normal policy, which works where the process may (privileges or
 * {@code RLIMIT_NICE}). {@code -Dddstuner.backgroundNice=N} sets the nice value (default
 * {@value ThreadNice#BACKGROUND}); 0 turns all of this off.
 */
public final class BackgroundThreads {

    public static final String NICE_PROPERTY = "ddstuner.backgroundNice";
    /** "nice" (default: the nice value) or "idle" (SCHED_IDLE, the nice value where not permitted). */
    public static final String SCHED_PROPERTY = "ddstuner.backgroundSched";
    static final long SCAN_MS = 250;

    /** Cyclone's threads (ddsi: receive, timed events, delivery queues, transmit, gc, lease) and ours. */
    private static final List<String> PREFIXES = List.of("recv", "dq.", "xmit.", "ddstuner-", "DDS log",
            "C1 CompilerThre", "C2 CompilerThre");
    private static final Set<String> NAMES = Set.of("tev", "gc", "lease");

    private final int nice;
    private final boolean idle;
    /** Thread id → name it had when last seen (a name may be set after the thread started). */
    private final Map<Integer, String> seen = new HashMap<>();
    private int ownTid = -1;

    BackgroundThreads(int nice, boolean idle) {
        this.nice = nice;
        this.idle = idle;
    }

    /** Whether a thread with this OS name does background work (a name of Linux' {@code comm}). */
    static boolean isBackground(String comm) {
        if (NAMES.contains(comm)) {
            return true;
        }
        for (String p : PREFIXES) {
            if (comm.startsWith(p)) {
                return true;
            }
        }
        return false;
    }

    /** Starts renicing background threads unless turned off or not on Linux; once per process. */
    public static synchronized void start() {
        int nice = Integer.getInteger(NICE_PROPERTY, ThreadNice.BACKGROUND);
        if (nice <= 0 || !Files.isDirectory(Path.of("/proc/self/task")) || ThreadNice.currentTid() < 0) {
            return;
        }
        boolean idle = "idle".equalsIgnoreCase(System.getProperty(SCHED_PROPERTY, "nice").strip());
        BackgroundThreads b = new BackgroundThreads(nice, idle);
        Thread.ofPlatform().daemon().name("ddstuner-background-nice").start(b::loop);
    }

    private void loop() {
        // the scanner itself stays at the nice value: under SCHED_IDLE a busy box could starve it for
        // seconds while new threads appear
        ownTid = ThreadNice.currentTid();
        ThreadNice.lowerThread(ownTid, nice);
        while (true) {
            scan();
            try {
                Thread.sleep(SCAN_MS);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    /** One look at the process' threads: renices the background ones not seen under that name before. */
    void scan() {
        Map<Integer, String> now = new HashMap<>();
        try (DirectoryStream<Path> tasks = Files.newDirectoryStream(Path.of("/proc/self/task"))) {
            for (Path task : tasks) {
                int tid;
                String comm;
                try {
                    tid = Integer.parseInt(task.getFileName().toString());
                    comm = Files.readString(task.resolve("comm")).strip();
                } catch (IOException | NumberFormatException e) {
                    continue; // the thread ended meanwhile
                }
                now.put(tid, comm);
                if (tid == ownTid || comm.equals(seen.get(tid))) {
                    continue;
                }
                if (isBackground(comm)) {
                    lower(tid);
                } else if (idle && policy(task) == ThreadNice.SCHED_IDLE) {
                    ThreadNice.normalThread(tid); // inherited from the background thread that made it
                }
            }
        } catch (IOException e) {
            return; // only a scheduling preference
        }
        seen.clear();
        seen.putAll(now);
    }

    private void lower(int tid) {
        if (!idle || !ThreadNice.idleThread(tid)) {
            ThreadNice.lowerThread(tid, nice);
        }
    }

    /** The scheduling policy of a thread: field 41 of its {@code stat}, or -1. */
    static int policy(Path task) {
        try {
            String stat = Files.readString(task.resolve("stat"));
            // fields after "pid (comm) ": the first is field 3 (state), so policy (41) is index 38
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return Integer.parseInt(f[38]);
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }
}
