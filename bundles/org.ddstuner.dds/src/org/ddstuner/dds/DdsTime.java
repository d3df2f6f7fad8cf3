package org.ddstuner.dds;

import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.invoke.MethodHandle;

import org.ddstuner.dds.internal.LibraryLoader;

/**
 * Cyclone's clock (dds_time: wall-clock nanoseconds since 1970, the clock of source timestamps), read
 * without allocating, for latency measurements that compare with {@link SampleView#sourceTimestampNanos()}.
 */
public final class DdsTime {

    /**
     * dds_time as a critical downcall: it only reads the clock (no lock, no callback, never blocks), so
     * the thread-state transition of a normal downcall is pure overhead, paid several times per round
     * trip and once per sample by the benchmark engine.
     */
    private static final MethodHandle DDS_TIME = Linker.nativeLinker().downcallHandle(
            LibraryLoader.get().linker().find("dds_time").orElseThrow(() -> new UnsatisfiedLinkError("libddsc does not export dds_time")),
            FunctionDescriptor.of(JAVA_LONG), Linker.Option.critical(false));

    private DdsTime() {
    }

    /** dds_time(): nanoseconds since the Unix epoch. */
    public static long now() {
        try {
            return (long) DDS_TIME.invokeExact();
        } catch (Throwable t) {
            throw new IllegalStateException("dds_time failed", t);
        }
    }
}
