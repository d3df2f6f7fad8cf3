package org.ddstuner.dds.internal;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_SHORT;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.ddstuner.dds.Qos;

/**
 * Converts {@link Qos} to and from a native {@code dds_qos_t} with dds_qset_* / dds_qget_* (the reading
 * half lives in {@link QosReader}). Every policy of {@link Qos} is covered both ways; a policy that is
 * {@code null} is not set natively, and a policy dds_qget_* reports as absent comes back as {@code null}.
 * The C enums use the same order as the Java enums (checked by the layout probe through
 * {@link NativeConstants}).
 */
public final class QosNative {

    private QosNative() {
    }

    /** DDS_INFINITY for {@link Qos#INFINITE} (or anything that does not fit in int64 nanoseconds). */
    public static long toNanos(Duration d) {
        if (Qos.isInfinite(d)) {
            return NativeConstants.DDS_INFINITY;
        }
        try {
            return d.toNanos();
        } catch (ArithmeticException e) {
            return d.isNegative() ? Long.MIN_VALUE : NativeConstants.DDS_INFINITY;
        }
    }

    public static Duration fromNanos(long ns) {
        return ns == NativeConstants.DDS_INFINITY ? Qos.INFINITE : Duration.ofNanos(ns);
    }

    /** A new native QoS (free with {@code dds_delete_qos}); {@code null} Qos gives NULL. */
    public static MemorySegment toNative(Qos q) {
        if (q == null) {
            return MemorySegment.NULL;
        }
        MemorySegment n = DdsC.dds_create_qos();
        try (Arena a = Arena.ofConfined()) {
            fill(n, q, a);
        } catch (RuntimeException e) {
            DdsC.dds_delete_qos(n);
            throw e;
        }
        return n;
    }

    private static void fill(MemorySegment n, Qos q, Arena a) {
        if (q.durability() != null) {
            DdsC.dds_qset_durability(n, q.durability().kind().ordinal());
        }
        if (q.durabilityService() != null) {
            var d = q.durabilityService();
            DdsC.dds_qset_durability_service(n, toNanos(d.serviceCleanupDelay()), d.historyKind().ordinal(),
                    d.historyDepth(), d.maxSamples(), d.maxInstances(), d.maxSamplesPerInstance());
        }
        if (q.deadline() != null) {
            DdsC.dds_qset_deadline(n, toNanos(q.deadline().period()));
        }
        if (q.latencyBudget() != null) {
            DdsC.dds_qset_latency_budget(n, toNanos(q.latencyBudget().duration()));
        }
        if (q.liveliness() != null) {
            DdsC.dds_qset_liveliness(n, q.liveliness().kind().ordinal(), toNanos(q.liveliness().leaseDuration()));
        }
        if (q.reliability() != null) {
            DdsC.dds_qset_reliability(n, q.reliability().kind().ordinal(), toNanos(q.reliability().maxBlockingTime()));
        }
        if (q.destinationOrder() != null) {
            DdsC.dds_qset_destination_order(n, q.destinationOrder().kind().ordinal());
        }
        if (q.history() != null) {
            DdsC.dds_qset_history(n, q.history().kind().ordinal(), q.history().depth());
        }
        if (q.resourceLimits() != null) {
            var r = q.resourceLimits();
            DdsC.dds_qset_resource_limits(n, r.maxSamples(), r.maxInstances(), r.maxSamplesPerInstance());
        }
        if (q.presentation() != null) {
            var p = q.presentation();
            DdsC.dds_qset_presentation(n, p.accessScope().ordinal(), p.coherentAccess(), p.orderedAccess());
        }
        if (q.lifespan() != null) {
            DdsC.dds_qset_lifespan(n, toNanos(q.lifespan().duration()));
        }
        if (q.ownership() != null) {
            DdsC.dds_qset_ownership(n, q.ownership().kind().ordinal());
        }
        if (q.ownershipStrength() != null) {
            DdsC.dds_qset_ownership_strength(n, q.ownershipStrength().value());
        }
        if (q.partition() != null) {
            List<String> names = q.partition().names();
            MemorySegment arr = a.allocate(ADDRESS, Math.max(1, names.size()));
            for (int i = 0; i < names.size(); i++) {
                arr.setAtIndex(ADDRESS, i, a.allocateFrom(names.get(i)));
            }
            DdsC.dds_qset_partition(n, names.size(), names.isEmpty() ? MemorySegment.NULL : arr);
        }
        if (q.timeBasedFilter() != null) {
            DdsC.dds_qset_time_based_filter(n, toNanos(q.timeBasedFilter().minimumSeparation()));
        }
        if (q.transportPriority() != null) {
            DdsC.dds_qset_transport_priority(n, q.transportPriority().value());
        }
        if (q.writerDataLifecycle() != null) {
            DdsC.dds_qset_writer_data_lifecycle(n, q.writerDataLifecycle().autodisposeUnregisteredInstances());
        }
        if (q.readerDataLifecycle() != null) {
            var r = q.readerDataLifecycle();
            DdsC.dds_qset_reader_data_lifecycle(n, toNanos(r.autopurgeNoWriterSamplesDelay()),
                    toNanos(r.autopurgeDisposedSamplesDelay()));
        }
        if (q.userData() != null) {
            byte[] v = q.userData().value();
            DdsC.dds_qset_userdata(n, bytes(a, v), v.length);
        }
        if (q.topicData() != null) {
            byte[] v = q.topicData().value();
            DdsC.dds_qset_topicdata(n, bytes(a, v), v.length);
        }
        if (q.groupData() != null) {
            byte[] v = q.groupData().value();
            DdsC.dds_qset_groupdata(n, bytes(a, v), v.length);
        }
        if (q.dataRepresentation() != null) {
            List<Short> ids = q.dataRepresentation().ids();
            MemorySegment arr = a.allocate(JAVA_SHORT, Math.max(1, ids.size()));
            for (int i = 0; i < ids.size(); i++) {
                arr.setAtIndex(JAVA_SHORT, i, ids.get(i));
            }
            DdsC.dds_qset_data_representation(n, ids.size(), arr);
        }
        if (q.typeConsistency() != null) {
            var t = q.typeConsistency();
            DdsC.dds_qset_type_consistency(n, t.kind().ordinal(), t.ignoreSequenceBounds(), t.ignoreStringBounds(),
                    t.ignoreMemberNames(), t.preventTypeWidening(), t.forceTypeValidation());
        }
        if (q.entityName() != null) {
            DdsC.dds_qset_entity_name(n, a.allocateFrom(q.entityName().name()));
        }
        if (q.ignoreLocal() != null) {
            DdsC.dds_qset_ignorelocal(n, q.ignoreLocal().kind().ordinal());
        }
        if (q.properties() != null) {
            for (Map.Entry<String, String> e : q.properties().values().entrySet()) {
                DdsC.dds_qset_prop(n, a.allocateFrom(e.getKey()), a.allocateFrom(e.getValue()));
            }
        }
        if (q.binaryProperties() != null) {
            for (Map.Entry<String, byte[]> e : q.binaryProperties().values().entrySet()) {
                byte[] v = e.getValue();
                DdsC.dds_qset_bprop(n, a.allocateFrom(e.getKey()), bytes(a, v), v.length);
            }
        }
    }

    private static MemorySegment bytes(Arena a, byte[] v) {
        return v.length == 0 ? a.allocate(1) : a.allocateFrom(JAVA_BYTE, v);
    }

    /**
     * Reads every policy that is set in a native QoS (which stays owned by the caller). For one-off reads
     * (an entity's own QoS); readers decoding many samples keep a {@link QosReader} instead.
     */
    public static Qos fromNative(MemorySegment n) {
        if (n == null || n.equals(MemorySegment.NULL)) {
            return Qos.EMPTY;
        }
        try (Arena a = Arena.ofConfined()) {
            return new QosReader(a).read(n);
        }
    }
}
