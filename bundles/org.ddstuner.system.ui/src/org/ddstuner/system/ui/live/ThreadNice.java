package org.ddstuner.system.ui.live;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;

/**
 * Lowers the OS scheduling priority of the calling thread (Linux: its nice value, which applies per
 * thread). Java's {@link Thread#setPriority} does nothing on Linux, but any thread may make itself
 * nicer without privileges. Used for background work that must not delay the UI thread when the CPUs
 * are busy. Elsewhere, or if the call fails, nothing happens.
 */
final class ThreadNice {

    /** Nice value for background computations: clearly below the UI thread (0), still scheduled. */
    static final int BACKGROUND = 10;

    private static final int PRIO_PROCESS = 0;

    private ThreadNice() {
    }

    /** @return whether the priority was lowered */
    static boolean lowerCurrentThread(int nice) {
        if (!System.getProperty("os.name", "").toLowerCase().contains("linux")) {
            return false;
        }
        try {
            Linker linker = Linker.nativeLinker();
            var lookup = linker.defaultLookup();
            MethodHandle gettid = linker.downcallHandle(lookup.find("gettid").orElseThrow(),
                    FunctionDescriptor.of(ValueLayout.JAVA_INT));
            MethodHandle setpriority = linker.downcallHandle(lookup.find("setpriority").orElseThrow(),
                    FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_INT,
                            ValueLayout.JAVA_INT));
            int tid = (int) gettid.invokeExact();
            return (int) setpriority.invokeExact(PRIO_PROCESS, tid, nice) == 0;
        } catch (Throwable t) {
            return false; // only a scheduling preference: run at normal priority
        }
    }
}
