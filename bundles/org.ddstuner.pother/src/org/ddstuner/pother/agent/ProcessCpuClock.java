package org.ddstuner.pother.agent;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;

/**
 * The CPU time this whole process has used so far, user and system apart, in nanoseconds.
 *
 * <p>Source: {@code getrusage(RUSAGE_SELF)} from libc through java.lang.foreign. Why this one:
 * <ul>
 * <li>it covers every thread of the process, the native ones Cyclone starts (receive, delivery, timed events)
 * as much as Java's, and threads that have already ended; a sum of {@code ThreadMXBean} thread times misses the
 * native threads, {@code /proc/self/task/*}/schedstat misses the ended ones;</li>
 * <li>Linux computes it from the scheduler's nanosecond run time ({@code thread_group_cputime_adjusted}),
 * handed out in microseconds, and keeps user and system each monotonic; {@code /proc/self/stat}, {@code times()}
 * and with them {@code OperatingSystemMXBean.getProcessCpuTime} and {@code ProcessHandle}'s CPU duration give
 * the same figures rounded to 10 ms clock ticks (measured here: always a multiple of 10 ms), which over the short
 * periods of a benchmark report made "204 % user, 102 % system" on a 2-core machine;</li>
 * <li>it is the only nanosecond-class source with the user/system split.</li>
 * </ul>
 * One inaccuracy remains, and {@link ProcessUsageSampler} deals with it: the kernel brings a thread's run time up
 * to date only at a scheduler tick or switch, so the figure read lags by up to one tick (1–10 ms) for each thread
 * running on another CPU at that moment.
 *
 * <p>Where getrusage cannot be called (no native access, not Linux/Unix), {@link ProcessHandle}'s CPU duration is
 * used, all counted as user time, with its coarser resolution.
 */
final class ProcessCpuClock {

    /** {@code struct rusage} (LP64): ru_utime and ru_stime (struct timeval: long sec, long usec) then 14 longs. */
    private static final long RUSAGE_SIZE = 144;
    private static final int RUSAGE_SELF = 0;
    private static final MethodHandle GETRUSAGE = link();

    /** User and system CPU of the process so far, in ns. */
    record Times(long userNanos, long systemNanos) {

        long totalNanos() {
            return userNanos + systemNanos;
        }
    }

    private ProcessCpuClock() {
    }

    private static MethodHandle link() {
        try {
            Linker linker = Linker.nativeLinker();
            return linker.downcallHandle(linker.defaultLookup().find("getrusage").orElseThrow(),
                    FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.ADDRESS));
        } catch (Throwable t) {
            return null; // no native access here: ProcessHandle's coarser figure
        }
    }

    /** Whether the figures come from getrusage (microseconds) rather than the coarse fallback. */
    static boolean fine() {
        return GETRUSAGE != null;
    }

    static Times now() {
        if (GETRUSAGE != null) {
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment ru = arena.allocate(RUSAGE_SIZE, 8);
                if ((int) GETRUSAGE.invokeExact(RUSAGE_SELF, ru) == 0) {
                    return new Times(micros(ru, 0) * 1000, micros(ru, 16) * 1000);
                }
            } catch (Throwable t) {
                // fall through to the coarse figure
            }
        }
        return new Times(ProcessHandle.current().info().totalCpuDuration().map(d -> d.toNanos()).orElse(0L), 0);
    }

    private static long micros(MemorySegment ru, long offset) {
        return ru.get(ValueLayout.JAVA_LONG, offset) * 1_000_000 + ru.get(ValueLayout.JAVA_LONG, offset + 8);
    }
}
