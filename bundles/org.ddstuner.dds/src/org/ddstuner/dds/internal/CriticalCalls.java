package org.ddstuner.dds.internal;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;

/**
 * Critical downcalls ({@link Linker.Option#critical}: no thread-state transition, no safepoint check on
 * return) for short calls of the per-sample receive path that never wait and never call back into Java.
 * While one runs the JVM cannot reach a safepoint, so only calls that finish in microseconds belong here
 * (bench/results/2026-11-23-pother-inplace-takes-critical-downcalls.md: measured on the 64-byte round trip).
 */
public final class CriticalCalls {

    private static final MethodHandle TAKE = LibraryLoader.get().linker().requiredCritical("dds_take",
            FunctionDescriptor.of(JAVA_INT, JAVA_INT, ADDRESS, ADDRESS, JAVA_LONG, JAVA_INT));

    /**
     * The same dds_take with the two arrays given by address: a MemorySegment argument from a shared arena
     * costs an acquire and a release of its session (two atomic updates each) on every call, and this take
     * runs once per arriving sample. Only for arrays whose owner guarantees they outlive the call (a reader's
     * own {@link SampleSlots}, freed under its take lock after the reader is deleted).
     */
    private static final MethodHandle TAKE_AT = LibraryLoader.get().linker().requiredCritical("dds_take",
            FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_INT));

    private CriticalCalls() {
    }

    /** {@link #dds_take(int, MemorySegment, MemorySegment, long, int)} with {@code buf} and {@code infos} as native addresses. */
    public static int dds_take(int reader, long buf, long infos, long bufsz, int maxs) {
        try {
            return (int) TAKE_AT.invokeExact(reader, buf, infos, bufsz, maxs);
        } catch (Throwable t) {
            throw t instanceof RuntimeException r ? r : new IllegalStateException(t);
        }
    }

    /** dds_take into buffers the caller provides or a loan: takes the reader's lock briefly, never waits for data. */
    public static int dds_take(int reader, MemorySegment buf, MemorySegment infos, long bufsz, int maxs) {
        try {
            return (int) TAKE.invokeExact(reader, buf, infos, bufsz, maxs);
        } catch (Throwable t) {
            throw t instanceof RuntimeException r ? r : new IllegalStateException(t);
        }
    }
}
