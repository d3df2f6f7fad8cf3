package org.ddstuner.dds.internal;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.FunctionDescriptor;
import java.lang.invoke.MethodHandle;

/**
 * dds_write of a sample given by its native address as a {@code long}, for writing a taken sample on from
 * the reader's own slot (an echo). Passing a MemorySegment meant {@code MemorySegment.ofAddress(a).reinterpret(size)}
 * per write: a segment object and a restricted-method check (caller class, module lookup) on every round
 * trip. A pointer and a 64-bit integer go in the same register on every ABI the FFM linker supports
 * (x86-64 SysV/Windows, AArch64). A normal downcall, not a critical one: a reliable write may wait for
 * acknowledgements.
 */
public final class AddressWrites {

    private static final MethodHandle WRITE = LibraryLoader.get().linker().required("dds_write",
            FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_LONG));

    private AddressWrites() {
    }

    /** dds_write(writer, (const void *) sample). */
    public static int dds_write(int writer, long sample) {
        try {
            return (int) WRITE.invokeExact(writer, sample);
        } catch (Throwable t) {
            throw t instanceof RuntimeException r ? r : new IllegalStateException(t);
        }
    }
}
