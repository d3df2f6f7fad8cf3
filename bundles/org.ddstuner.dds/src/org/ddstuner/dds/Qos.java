package org.ddstuner.dds;

import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * An immutable set of DDS QoS policies. A policy that is {@code null} is "not set": for a QoS read
 * from discovery that means the remote side did not send it (Cyclone fills most absent policies with
 * the spec defaults; RTI and Fast DDS omit history depth, for example). {@code withX(...)} returns a
 * copy. Durations use {@link #INFINITE} for DDS_INFINITY.
 */
public record Qos(
        Durability durability,
        DurabilityService durabilityService,
        Deadline deadline,
        LatencyBudget latencyBudget,
        Liveliness liveliness,
        Reliability reliability,
        DestinationOrder destinationOrder,
        History history,
        ResourceLimits resourceLimits,
        Presentation presentation,
        Lifespan lifespan,
        Ownership ownership,
        OwnershipStrength ownershipStrength,
        Partition partition,
        TimeBasedFilter timeBasedFilter,
        TransportPriority transportPriority,
        WriterDataLifecycle writerDataLifecycle,
        ReaderDataLifecycle readerDataLifecycle,
        UserData userData,
        TopicData topicData,
        GroupData groupData,
        DataRepresentation dataRepresentation,
        TypeConsistency typeConsistency,
        EntityName entityName,
        IgnoreLocal ignoreLocal,
        Properties properties,
        BinaryProperties binaryProperties) {

    /** DDS_INFINITY as a Java duration (seconds = Long.MAX_VALUE / 1e9 is not representable exactly). */
    public static final Duration INFINITE = Duration.ofNanos(Long.MAX_VALUE);

    public static final Qos EMPTY = new Qos(null, null, null, null, null, null, null, null, null, null, null, null,
            null, null, null, null, null, null, null, null, null, null, null, null, null, null, null);

    public static boolean isInfinite(Duration d) {
        return d != null && d.compareTo(INFINITE) >= 0;
    }

    // ---- policy values ----

    public enum DurabilityKind { VOLATILE, TRANSIENT_LOCAL, TRANSIENT, PERSISTENT }
    public enum HistoryKind { KEEP_LAST, KEEP_ALL }
    public enum OwnershipKind { SHARED, EXCLUSIVE }
    public enum LivelinessKind { AUTOMATIC, MANUAL_BY_PARTICIPANT, MANUAL_BY_TOPIC }
    public enum ReliabilityKind { BEST_EFFORT, RELIABLE }
    public enum DestinationOrderKind { BY_RECEPTION_TIMESTAMP, BY_SOURCE_TIMESTAMP }
    public enum AccessScope { INSTANCE, TOPIC, GROUP }
    public enum IgnoreLocalKind { NONE, PARTICIPANT, PROCESS }
    public enum TypeConsistencyKind { DISALLOW_TYPE_COERCION, ALLOW_TYPE_COERCION }

    /** DDS data representation ids (XCDR1 = 0, XML = 1, XCDR2 = 2). */
    public static final short XCDR1 = 0;
    public static final short XML = 1;
    public static final short XCDR2 = 2;

    public record Durability(DurabilityKind kind) { }
    public record DurabilityService(Duration serviceCleanupDelay, HistoryKind historyKind, int historyDepth,
            int maxSamples, int maxInstances, int maxSamplesPerInstance) { }
    public record Deadline(Duration period) { }
    public record LatencyBudget(Duration duration) { }
    public record Liveliness(LivelinessKind kind, Duration leaseDuration) { }
    public record Reliability(ReliabilityKind kind, Duration maxBlockingTime) { }
    public record DestinationOrder(DestinationOrderKind kind) { }
    /** depth is meaningful for KEEP_LAST only. */
    public record History(HistoryKind kind, int depth) { }
    /** -1 means unlimited (DDS_LENGTH_UNLIMITED). */
    public record ResourceLimits(int maxSamples, int maxInstances, int maxSamplesPerInstance) { }
    public record Presentation(AccessScope accessScope, boolean coherentAccess, boolean orderedAccess) { }
    public record Lifespan(Duration duration) { }
    public record Ownership(OwnershipKind kind) { }
    public record OwnershipStrength(int value) { }
    public record Partition(List<String> names) {
        public Partition {
            names = List.copyOf(names);
        }
    }
    public record TimeBasedFilter(Duration minimumSeparation) { }
    public record TransportPriority(int value) { }
    public record WriterDataLifecycle(boolean autodisposeUnregisteredInstances) { }
    public record ReaderDataLifecycle(Duration autopurgeNoWriterSamplesDelay, Duration autopurgeDisposedSamplesDelay) { }
    public record UserData(byte[] value) {
        public UserData { value = value.clone(); }
        @Override public byte[] value() { return value.clone(); }
    }
    public record TopicData(byte[] value) {
        public TopicData { value = value.clone(); }
        @Override public byte[] value() { return value.clone(); }
    }
    public record GroupData(byte[] value) {
        public GroupData { value = value.clone(); }
        @Override public byte[] value() { return value.clone(); }
    }
    /** Accepted representations in preference order (writers use the first). */
    public record DataRepresentation(List<Short> ids) {
        public DataRepresentation { ids = List.copyOf(ids); }
    }
    public record TypeConsistency(TypeConsistencyKind kind, boolean ignoreSequenceBounds, boolean ignoreStringBounds,
            boolean ignoreMemberNames, boolean preventTypeWidening, boolean forceTypeValidation) { }
    public record EntityName(String name) { }
    public record IgnoreLocal(IgnoreLocalKind kind) { }
    /** String properties (e.g. Cyclone's __Hostname, RTI's dds.sys_info.hostname), in wire order. */
    public record Properties(Map<String, String> values) {
        public Properties { values = Collections.unmodifiableMap(new LinkedHashMap<>(values)); }
    }
    public record BinaryProperties(Map<String, byte[]> values) {
        public BinaryProperties { values = Collections.unmodifiableMap(new LinkedHashMap<>(values)); }
    }

    // ---- copies ----

    public Qos with(Durability v) { return copy(0, v); }
    public Qos with(DurabilityService v) { return copy(1, v); }
    public Qos with(Deadline v) { return copy(2, v); }
    public Qos with(LatencyBudget v) { return copy(3, v); }
    public Qos with(Liveliness v) { return copy(4, v); }
    public Qos with(Reliability v) { return copy(5, v); }
    public Qos with(DestinationOrder v) { return copy(6, v); }
    public Qos with(History v) { return copy(7, v); }
    public Qos with(ResourceLimits v) { return copy(8, v); }
    public Qos with(Presentation v) { return copy(9, v); }
    public Qos with(Lifespan v) { return copy(10, v); }
    public Qos with(Ownership v) { return copy(11, v); }
    public Qos with(OwnershipStrength v) { return copy(12, v); }
    public Qos with(Partition v) { return copy(13, v); }
    public Qos with(TimeBasedFilter v) { return copy(14, v); }
    public Qos with(TransportPriority v) { return copy(15, v); }
    public Qos with(WriterDataLifecycle v) { return copy(16, v); }
    public Qos with(ReaderDataLifecycle v) { return copy(17, v); }
    public Qos with(UserData v) { return copy(18, v); }
    public Qos with(TopicData v) { return copy(19, v); }
    public Qos with(GroupData v) { return copy(20, v); }
    public Qos with(DataRepresentation v) { return copy(21, v); }
    public Qos with(TypeConsistency v) { return copy(22, v); }
    public Qos with(EntityName v) { return copy(23, v); }
    public Qos with(IgnoreLocal v) { return copy(24, v); }
    public Qos with(Properties v) { return copy(25, v); }
    public Qos with(BinaryProperties v) { return copy(26, v); }

    // Convenience for the common cases.
    public Qos withReliable() { return with(new Reliability(ReliabilityKind.RELIABLE, Duration.ofMillis(100))); }
    public Qos withBestEffort() { return with(new Reliability(ReliabilityKind.BEST_EFFORT, Duration.ZERO)); }
    public Qos withDurability(DurabilityKind k) { return with(new Durability(k)); }
    public Qos withKeepLast(int depth) { return with(new History(HistoryKind.KEEP_LAST, depth)); }
    public Qos withKeepAll() { return with(new History(HistoryKind.KEEP_ALL, -1)); }
    public Qos withPartitions(String... names) { return with(new Partition(List.of(names))); }
    public Qos withEntityName(String name) { return with(new EntityName(name)); }

    /** Every policy that is set, keyed by its DDS name ("reliability", "partition", …), in a fixed order. */
    public Map<String, Object> setPolicies() {
        Map<String, Object> m = new LinkedHashMap<>();
        Object[] v = values();
        for (int i = 0; i < v.length; i++) {
            if (v[i] != null) {
                m.put(NAMES.get(i), v[i]);
            }
        }
        return m;
    }

    /** Returns a copy where every policy set in {@code overrides} replaces ours. */
    public Qos merge(Qos overrides) {
        Object[] v = values();
        Object[] o = overrides.values();
        for (int i = 0; i < v.length; i++) {
            if (o[i] != null) {
                v[i] = o[i];
            }
        }
        return of(v);
    }

    public static final List<String> NAMES = List.of("durability", "durability_service", "deadline", "latency_budget",
            "liveliness", "reliability", "destination_order", "history", "resource_limits", "presentation", "lifespan",
            "ownership", "ownership_strength", "partition", "time_based_filter", "transport_priority",
            "writer_data_lifecycle", "reader_data_lifecycle", "user_data", "topic_data", "group_data",
            "data_representation", "type_consistency", "entity_name", "ignore_local", "properties",
            "binary_properties");

    private Object[] values() {
        return new Object[] { durability, durabilityService, deadline, latencyBudget, liveliness, reliability,
                destinationOrder, history, resourceLimits, presentation, lifespan, ownership, ownershipStrength,
                partition, timeBasedFilter, transportPriority, writerDataLifecycle, readerDataLifecycle, userData,
                topicData, groupData, dataRepresentation, typeConsistency, entityName, ignoreLocal, properties,
                binaryProperties };
    }

    private Qos copy(int index, Object value) {
        Object[] v = values();
        v[index] = value;
        return of(v);
    }

    private static Qos of(Object[] v) {
        return new Qos((Durability) v[0], (DurabilityService) v[1], (Deadline) v[2], (LatencyBudget) v[3],
                (Liveliness) v[4], (Reliability) v[5], (DestinationOrder) v[6], (History) v[7], (ResourceLimits) v[8],
                (Presentation) v[9], (Lifespan) v[10], (Ownership) v[11], (OwnershipStrength) v[12],
                (Partition) v[13], (TimeBasedFilter) v[14], (TransportPriority) v[15], (WriterDataLifecycle) v[16],
                (ReaderDataLifecycle) v[17], (UserData) v[18], (TopicData) v[19], (GroupData) v[20],
                (DataRepresentation) v[21], (TypeConsistency) v[22], (EntityName) v[23], (IgnoreLocal) v[24],
                (Properties) v[25], (BinaryProperties) v[26]);
    }
}
