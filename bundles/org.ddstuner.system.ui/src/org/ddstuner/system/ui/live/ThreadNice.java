package org.ddstuner.system.ui.live;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;

/**
 * Lowers the OS scheduling priority of a thread of this process (Linux: its nice value, which applies
 * per thread). Java's {@link Thread#setPriority} does nothing on Linux, but a process may make any of
 * its threads nicer without privileges. Used for background work that must not delay the UI thread
 * when the CPUs are busy. Elsewhere, or if a call fails, nothing happens.
 *
 * <p>{@link #idleThread} goes further: Linux' {@code SCHED_IDLE} policy (weight 3 against a nice-0
 * thread's 1024, where nice 10 has 110), so a woken UI thread gets a CPU from such a thread at once. Any
 * thread may put a thread of its own process there without privileges; getting it back out needs
 * {@code CAP_SYS_NICE} or a matching {@code RLIMIT_NICE}. Threads a {@code SCHED_IDLE} thread creates
 * inherit the policy.
 */
public final class ThreadNice {

    /** Nice value for background computations: clearly below the UI thread (0), still scheduled. */
    public static final int BACKGROUND = 10;

    private static final int PRIO_PROCESS = 0;
    /** Linux' scheduling policies (sched.h). */
    static final int SCHED_OTHER = 0;
    static final int SCHED_IDLE = 5;
    private static final boolean LINUX = System.getProperty("os.name", "").toLowerCase().contains("linux");
    /** gettid, setpriority and sched_setscheduler, or null where they cannot be had. */
    private static final MethodHandle[] CALLS = LINUX ? link() : null;
    /** struct sched_param with sched_priority 0, the only priority SCHED_OTHER and SCHED_IDLE take. */
    private static final MemorySegment ZERO_PRIORITY = CALLS == null ? null : Arena.global().allocate(ValueLayout.JAVA_INT);

    private ThreadNice() {
    }

    private static MethodHandle[] link() {
        try {
            Linker linker = Linker.nativeLinker();
            var lookup = linker.defaultLookup();
            MethodHandle gettid = linker.downcallHandle(lookup.find("gettid").orElseThrow(),
                    FunctionDescriptor.of(ValueLayout.JAVA_INT));
            MethodHandle setpriority = linker.downcallHandle(lookup.find("setpriority").orElseThrow(),
                    FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_INT,
                            ValueLayout.JAVA_INT));
            MethodHandle setscheduler = linker.downcallHandle(lookup.find("sched_setscheduler").orElseThrow(),
                    FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_INT,
                            ValueLayout.ADDRESS));
            return new MethodHandle[] { gettid, setpriority, setscheduler };
        } catch (Throwable t) {
            return null; // no native access: run everything at normal priority
        }
    }

    /** @return whether the priority was lowered */
    public static boolean lowerCurrentThread(int nice) {
        int tid = currentTid();
        return tid > 0 && lowerThread(tid, nice);
    }

    /** The OS id of the calling thread (Linux), or -1. */
    public static int currentTid() {
        if (CALLS == null) {
            return -1;
        }
        try {
            return (int) CALLS[0].invokeExact();
        } catch (Throwable t) {
            return -1;
        }
    }

    /**
     * Sets the nice value of the thread {@code tid} of this process (Linux). Raising it needs no
     * privilege; lowering it again would.
     *
     * @return whether it was set
     */
    public static boolean lowerThread(int tid, int nice) {
        if (CALLS == null) {
            return false;
        }
        try {
            return (int) CALLS[1].invokeExact(PRIO_PROCESS, tid, nice) == 0;
        } catch (Throwable t) {
            return false; // only a scheduling preference
        }
    }

    /**
     * Puts the thread {@code tid} of this process under the {@code SCHED_IDLE} policy (Linux): it runs
     * only when no normal thread of its scheduling group wants the CPU.
     *
     * @return whether it was set (false where not permitted or not on Linux)
     */
    public static boolean idleThread(int tid) {
        return setScheduler(tid, SCHED_IDLE);
    }

    /**
     * Puts the thread {@code tid} back under the normal policy (keeps its nice value); unprivileged this
     * works only if its nice value is within {@code RLIMIT_NICE}.
     *
     * @return whether it was set
     */
    public static boolean normalThread(int tid) {
        return setScheduler(tid, SCHED_OTHER);
    }

    private static boolean setScheduler(int tid, int policy) {
        if (CALLS == null || tid <= 0) {
            return false;
        }
        try {
            return (int) CALLS[2].invokeExact(tid, policy, ZERO_PRIORITY) == 0;
        } catch (Throwable t) {
            return false; // only a scheduling preference
        }
    }
}
