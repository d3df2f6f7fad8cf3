package org.ddstuner.dds.internal;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BOOLEAN;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static java.lang.foreign.ValueLayout.JAVA_SHORT;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.SegmentAllocator;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.ddstuner.dds.Qos;

/**
 * Reads a native {@code dds_qos_t} into a {@link Qos} with dds_qget_*: every policy the QoS holds, none
 * that it does not (a policy dds_qget_* reports absent stays {@code null}).
 *
 * <p>This is the hot path of discovery (one call per DCPSPublication/DCPSSubscription sample, 20,000+
 * when a large system appears), so it is written to allocate nothing but the result:
 * <ul>
 * <li>the out-parameters of the dds_qget_* calls live in one scratch block allocated once per reader,
 * pre-sliced into fixed slots (no arena or slice per call);</li>
 * <li>policies go into locals and the {@link Qos} is built once with its canonical constructor, not with
 * 27 {@code with(...)} copies;</li>
 * <li>enum {@code values()} arrays are copied once, not per lookup.</li>
 * </ul>
 * Not thread-safe: one instance per thread or per lock holder (readers use it under their fetch lock).
 */
public final class QosReader {

    private static final Qos.DurabilityKind[] DURABILITY = Qos.DurabilityKind.values();
    private static final Qos.HistoryKind[] HISTORY = Qos.HistoryKind.values();
    private static final Qos.LivelinessKind[] LIVELINESS = Qos.LivelinessKind.values();
    private static final Qos.ReliabilityKind[] RELIABILITY = Qos.ReliabilityKind.values();
    private static final Qos.DestinationOrderKind[] DESTINATION_ORDER = Qos.DestinationOrderKind.values();
    private static final Qos.AccessScope[] ACCESS_SCOPE = Qos.AccessScope.values();
    private static final Qos.OwnershipKind[] OWNERSHIP = Qos.OwnershipKind.values();
    private static final Qos.TypeConsistencyKind[] TYPE_CONSISTENCY = Qos.TypeConsistencyKind.values();
    private static final Qos.IgnoreLocalKind[] IGNORE_LOCAL = Qos.IgnoreLocalKind.values();

    /** Eight 8-byte slots: wide enough for int32, int64 (durations), bool and pointers alike. */
    private static final long SLOT = 8;
    private static final int SLOTS = 8;

    private final MemorySegment i1;
    private final MemorySegment i2;
    private final MemorySegment i3;
    private final MemorySegment i4;
    private final MemorySegment i5;
    private final MemorySegment i6;
    private final MemorySegment p1;
    /** Five bools for dds_qget_type_consistency (slot-wide so each is separately addressable). */
    private final MemorySegment b1;
    private final MemorySegment b2;
    private final MemorySegment b3;
    private final MemorySegment b4;
    private final MemorySegment b5;

    /** {@code allocator} provides the scratch block (~100 bytes); it must outlive this reader. */
    public QosReader(SegmentAllocator allocator) {
        MemorySegment s = allocator.allocate(SLOT * (SLOTS + 5), SLOT);
        i1 = s.asSlice(0, SLOT);
        i2 = s.asSlice(SLOT, SLOT);
        i3 = s.asSlice(2 * SLOT, SLOT);
        i4 = s.asSlice(3 * SLOT, SLOT);
        i5 = s.asSlice(4 * SLOT, SLOT);
        i6 = s.asSlice(5 * SLOT, SLOT);
        p1 = s.asSlice(6 * SLOT, SLOT);
        b1 = s.asSlice(8 * SLOT, SLOT);
        b2 = s.asSlice(9 * SLOT, SLOT);
        b3 = s.asSlice(10 * SLOT, SLOT);
        b4 = s.asSlice(11 * SLOT, SLOT);
        b5 = s.asSlice(12 * SLOT, SLOT);
    }

    /** Every policy set in {@code n} (owned by the caller); {@link Qos#EMPTY} for NULL. */
    public Qos read(MemorySegment n) {
        if (n == null || n.equals(MemorySegment.NULL)) {
            return Qos.EMPTY;
        }
        Qos.Durability durability = null;
        if (DdsC.dds_qget_durability(n, i1)) {
            durability = new Qos.Durability(DURABILITY[int32(i1)]);
        }
        Qos.DurabilityService durabilityService = null;
        if (DdsC.dds_qget_durability_service(n, i1, i2, i3, i4, i5, i6)) {
            durabilityService = new Qos.DurabilityService(duration(i1), HISTORY[int32(i2)], int32(i3), int32(i4),
                    int32(i5), int32(i6));
        }
        Qos.Deadline deadline = null;
        if (DdsC.dds_qget_deadline(n, i1)) {
            deadline = new Qos.Deadline(duration(i1));
        }
        Qos.LatencyBudget latencyBudget = null;
        if (DdsC.dds_qget_latency_budget(n, i1)) {
            latencyBudget = new Qos.LatencyBudget(duration(i1));
        }
        Qos.Liveliness liveliness = null;
        if (DdsC.dds_qget_liveliness(n, i1, i2)) {
            liveliness = new Qos.Liveliness(LIVELINESS[int32(i1)], duration(i2));
        }
        Qos.Reliability reliability = null;
        if (DdsC.dds_qget_reliability(n, i1, i2)) {
            reliability = new Qos.Reliability(RELIABILITY[int32(i1)], duration(i2));
        }
        Qos.DestinationOrder destinationOrder = null;
        if (DdsC.dds_qget_destination_order(n, i1)) {
            destinationOrder = new Qos.DestinationOrder(DESTINATION_ORDER[int32(i1)]);
        }
        Qos.History history = null;
        if (DdsC.dds_qget_history(n, i1, i2)) {
            history = new Qos.History(HISTORY[int32(i1)], int32(i2));
        }
        Qos.ResourceLimits resourceLimits = null;
        if (DdsC.dds_qget_resource_limits(n, i1, i2, i3)) {
            resourceLimits = new Qos.ResourceLimits(int32(i1), int32(i2), int32(i3));
        }
        Qos.Presentation presentation = null;
        i2.set(JAVA_LONG, 0, 0); // C bool is one byte: clear the slot so nothing stale is read next to it
        i3.set(JAVA_LONG, 0, 0);
        if (DdsC.dds_qget_presentation(n, i1, i2, i3)) {
            presentation = new Qos.Presentation(ACCESS_SCOPE[int32(i1)], bool(i2), bool(i3));
        }
        Qos.Lifespan lifespan = null;
        if (DdsC.dds_qget_lifespan(n, i1)) {
            lifespan = new Qos.Lifespan(duration(i1));
        }
        Qos.Ownership ownership = null;
        if (DdsC.dds_qget_ownership(n, i1)) {
            ownership = new Qos.Ownership(OWNERSHIP[int32(i1)]);
        }
        Qos.OwnershipStrength ownershipStrength = null;
        if (DdsC.dds_qget_ownership_strength(n, i1)) {
            ownershipStrength = new Qos.OwnershipStrength(int32(i1));
        }
        Qos.Partition partition = null;
        if (DdsC.dds_qget_partition(n, i1, p1)) {
            partition = new Qos.Partition(takeStrings(int32(i1), p1.get(ADDRESS, 0)));
        }
        Qos.TimeBasedFilter timeBasedFilter = null;
        if (DdsC.dds_qget_time_based_filter(n, i1)) {
            timeBasedFilter = new Qos.TimeBasedFilter(duration(i1));
        }
        Qos.TransportPriority transportPriority = null;
        if (DdsC.dds_qget_transport_priority(n, i1)) {
            transportPriority = new Qos.TransportPriority(int32(i1));
        }
        Qos.WriterDataLifecycle writerDataLifecycle = null;
        i1.set(JAVA_LONG, 0, 0);
        if (DdsC.dds_qget_writer_data_lifecycle(n, i1)) {
            writerDataLifecycle = new Qos.WriterDataLifecycle(bool(i1));
        }
        Qos.ReaderDataLifecycle readerDataLifecycle = null;
        if (DdsC.dds_qget_reader_data_lifecycle(n, i1, i2)) {
            readerDataLifecycle = new Qos.ReaderDataLifecycle(duration(i1), duration(i2));
        }
        Qos.UserData userData = null;
        if (DdsC.dds_qget_userdata(n, p1, i1)) {
            userData = new Qos.UserData(takeBytes(p1.get(ADDRESS, 0), i1.get(JAVA_LONG, 0)));
        }
        Qos.TopicData topicData = null;
        if (DdsC.dds_qget_topicdata(n, p1, i1)) {
            topicData = new Qos.TopicData(takeBytes(p1.get(ADDRESS, 0), i1.get(JAVA_LONG, 0)));
        }
        Qos.GroupData groupData = null;
        if (DdsC.dds_qget_groupdata(n, p1, i1)) {
            groupData = new Qos.GroupData(takeBytes(p1.get(ADDRESS, 0), i1.get(JAVA_LONG, 0)));
        }
        Qos.DataRepresentation dataRepresentation = null;
        if (DdsC.dds_qget_data_representation(n, i1, p1)) {
            dataRepresentation = new Qos.DataRepresentation(takeShorts(int32(i1), p1.get(ADDRESS, 0)));
        }
        Qos.TypeConsistency typeConsistency = null;
        if (DdsC.dds_qget_type_consistency(n, i1, b1, b2, b3, b4, b5)) {
            typeConsistency = new Qos.TypeConsistency(TYPE_CONSISTENCY[int32(i1)], bool(b1), bool(b2), bool(b3),
                    bool(b4), bool(b5));
        }
        Qos.EntityName entityName = null;
        if (DdsC.dds_qget_entity_name(n, p1)) {
            entityName = new Qos.EntityName(takeString(p1.get(ADDRESS, 0)));
        }
        Qos.IgnoreLocal ignoreLocal = null;
        if (DdsC.dds_qget_ignorelocal(n, i1)) {
            ignoreLocal = new Qos.IgnoreLocal(IGNORE_LOCAL[int32(i1)]);
        }
        return new Qos(durability, durabilityService, deadline, latencyBudget, liveliness, reliability,
                destinationOrder, history, resourceLimits, presentation, lifespan, ownership, ownershipStrength,
                partition, timeBasedFilter, transportPriority, writerDataLifecycle, readerDataLifecycle, userData,
                topicData, groupData, dataRepresentation, typeConsistency, entityName, ignoreLocal, properties(n),
                binaryProperties(n));
    }

    /** String properties in the QoS' order, or {@code null} if the QoS has none set. */
    private Qos.Properties properties(MemorySegment n) {
        if (!DdsC.dds_qget_propnames(n, i1, p1)) {
            return null;
        }
        Map<String, String> props = new LinkedHashMap<>();
        MemorySegment names = p1.get(ADDRESS, 0);
        int count = int32(i1);
        if (!names.equals(MemorySegment.NULL)) {
            MemorySegment arr = names.reinterpret(ADDRESS.byteSize() * count);
            for (int k = 0; k < count; k++) {
                MemorySegment name = arr.getAtIndex(ADDRESS, k);
                // the C name string is passed back as is: no Java round trip and re-encoding per property
                if (DdsC.dds_qget_prop(n, name, p1)) {
                    props.put(cString(name), takeString(p1.get(ADDRESS, 0)));
                }
                DdsC.dds_free(name);
            }
            DdsC.dds_free(names);
        }
        return new Qos.Properties(props);
    }

    /** Binary properties in the QoS' order, or {@code null} if the QoS has none set. */
    private Qos.BinaryProperties binaryProperties(MemorySegment n) {
        if (!DdsC.dds_qget_bpropnames(n, i1, p1)) {
            return null;
        }
        Map<String, byte[]> props = new LinkedHashMap<>();
        MemorySegment names = p1.get(ADDRESS, 0);
        int count = int32(i1);
        if (!names.equals(MemorySegment.NULL)) {
            MemorySegment arr = names.reinterpret(ADDRESS.byteSize() * count);
            for (int k = 0; k < count; k++) {
                MemorySegment name = arr.getAtIndex(ADDRESS, k);
                if (DdsC.dds_qget_bprop(n, name, p1, i2)) {
                    props.put(cString(name), takeBytes(p1.get(ADDRESS, 0), i2.get(JAVA_LONG, 0)));
                }
                DdsC.dds_free(name);
            }
            DdsC.dds_free(names);
        }
        return new Qos.BinaryProperties(props);
    }

    private static int int32(MemorySegment slot) {
        return slot.get(JAVA_INT, 0);
    }

    private static boolean bool(MemorySegment slot) {
        return slot.get(JAVA_BOOLEAN, 0);
    }

    private static Duration duration(MemorySegment slot) {
        return QosNative.fromNanos(slot.get(JAVA_LONG, 0));
    }

    /** Copies a dds_alloc'ed char*[n] and frees the strings and the array. */
    static List<String> takeStrings(int n, MemorySegment arr) {
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

    /** Copies and frees a dds_alloc'ed int16[n]. */
    private static List<Short> takeShorts(int n, MemorySegment arr) {
        List<Short> ids = new ArrayList<>(n);
        if (!arr.equals(MemorySegment.NULL)) {
            MemorySegment s = arr.reinterpret(JAVA_SHORT.byteSize() * n);
            for (int k = 0; k < n; k++) {
                ids.add(s.getAtIndex(JAVA_SHORT, k));
            }
            DdsC.dds_free(arr);
        }
        return ids;
    }

    /** Copies and frees a dds_alloc'ed C string ("" for NULL). */
    static String takeString(MemorySegment p) {
        if (p.equals(MemorySegment.NULL)) {
            return "";
        }
        String s = cString(p);
        DdsC.dds_free(p);
        return s;
    }

    /** A NUL-terminated UTF-8 C string ("" for NULL), not freed. */
    public static String cString(MemorySegment p) {
        return p.equals(MemorySegment.NULL) ? "" : p.reinterpret(Long.MAX_VALUE).getString(0, StandardCharsets.UTF_8);
    }

    /** Copies and frees a dds_alloc'ed byte block (empty for NULL). */
    static byte[] takeBytes(MemorySegment p, long size) {
        if (p.equals(MemorySegment.NULL)) {
            return new byte[0];
        }
        byte[] v = p.reinterpret(size).toArray(JAVA_BYTE);
        DdsC.dds_free(p);
        return v;
    }
}
