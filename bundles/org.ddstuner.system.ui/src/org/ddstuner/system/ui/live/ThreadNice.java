package org.ddstuner.system.ui.live;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;

/**
 * Lowers the OS scheduling priority of a thread of this process (Linux: its nice value, which applies
 * per thread). Java's {@link Thread#setPriority} does nothing on Linux, but a process may make any of
 * its threads nicer without privileges. Used for background work that must not delay the UI thread
 * when the CPUs are busy. Elsewhere, or if a call fails, nothing happens.
 */
public final class ThreadNice {

    /** Nice value for background computations: clearly below the UI thread (0), still scheduled. */
    public static final int BACKGROUND = 10;

    private static final int PRIO_PROCESS = 0;
    private static final boolean LINUX = System.getProperty("os.name", "").toLowerCase().contains("linux");
    /** gettid and setpriority, or null where they cannot be had. */
    private static final MethodHandle[] CALLS = LINUX ? link() : null;

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
            return new MethodHandle[] { gettid, setpriority };
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
}
