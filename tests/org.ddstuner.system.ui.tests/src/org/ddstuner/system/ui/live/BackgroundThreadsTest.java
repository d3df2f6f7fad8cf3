package org.ddstuner.system.ui.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;

/**
 * Background threads are reniced, others keep their priority: real threads of this JVM, their nice
 * value read back from {@code /proc} (Linux only).
 */
class BackgroundThreadsTest {

    @Test
    void namesOfBackgroundThreads() {
        for (String comm : new String[] { "recvUC", "recvMC", "dq.builtins", "tev", "gc", "lease", "ddstuner-view-r",
                "C2 CompilerThre", "DDS log" }) {
            assertTrue(BackgroundThreads.isBackground(comm), comm);
        }
        for (String comm : new String[] { "java", "main", "GC Thread#0", "VM Thread", "stall-control", "ui-poster", "Worker-3", "Xvfb",
                "Shenandoah Con" }) {
            assertFalse(BackgroundThreads.isBackground(comm), comm);
        }
    }

    @Test
    void scanRenicesBackgroundThreadsOnly() throws Exception {
        if (!Files.isDirectory(Path.of("/proc/self/task")) || ThreadNice.currentTid() <= 0) {
            return; // Linux only (no opentest4j import in this bundle for an assumption)
        }
        CountDownLatch stop = new CountDownLatch(1);
        AtomicInteger bgTid = new AtomicInteger();
        AtomicInteger plainTid = new AtomicInteger();
        CountDownLatch started = new CountDownLatch(2);
        Thread bg = parked("ddstuner-test-bg", bgTid, started, stop);
        Thread plain = parked("plain-test", plainTid, started, stop);
        try {
            assertTrue(started.await(10, TimeUnit.SECONDS));
            int before = nice(plainTid.get());
            assertTrue(before < 7, "the test JVM already runs at nice " + before);
            assertEquals(before, nice(bgTid.get()));
            new BackgroundThreads(7, false).scan();
            assertEquals(7, nice(bgTid.get()), "ddstuner-* thread reniced");
            assertEquals(before, nice(plainTid.get()), "other thread left alone");
        } finally {
            stop.countDown();
            bg.join(10_000);
            plain.join(10_000);
        }
    }

    @Test
    void idleScanPutsBackgroundThreadsUnderSchedIdleAndInheritorsBack() throws Exception {
        if (!Files.isDirectory(Path.of("/proc/self/task")) || ThreadNice.currentTid() <= 0) {
            return; // Linux only
        }
        CountDownLatch stop = new CountDownLatch(1);
        AtomicInteger bgTid = new AtomicInteger();
        AtomicInteger plainTid = new AtomicInteger();
        AtomicInteger childTid = new AtomicInteger();
        CountDownLatch started = new CountDownLatch(2);
        CountDownLatch childStarted = new CountDownLatch(1);
        Thread bg = parked("ddstuner-test-idle", bgTid, started, stop);
        Thread plain = parked("plain-test-idle", plainTid, started, stop);
        Thread child = null;
        try {
            assertTrue(started.await(10, TimeUnit.SECONDS));
            assertEquals(ThreadNice.SCHED_OTHER, policy(bgTid.get()));
            new BackgroundThreads(7, true).scan();
            assertEquals(ThreadNice.SCHED_IDLE, policy(bgTid.get()), "ddstuner-* thread under SCHED_IDLE");
            assertEquals(ThreadNice.SCHED_OTHER, policy(plainTid.get()), "other thread left alone");

            // a thread started by a SCHED_IDLE thread inherits the policy; a scan puts it back where permitted
            AtomicReference<Thread> made = new AtomicReference<>();
            Thread maker = Thread.ofPlatform().daemon().name("ddstuner-test-maker").unstarted(() -> {
                ThreadNice.idleThread(ThreadNice.currentTid());
                made.set(parked("worker-test-inherit", childTid, childStarted, stop));
            });
            maker.start();
            maker.join(10_000);
            child = made.get();
            assertTrue(childStarted.await(10, TimeUnit.SECONDS));
            assertEquals(ThreadNice.SCHED_IDLE, policy(childTid.get()), "policy inherited from its creator");
            boolean mayRestore = ThreadNice.normalThread(childTid.get()); // probe: permitted here?
            if (mayRestore) {
                assertTrue(ThreadNice.idleThread(childTid.get()));
                new BackgroundThreads(7, true).scan();
                assertEquals(ThreadNice.SCHED_OTHER, policy(childTid.get()), "inherited SCHED_IDLE undone");
            }
        } finally {
            stop.countDown();
            bg.join(10_000);
            plain.join(10_000);
            if (child != null) {
                child.join(10_000);
            }
        }
    }

    private static int policy(int tid) {
        return BackgroundThreads.policy(Path.of("/proc/self/task/" + tid));
    }

    private static Thread parked(String name, AtomicInteger tid, CountDownLatch started, CountDownLatch stop) {
        return Thread.ofPlatform().daemon().name(name).start(() -> {
            tid.set(ThreadNice.currentTid());
            started.countDown();
            try {
                stop.await(60, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
    }

    /** Field 19 of /proc/self/task/TID/stat (after the command name in parentheses: field 17). */
    private static int nice(int tid) throws IOException {
        String stat = Files.readString(Path.of("/proc/self/task/" + tid + "/stat"));
        String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return Integer.parseInt(f[16]);
    }
}
