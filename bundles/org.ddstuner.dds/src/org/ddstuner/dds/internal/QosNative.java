package org.ddstuner.dds.internal;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BOOLEAN;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static java.lang.foreign.ValueLayout.JAVA_SHORT;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.ddstuner.dds.Qos;
import org.ddstuner.dds.Qos.AccessScope;
import org.ddstuner.dds.Qos.DestinationOrderKind;
import org.ddstuner.dds.Qos.DurabilityKind;
import org.ddstuner.dds.Qos.HistoryKind;
import org.ddstuner.dds.Qos.IgnoreLocalKind;
import org.ddstuner.dds.Qos.LivelinessKind;
import org.ddstuner.dds.Qos.OwnershipKind;
import org.ddstuner.dds.Qos.ReliabilityKind;
import org.ddstuner.dds.Qos.TypeConsistencyKind;

/**
 * Converts {@link Qos} to and from a native {@code dds_qos_t} with dds_qset_* / dds_qget_*. Every
 * policy of {@link Qos} is covered both ways; a policy that is {@code null} is not set natively, and a
 * policy dds_qget_* reports as absent comes back as {@code null}. The C enums use the same order as the
 * Java enums (checked by the layout probe through {@link NativeConstants}).
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

    /** Reads every policy that is set in a native QoS (which stays owned by the caller). */
    public static Qos fromNative(MemorySegment n) {
        if (n == null || n.equals(MemorySegment.NULL)) {
            return Qos.EMPTY;
        }
        try (Arena a = Arena.ofConfined()) {
            return read(n, a);
        }
    }

    private static Qos read(MemorySegment n, Arena a) {
        MemorySegment i1 = a.allocate(JAVA_LONG, 1);
        MemorySegment i2 = a.allocate(JAVA_LONG, 1);
        MemorySegment i3 = a.allocate(JAVA_LONG, 1);
        MemorySegment i4 = a.allocate(JAVA_LONG, 1);
        MemorySegment i5 = a.allocate(JAVA_LONG, 1);
        MemorySegment i6 = a.allocate(JAVA_LONG, 1);
        MemorySegment p1 = a.allocate(ADDRESS);
        Qos q = Qos.EMPTY;
        if (DdsC.dds_qget_durability(n, i1)) {
            q = q.with(new Qos.Durability(DurabilityKind.values()[i1.get(JAVA_INT, 0)]));
        }
        if (DdsC.dds_qget_durability_service(n, i1, i2, i3, i4, i5, i6)) {
            q = q.with(new Qos.DurabilityService(fromNanos(i1.get(JAVA_LONG, 0)), HistoryKind.values()[i2.get(JAVA_INT, 0)],
                    i3.get(JAVA_INT, 0), i4.get(JAVA_INT, 0), i5.get(JAVA_INT, 0), i6.get(JAVA_INT, 0)));
        }
        if (DdsC.dds_qget_deadline(n, i1)) {
            q = q.with(new Qos.Deadline(fromNanos(i1.get(JAVA_LONG, 0))));
        }
        if (DdsC.dds_qget_latency_budget(n, i1)) {
            q = q.with(new Qos.LatencyBudget(fromNanos(i1.get(JAVA_LONG, 0))));
        }
        if (DdsC.dds_qget_liveliness(n, i1, i2)) {
            q = q.with(new Qos.Liveliness(LivelinessKind.values()[i1.get(JAVA_INT, 0)], fromNanos(i2.get(JAVA_LONG, 0))));
        }
        if (DdsC.dds_qget_reliability(n, i1, i2)) {
            q = q.with(new Qos.Reliability(ReliabilityKind.values()[i1.get(JAVA_INT, 0)], fromNanos(i2.get(JAVA_LONG, 0))));
        }
        if (DdsC.dds_qget_destination_order(n, i1)) {
            q = q.with(new Qos.DestinationOrder(DestinationOrderKind.values()[i1.get(JAVA_INT, 0)]));
        }
        if (DdsC.dds_qget_history(n, i1, i2)) {
            q = q.with(new Qos.History(HistoryKind.values()[i1.get(JAVA_INT, 0)], i2.get(JAVA_INT, 0)));
        }
        if (DdsC.dds_qget_resource_limits(n, i1, i2, i3)) {
            q = q.with(new Qos.ResourceLimits(i1.get(JAVA_INT, 0), i2.get(JAVA_INT, 0), i3.get(JAVA_INT, 0)));
        }
        i2.set(JAVA_LONG, 0, 0);
        i3.set(JAVA_LONG, 0, 0);
        if (DdsC.dds_qget_presentation(n, i1, i2, i3)) {
            q = q.with(new Qos.Presentation(AccessScope.values()[i1.get(JAVA_INT, 0)], i2.get(JAVA_BOOLEAN, 0),
                    i3.get(JAVA_BOOLEAN, 0)));
        }
        if (DdsC.dds_qget_lifespan(n, i1)) {
            q = q.with(new Qos.Lifespan(fromNanos(i1.get(JAVA_LONG, 0))));
        }
        if (DdsC.dds_qget_ownership(n, i1)) {
            q = q.with(new Qos.Ownership(OwnershipKind.values()[i1.get(JAVA_INT, 0)]));
        }
        if (DdsC.dds_qget_ownership_strength(n, i1)) {
            q = q.with(new Qos.OwnershipStrength(i1.get(JAVA_INT, 0)));
        }
        if (DdsC.dds_qget_partition(n, i1, p1)) {
            q = q.with(new Qos.Partition(stringArray(i1.get(JAVA_INT, 0), p1.get(ADDRESS, 0))));
        }
        if (DdsC.dds_qget_time_based_filter(n, i1)) {
            q = q.with(new Qos.TimeBasedFilter(fromNanos(i1.get(JAVA_LONG, 0))));
        }
        if (DdsC.dds_qget_transport_priority(n, i1)) {
            q = q.with(new Qos.TransportPriority(i1.get(JAVA_INT, 0)));
        }
        i1.set(JAVA_LONG, 0, 0);
        if (DdsC.dds_qget_writer_data_lifecycle(n, i1)) {
            q = q.with(new Qos.WriterDataLifecycle(i1.get(JAVA_BOOLEAN, 0)));
        }
        if (DdsC.dds_qget_reader_data_lifecycle(n, i1, i2)) {
            q = q.with(new Qos.ReaderDataLifecycle(fromNanos(i1.get(JAVA_LONG, 0)), fromNanos(i2.get(JAVA_LONG, 0))));
        }
        if (DdsC.dds_qget_userdata(n, p1, i1)) {
            q = q.with(new Qos.UserData(takeBytes(p1.get(ADDRESS, 0), i1.get(JAVA_LONG, 0))));
        }
        if (DdsC.dds_qget_topicdata(n, p1, i1)) {
            q = q.with(new Qos.TopicData(takeBytes(p1.get(ADDRESS, 0), i1.get(JAVA_LONG, 0))));
        }
        if (DdsC.dds_qget_groupdata(n, p1, i1)) {
            q = q.with(new Qos.GroupData(takeBytes(p1.get(ADDRESS, 0), i1.get(JAVA_LONG, 0))));
        }
        if (DdsC.dds_qget_data_representation(n, i1, p1)) {
            int count = i1.get(JAVA_INT, 0);
            MemorySegment arr = p1.get(ADDRESS, 0);
            List<Short> ids = new ArrayList<>();
            if (!arr.equals(MemorySegment.NULL)) {
                MemorySegment s = arr.reinterpret(2L * count);
                for (int k = 0; k < count; k++) {
                    ids.add(s.getAtIndex(JAVA_SHORT, k));
                }
                DdsC.dds_free(arr);
            }
            q = q.with(new Qos.DataRepresentation(ids));
        }
        MemorySegment b = a.allocate(8 * 5);
        if (DdsC.dds_qget_type_consistency(n, i1, b, b.asSlice(8), b.asSlice(16), b.asSlice(24), b.asSlice(32))) {
            q = q.with(new Qos.TypeConsistency(TypeConsistencyKind.values()[i1.get(JAVA_INT, 0)], b.get(JAVA_BOOLEAN, 0),
                    b.get(JAVA_BOOLEAN, 8), b.get(JAVA_BOOLEAN, 16), b.get(JAVA_BOOLEAN, 24), b.get(JAVA_BOOLEAN, 32)));
        }
        if (DdsC.dds_qget_entity_name(n, p1)) {
            q = q.with(new Qos.EntityName(takeString(p1.get(ADDRESS, 0))));
        }
        if (DdsC.dds_qget_ignorelocal(n, i1)) {
            q = q.with(new Qos.IgnoreLocal(IgnoreLocalKind.values()[i1.get(JAVA_INT, 0)]));
        }
        q = readProperties(n, q, a);
        return q;
    }

    private static Qos readProperties(MemorySegment n, Qos q, Arena a) {
        MemorySegment count = a.allocate(JAVA_INT);
        MemorySegment names = a.allocate(ADDRESS);
        MemorySegment value = a.allocate(ADDRESS);
        MemorySegment size = a.allocate(JAVA_LONG);
        if (DdsC.dds_qget_propnames(n, count, names)) {
            Map<String, String> props = new LinkedHashMap<>();
            for (String name : stringArray(count.get(JAVA_INT, 0), names.get(ADDRESS, 0))) {
                if (DdsC.dds_qget_prop(n, a.allocateFrom(name), value)) {
                    props.put(name, takeString(value.get(ADDRESS, 0)));
                }
            }
            q = q.with(new Qos.Properties(props));
        }
        if (DdsC.dds_qget_bpropnames(n, count, names)) {
            Map<String, byte[]> props = new LinkedHashMap<>();
            for (String name : stringArray(count.get(JAVA_INT, 0), names.get(ADDRESS, 0))) {
                if (DdsC.dds_qget_bprop(n, a.allocateFrom(name), value, size)) {
                    props.put(name, takeBytes(value.get(ADDRESS, 0), size.get(JAVA_LONG, 0)));
                }
            }
            q = q.with(new Qos.BinaryProperties(props));
        }
        return q;
    }

    /** Copies a dds_alloc'ed char*[n] and frees the strings and the array. */
    private static List<String> stringArray(int n, MemorySegment arr) {
        List<String> out = new ArrayList<>(n);
        if (arr.equals(MemorySegment.NULL)) {
            return out;
        }
        MemorySegment s = arr.reinterpret(ADDRESS.byteSize() * n);
        for (int i = 0; i < n; i++) {
            out.add(takeString(s.getAtIndex(ADDRESS, i)));
        }
        DdsC.dds_free(arr);
        return out;
    }

    /** Copies and frees a dds_alloc'ed C string. */
    static String takeString(MemorySegment p) {
        if (p.equals(MemorySegment.NULL)) {
            return "";
        }
        String s = p.reinterpret(Long.MAX_VALUE).getString(0);
        DdsC.dds_free(p);
        return s;
    }

    private static byte[] takeBytes(MemorySegment p, long size) {
        if (p.equals(MemorySegment.NULL)) {
            return new byte[0];
        }
        byte[] v = p.reinterpret(size).toArray(JAVA_BYTE);
        DdsC.dds_free(p);
        return v;
    }
}
