package org.ddstuner.dds;

import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;

import org.ddstuner.dds.internal.DdsC;
import org.ddstuner.dds.internal.Layouts;
import org.ddstuner.dds.internal.NativeConstants;
import org.ddstuner.dds.internal.QosNative;
import org.ddstuner.dds.internal.Retcode;

/**
 * A DDS entity (participant, publisher, subscriber, topic, writer, reader). Entities form an owner
 * tree like Cyclone's: closing one deletes its native entity and all of its children, and releases
 * the memory and upcall stubs the Java side held for them. Closing twice is harmless; any other use
 * after close throws {@link AlreadyDeletedException}.
 */
public abstract class Entity implements AutoCloseable {

    /** Set while a listener runs on this thread: deleting an entity from there would deadlock Cyclone. */
    static final ThreadLocal<int[]> IN_LISTENER = ThreadLocal.withInitial(() -> new int[1]);

    private final int handle;
    private final Entity parent;
    private final Set<Entity> children = ConcurrentHashMap.newKeySet();
    private final AtomicBoolean closed = new AtomicBoolean();

    Entity(int handle, Entity parent) {
        this.handle = handle;
        this.parent = parent;
        if (parent != null) {
            parent.children.add(this);
        }
    }

    /** Checks a create call's result; on success the handle is positive. */
    static int created(int rc, String operation) {
        return Retcode.check(rc, operation);
    }

    /** The Cyclone entity handle (dds_entity_t). */
    public int handle() {
        ensureOpen();
        return handle;
    }

    /** The handle even after close (for cleanup paths that must not throw). */
    int rawHandle() {
        return handle;
    }

    /** The Java owner, or {@code null} for a participant (owned by its {@link Domain}). */
    public Entity parent() {
        return parent;
    }

    public boolean isClosed() {
        return closed.get();
    }

    /** dds_get_guid. */
    public Guid guid() {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment g = a.allocate(Layouts.GUID);
            Retcode.check(DdsC.dds_get_guid(handle(), g), "dds_get_guid");
            return new Guid(g.toArray(java.lang.foreign.ValueLayout.JAVA_BYTE));
        }
    }

    /** dds_get_instance_handle: the handle other readers' SampleInfo.publicationHandle etc. refer to. */
    public long instanceHandle() {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment h = a.allocate(JAVA_LONG);
            Retcode.check(DdsC.dds_get_instance_handle(handle(), h), "dds_get_instance_handle");
            return h.get(JAVA_LONG, 0);
        }
    }

    /** The entity's current QoS as Cyclone reports it (every policy that applies to this kind of entity). */
    public Qos qos() {
        MemorySegment q = DdsC.dds_create_qos();
        try {
            Retcode.check(DdsC.dds_get_qos(handle(), q), "dds_get_qos");
            return QosNative.fromNative(q);
        } finally {
            DdsC.dds_delete_qos(q);
        }
    }

    /**
     * dds_set_qos with the policies set in {@code qos}; policies that cannot change after creation
     * throw {@link ImmutablePolicyException}, unsupported changes {@link UnsupportedException}.
     */
    public void setQos(Qos qos) {
        MemorySegment q = QosNative.toNative(qos);
        try {
            Retcode.check(DdsC.dds_set_qos(handle(), q), "dds_set_qos");
        } finally {
            DdsC.dds_delete_qos(q);
        }
    }

    /** Deletes the native entity and its children. Must not be called from inside a listener. */
    @Override
    public void close() {
        if (IN_LISTENER.get()[0] > 0) {
            throw new IllegalStateException("A DDS entity cannot be closed from inside a listener callback "
                    + "(Cyclone would wait for that callback to finish); hand the close to another thread.");
        }
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        markClosed(this);
        detachAll(this);
        int rc = DdsC.dds_delete(handle);
        release(this);
        if (parent != null) {
            parent.children.remove(this);
        }
        if (rc < 0 && rc != NativeConstants.DDS_RETCODE_ALREADY_DELETED) {
            throw Retcode.exception(rc, "dds_delete(" + getClass().getSimpleName() + ")");
        }
    }

    /** Called after the owner deleted the native entity (a parent closed, or the domain closed). */
    void nativeDeleted() {
        closed.set(true);
        markClosed(this);
        release(this);
    }

    private static void markClosed(Entity e) {
        e.closed.set(true);
        for (Entity c : e.children) {
            markClosed(c);
        }
    }

    private static void detachAll(Entity e) {
        for (Entity c : e.children) {
            detachAll(c);
        }
        e.beforeDelete();
    }

    private static void release(Entity e) {
        List<Entity> kids = new ArrayList<>(e.children);
        e.children.clear();
        for (Entity c : kids) {
            release(c);
        }
        e.released();
    }

    /** Hook before dds_delete: detach listeners (Cyclone waits for callbacks that are running). */
    void beforeDelete() {
    }

    /** Hook after the native entity is gone: free Java-held native memory and upcall stubs. */
    void released() {
    }

    void ensureOpen() {
        if (closed.get()) {
            throw new AlreadyDeletedException(NativeConstants.DDS_RETCODE_ALREADY_DELETED, "Already Deleted",
                    getClass().getSimpleName() + " used after close()");
        }
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + "[" + handle + (closed.get() ? ", closed" : "") + "]";
    }
}
