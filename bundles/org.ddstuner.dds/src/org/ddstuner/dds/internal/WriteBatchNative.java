package org.ddstuner.dds.internal;

import static java.lang.foreign.ValueLayout.JAVA_BOOLEAN;
import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.FunctionDescriptor;
import java.lang.invoke.MethodHandle;

/**
 * Downcalls for write batching (dds_write_set_batch, dds_write_flush). Kept out of the generated
 * {@link DdsC} table on purpose: they only matter to the throughput engine, and binding them lazily
 * keeps a libddsc without them usable for everything else.
 */
public final class WriteBatchNative {

    private static final MethodHandle SET_BATCH = LibraryLoader.get().linker()
            .required("dds_write_set_batch", FunctionDescriptor.ofVoid(JAVA_BOOLEAN));
    /**
     * Critical (no thread-state transition): a flush hands the messages already packed for this writer to
     * the socket and returns; it never waits for acknowledgements or throttles like a reliable write can.
     * An echo and a ping flush once per round trip (bench/results/2026-11-23-pother-inplace-takes-critical-downcalls.md).
     */
    private static final MethodHandle FLUSH = LibraryLoader.get().linker()
            .requiredCritical("dds_write_flush", FunctionDescriptor.of(JAVA_INT, JAVA_INT));

    private WriteBatchNative() {
    }

    public static void dds_write_set_batch(boolean enable) {
        try {
            SET_BATCH.invokeExact(enable);
        } catch (Throwable t) {
            throw sneaky(t);
        }
    }

    public static int dds_write_flush(int writer) {
        try {
            return (int) FLUSH.invokeExact(writer);
        } catch (Throwable t) {
            throw sneaky(t);
        }
    }

    private static RuntimeException sneaky(Throwable t) {
        if (t instanceof RuntimeException r) {
            return r;
        }
        if (t instanceof Error e) {
            throw e;
        }
        return new IllegalStateException(t);
    }
}
