package org.ddstuner.dds;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

import org.ddstuner.dds.internal.DdsC;
import org.ddstuner.dds.internal.Retcode;

/**
 * The data-available listener of a reader ({@link ReaderBase}, {@link RawReader}): an upcall stub in an arena of its own, attached once
 * and freed with the reader. Closing the reader first {@link #detach detaches} it (Cyclone waits for a
 * callback that is running), then deletes the reader, then {@link #free frees} the stub: the callback never
 * runs after the reader's {@code close()} returns.
 */
final class DataListener {

    private static final MethodHandle TARGET;
    /**
     * {@code void (*)(dds_entity_t reader, void *arg)}, {@code arg} taken as a long: an ADDRESS parameter
     * would allocate a MemorySegment on every upcall, and Cyclone calls this once per arriving sample.
     */
    private static final FunctionDescriptor ON_DATA = FunctionDescriptor.ofVoid(JAVA_INT, JAVA_LONG);

    static {
        try {
            TARGET = MethodHandles.lookup().findVirtual(DataListener.class, "upcall",
                    MethodType.methodType(void.class, int.class, long.class));
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final Entity reader;
    private final Object lock = new Object();
    private Arena arena;
    private volatile Runnable callback;

    DataListener(Entity reader) {
        this.reader = reader;
    }

    /** Calls {@code onData} on Cyclone's thread for every arriving sample; {@code null} removes it. */
    void set(Runnable onData) {
        synchronized (lock) {
            int h = reader.handle();
            if (onData == null) {
                Retcode.check(DdsC.dds_set_listener(h, MemorySegment.NULL), "dds_set_listener(NULL)");
                callback = null;
                return;
            }
            callback = onData;
            if (arena == null) {
                arena = Arena.ofShared();
                MemorySegment stub = Linker.nativeLinker().upcallStub(TARGET.bindTo(this), ON_DATA, arena);
                MemorySegment l = DdsC.dds_create_listener(MemorySegment.NULL);
                try {
                    DdsC.dds_lset_data_available(l, stub);
                    Retcode.check(DdsC.dds_set_listener(h, l), "dds_set_listener");
                } finally {
                    DdsC.dds_delete_listener(l);
                }
            }
        }
    }

    @SuppressWarnings("unused") // called from C through the upcall stub
    private void upcall(int handle, long arg) {
        Runnable r = callback;
        if (r == null || reader.isClosed()) {
            return;
        }
        int[] depth = Entity.IN_LISTENER.get();
        depth[0]++;
        try {
            r.run();
        } catch (Throwable t) {
            // an exception escaping an upcall kills the JVM
            System.err.println("DDS data-available listener of " + reader + " threw " + t);
            t.printStackTrace();
        } finally {
            depth[0]--;
        }
    }

    /** Before the reader is deleted: no callback after this returns (Cyclone waits for a running one). */
    void detach(int rawHandle) {
        synchronized (lock) {
            callback = null;
            if (arena != null) {
                DdsC.dds_set_listener(rawHandle, MemorySegment.NULL);
            }
        }
    }

    /** After the reader is deleted: frees the stub. */
    void free() {
        synchronized (lock) {
            if (arena != null) {
                arena.close();
                arena = null;
            }
        }
    }
}
