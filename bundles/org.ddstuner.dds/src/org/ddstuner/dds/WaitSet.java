package org.ddstuner.dds;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

import org.ddstuner.dds.internal.DdsC;
import org.ddstuner.dds.internal.NativeConstants;
import org.ddstuner.dds.internal.QosNative;
import org.ddstuner.dds.internal.Retcode;

/**
 * A DDS waitset: block a thread of your own until one of the attached conditions triggers, instead of
 * having Cyclone call a listener on its thread. Conditions are a reader's <em>read condition</em> (samples
 * in given states are there) or an entity's <em>status condition</em> (one of the chosen
 * {@link Status}es changed). {@link #waitFor} says which conditions triggered.
 *
 * <p>Owns its native resources: the waitset and the read conditions it made; {@link #close()} deletes
 * them (a read condition also goes when its reader is closed, the waitset when its participant is).
 * Thread-safe: one thread may wait while others attach, detach, {@link #wakeUp()} or close; a
 * wait that is running when the waitset is closed returns an empty list.
 */
public final class WaitSet implements AutoCloseable {

    /** Communication statuses a status condition can watch (dds.h {@code DDS_*_STATUS}). */
    public enum Status {
        INCONSISTENT_TOPIC(0),
        OFFERED_DEADLINE_MISSED(1),
        REQUESTED_DEADLINE_MISSED(2),
        OFFERED_INCOMPATIBLE_QOS(3),
        REQUESTED_INCOMPATIBLE_QOS(4),
        SAMPLE_LOST(5),
        SAMPLE_REJECTED(6),
        DATA_ON_READERS(7),
        DATA_AVAILABLE(8),
        LIVELINESS_LOST(9),
        LIVELINESS_CHANGED(10),
        PUBLICATION_MATCHED(11),
        SUBSCRIPTION_MATCHED(12);

        final int bit;

        Status(int id) {
            this.bit = 1 << id;
        }

        static int mask(Set<Status> statuses) {
            int m = 0;
            for (Status s : statuses) {
                m |= s.bit;
            }
            return m;
        }

        static Set<Status> of(int mask) {
            EnumSet<Status> out = EnumSet.noneOf(Status.class);
            for (Status s : values()) {
                if ((mask & s.bit) != 0) {
                    out.add(s);
                }
            }
            return out;
        }
    }

    /** What a condition watches. */
    public enum Kind {
        /** Samples in the given states are in the reader. */
        READ,
        /** A status of the entity changed. */
        STATUS
    }

    /** One attached condition; {@link #waitFor} returns these. */
    public final class Condition {
        private final long id;
        private final Kind kind;
        private final Entity entity;
        private final int mask;
        /** The read condition's handle, or the entity's own handle for a status condition. */
        private final int handle;
        private final AtomicBoolean attached = new AtomicBoolean(true);

        private Condition(long id, Kind kind, Entity entity, int mask, int handle) {
            this.id = id;
            this.kind = kind;
            this.entity = entity;
            this.mask = mask;
            this.handle = handle;
        }

        public Kind kind() {
            return kind;
        }

        /** The reader (read condition) or entity (status condition) it watches. */
        public Entity entity() {
            return entity;
        }

        /** The statuses a status condition watches (empty for a read condition). */
        public Set<Status> statuses() {
            return kind == Kind.STATUS ? Status.of(mask) : Set.of();
        }

        /** The DDS_*_STATE mask of a read condition (0 for a status condition). */
        public int sampleStateMask() {
            return kind == Kind.READ ? mask : 0;
        }

        /**
         * For a status condition: which of its statuses changed since they were last taken, and resets them
         * (dds_take_status), so the condition stops triggering until they change again. A read condition
         * stays triggered until the samples are taken; this returns an empty set for it.
         */
        public Set<Status> takeStatuses() {
            if (kind != Kind.STATUS) {
                return Set.of();
            }
            try (Arena a = Arena.ofConfined()) {
                MemorySegment s = a.allocate(JAVA_INT);
                Retcode.check(DdsC.dds_take_status(entity.handle(), s, mask), "dds_take_status");
                return Status.of(s.get(JAVA_INT, 0));
            }
        }

        public boolean isAttached() {
            return attached.get() && !closed.get();
        }

        @Override
        public String toString() {
            return kind + " condition on " + entity + (kind == Kind.STATUS ? " " + statuses() : "");
        }
    }

    /** Attach argument of the waitset itself (see {@link #wakeUp()}); conditions count from 1. */
    private static final long WAKE_UP = 0;

    private final Participant participant;
    private final int handle;
    private final Map<Long, Condition> conditions = new ConcurrentHashMap<>();
    private final AtomicLong nextId = new AtomicLong(1);
    private final AtomicBoolean closed = new AtomicBoolean();

    private WaitSet(Participant participant, int handle) {
        this.participant = participant;
        this.handle = handle;
    }

    /** A new waitset owned by {@code participant}'s side of Cyclone (deleted at the latest with it). */
    public static WaitSet create(Participant participant) {
        Objects.requireNonNull(participant, "participant");
        int h = Retcode.check(DdsC.dds_create_waitset(participant.handle()), "dds_create_waitset");
        try {
            Retcode.check(DdsC.dds_waitset_attach(h, h, WAKE_UP), "dds_waitset_attach(itself)");
        } catch (RuntimeException e) {
            DdsC.dds_delete(h);
            throw e;
        }
        return new WaitSet(participant, h);
    }

    public Participant participant() {
        return participant;
    }

    /** A read condition for samples not read yet, in any view and instance state. */
    public Condition attachReadCondition(Entity reader) {
        return attachReadCondition(reader, NativeConstants.DDS_NOT_READ_SAMPLE_STATE | NativeConstants.DDS_ANY_VIEW_STATE
                | NativeConstants.DDS_ANY_INSTANCE_STATE);
    }

    /**
     * A read condition: triggers while {@code reader} ({@link Reader}, {@link BuiltinReader}, {@link RawReader})
     * holds samples whose sample/view/instance states match {@code stateMask} (DDS_*_STATE bits; 0 = any).
     *
     * @throws BadParameterException / IllegalOperationException when {@code reader} is not a reader
     */
    public Condition attachReadCondition(Entity reader, int stateMask) {
        Objects.requireNonNull(reader, "reader");
        ensureOpen();
        int cond = Retcode.check(DdsC.dds_create_readcondition(reader.handle(), stateMask), "dds_create_readcondition");
        return attach(Kind.READ, reader, stateMask, cond, true);
    }

    /**
     * A status condition: triggers once one of {@code statuses} of {@code entity} changed, until the change
     * is taken ({@link Condition#takeStatuses()}, or reading the status, or for DATA_AVAILABLE taking the
     * data). Sets the entity's status mask to these statuses: an entity watched by two status conditions
     * watches what the later one asked for.
     */
    public Condition attachStatusCondition(Entity entity, Set<Status> statuses) {
        Objects.requireNonNull(entity, "entity");
        if (statuses == null || statuses.isEmpty()) {
            throw new IllegalArgumentException("A status condition needs at least one status to watch.");
        }
        ensureOpen();
        int mask = Status.mask(statuses);
        Retcode.check(DdsC.dds_set_status_mask(entity.handle(), mask), "dds_set_status_mask");
        return attach(Kind.STATUS, entity, mask, entity.handle(), false);
    }

    private Condition attach(Kind kind, Entity entity, int mask, int condHandle, boolean ownsHandle) {
        Condition c = new Condition(nextId.getAndIncrement(), kind, entity, mask, condHandle);
        conditions.put(c.id, c);
        int rc = DdsC.dds_waitset_attach(handle, condHandle, c.id);
        if (rc < 0) {
            conditions.remove(c.id);
            if (ownsHandle) {
                DdsC.dds_delete(condHandle);
            }
            throw Retcode.exception(rc, "dds_waitset_attach");
        }
        return c;
    }

    /** Detaches a condition (and deletes it if it is a read condition); detaching twice is harmless. */
    public void detach(Condition c) {
        if (c == null || !c.attached.compareAndSet(true, false) || conditions.remove(c.id) == null) {
            return;
        }
        if (closed.get()) {
            return;
        }
        int rc = DdsC.dds_waitset_detach(handle, c.handle);
        if (c.kind == Kind.READ) {
            DdsC.dds_delete(c.handle); // gone already when its reader was closed: nothing to do then
        }
        if (rc < 0 && rc != NativeConstants.DDS_RETCODE_ALREADY_DELETED && !c.entity.isClosed()
                && rc != NativeConstants.DDS_RETCODE_PRECONDITION_NOT_MET) {
            throw Retcode.exception(rc, "dds_waitset_detach");
        }
    }

    /** The conditions attached now. */
    public List<Condition> conditions() {
        return List.copyOf(conditions.values());
    }

    /**
     * Blocks until at least one condition triggers, {@link #wakeUp()} is called or {@code timeout} passes,
     * and returns the triggered conditions (empty on a timeout, a wake-up or when the waitset was closed).
     * A condition whose entity was closed meanwhile is not returned.
     */
    public List<Condition> waitFor(Duration timeout) {
        Objects.requireNonNull(timeout, "timeout");
        if (closed.get()) {
            return List.of();
        }
        int capacity = conditions.size() + 1;
        try (Arena a = Arena.ofConfined()) {
            MemorySegment xs = a.allocate(JAVA_LONG, capacity);
            int n = DdsC.dds_waitset_wait(handle, xs, capacity, QosNative.toNanos(timeout));
            if (n < 0) {
                if (closed.get() || participant.isClosed()) {
                    return List.of();
                }
                throw Retcode.exception(n, "dds_waitset_wait");
            }
            List<Condition> out = new ArrayList<>(Math.min(n, capacity));
            boolean wokenUp = false;
            for (int i = 0; i < Math.min(n, capacity); i++) {
                long id = xs.getAtIndex(JAVA_LONG, i);
                if (id == WAKE_UP) {
                    wokenUp = true;
                    continue;
                }
                Condition c = conditions.get(id);
                if (c != null && !c.entity.isClosed()) {
                    out.add(c);
                }
            }
            if (wokenUp && !closed.get()) {
                DdsC.dds_waitset_set_trigger(handle, false); // one wake-up per call
            }
            return out;
        }
    }

    /** Makes a running (or the next) {@link #waitFor} return at once, e.g. to stop a waiting thread. */
    public void wakeUp() {
        if (!closed.get()) {
            Retcode.check(DdsC.dds_waitset_set_trigger(handle, true), "dds_waitset_set_trigger");
        }
    }

    public boolean isClosed() {
        return closed.get();
    }

    private void ensureOpen() {
        if (closed.get()) {
            throw new AlreadyDeletedException(NativeConstants.DDS_RETCODE_ALREADY_DELETED, "Already Deleted",
                    "WaitSet used after close()");
        }
    }

    /**
     * Deletes the read conditions it made and the waitset; a thread blocked in {@link #waitFor} returns.
     * Return codes are ignored: the participant or a reader may have taken them with it already.
     */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        DdsC.dds_waitset_set_trigger(handle, true); // a waiting thread returns before the waitset goes
        for (Condition c : conditions.values()) {
            c.attached.set(false);
            if (c.kind == Kind.READ) {
                DdsC.dds_delete(c.handle);
            }
        }
        conditions.clear();
        DdsC.dds_delete(handle);
    }

    @Override
    public String toString() {
        return "WaitSet[" + handle + (closed.get() ? ", closed" : ", " + conditions.size() + " conditions") + "]";
    }
}
