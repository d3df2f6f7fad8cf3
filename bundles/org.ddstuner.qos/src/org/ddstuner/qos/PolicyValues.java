package org.ddstuner.qos;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import org.ddstuner.dds.Qos;
import org.ddstuner.dds.Qos.*;

/**
 * Policies addressed by their DDS name ({@link Qos#NAMES}, as {@code ls --json} prints them): read one, set
 * one, compare two values (the byte-array policies compare by content), and make a different but valid value
 * of a policy for the capability probe.
 */
public final class PolicyValues {

    private PolicyValues() {
    }

    /** The value of {@code policy} in {@code qos}, {@code null} when not set. */
    public static Object get(Qos qos, String policy) {
        requireKnown(policy);
        return qos.setPolicies().get(policy);
    }

    /** {@code qos} with one policy replaced by {@code value} (a {@link Qos} policy record). */
    public static Qos with(Qos qos, Object value) {
        return switch (value) {
            case Durability v -> qos.with(v);
            case DurabilityService v -> qos.with(v);
            case Deadline v -> qos.with(v);
            case LatencyBudget v -> qos.with(v);
            case Liveliness v -> qos.with(v);
            case Reliability v -> qos.with(v);
            case DestinationOrder v -> qos.with(v);
            case History v -> qos.with(v);
            case ResourceLimits v -> qos.with(v);
            case Presentation v -> qos.with(v);
            case Lifespan v -> qos.with(v);
            case Ownership v -> qos.with(v);
            case OwnershipStrength v -> qos.with(v);
            case Partition v -> qos.with(v);
            case TimeBasedFilter v -> qos.with(v);
            case TransportPriority v -> qos.with(v);
            case WriterDataLifecycle v -> qos.with(v);
            case ReaderDataLifecycle v -> qos.with(v);
            case UserData v -> qos.with(v);
            case TopicData v -> qos.with(v);
            case GroupData v -> qos.with(v);
            case DataRepresentation v -> qos.with(v);
            case TypeConsistency v -> qos.with(v);
            case EntityName v -> qos.with(v);
            case IgnoreLocal v -> qos.with(v);
            case Properties v -> qos.with(v);
            case BinaryProperties v -> qos.with(v);
            default -> throw new IllegalArgumentException("not a QoS policy value: " + value);
        };
    }

    /** Only the policy {@code policy} of {@code qos} (empty QoS when it is not set there). */
    public static Qos only(Qos qos, String policy) {
        Object v = get(qos, policy);
        return v == null ? Qos.EMPTY : with(Qos.EMPTY, v);
    }

    /** Equal values; user/topic/group data and binary properties compare by content. */
    public static boolean same(Object a, Object b) {
        if (a instanceof UserData x && b instanceof UserData y) {
            return Arrays.equals(x.value(), y.value());
        }
        if (a instanceof TopicData x && b instanceof TopicData y) {
            return Arrays.equals(x.value(), y.value());
        }
        if (a instanceof GroupData x && b instanceof GroupData y) {
            return Arrays.equals(x.value(), y.value());
        }
        if (a instanceof BinaryProperties x && b instanceof BinaryProperties y) {
            if (!x.values().keySet().equals(y.values().keySet())) {
                return false;
            }
            return x.values().entrySet().stream().allMatch(e -> Arrays.equals(e.getValue(), y.values().get(e.getKey())));
        }
        return Objects.equals(a, b);
    }

    /** Whether {@code changed}'s value of {@code policy} is in {@code actual} (properties: contained). */
    public static boolean holds(Qos actual, String policy, Object changed) {
        Object now = get(actual, policy);
        if (changed instanceof Properties p && now instanceof Properties n) {
            return n.values().entrySet().containsAll(p.values().entrySet());
        }
        return same(now, changed);
    }

    /** A short text of a value for people and the pinned tables ("RELIABLE 100ms", "\"probe\"", "∞"). */
    public static String text(Object v) {
        return switch (v) {
            case null -> "(not set)";
            case UserData d -> quoted(d.value());
            case TopicData d -> quoted(d.value());
            case GroupData d -> quoted(d.value());
            case Duration d -> Qos.isInfinite(d) ? "infinite" : d.toString();
            case Record r -> {
                List<String> parts = new ArrayList<>();
                for (var c : r.getClass().getRecordComponents()) {
                    try {
                        parts.add(text(c.getAccessor().invoke(r)));
                    } catch (ReflectiveOperationException e) {
                        parts.add("?");
                    }
                }
                yield String.join(" ", parts);
            }
            default -> String.valueOf(v);
        };
    }

    private static String quoted(byte[] b) {
        return "\"" + new String(b, StandardCharsets.UTF_8) + "\"";
    }

    /**
     * A valid value of {@code policy} that differs from {@code current} (the entity's value, maybe
     * {@code null}), for the probe: flips kinds, turns infinite durations finite, adds a partition, etc.
     */
    public static Object changed(String policy, Object current) {
        byte[] probe = "ddstuner-probe".getBytes(StandardCharsets.UTF_8);
        Duration tenS = Duration.ofSeconds(10);
        return switch (policy) {
            case "durability" -> new Durability(current instanceof Durability d && d.kind() == DurabilityKind.VOLATILE
                    ? DurabilityKind.TRANSIENT_LOCAL : DurabilityKind.VOLATILE);
            case "durability_service" -> {
                DurabilityService d = current instanceof DurabilityService x ? x
                        : new DurabilityService(Duration.ZERO, HistoryKind.KEEP_LAST, 1, -1, -1, -1);
                yield new DurabilityService(d.serviceCleanupDelay().plusSeconds(1), d.historyKind(), d.historyDepth(),
                        d.maxSamples(), d.maxInstances(), d.maxSamplesPerInstance());
            }
            case "deadline" -> new Deadline(finiteOr(current instanceof Deadline d ? d.period() : null, tenS));
            case "latency_budget" -> new LatencyBudget(current instanceof LatencyBudget l
                    && l.duration().equals(Duration.ofMillis(10)) ? Duration.ofMillis(20) : Duration.ofMillis(10));
            case "liveliness" -> {
                Liveliness l = current instanceof Liveliness x ? x : new Liveliness(LivelinessKind.AUTOMATIC, Qos.INFINITE);
                yield new Liveliness(l.kind(), finiteOr(l.leaseDuration(), tenS));
            }
            case "reliability" -> current instanceof Reliability r && r.kind() == ReliabilityKind.RELIABLE
                    ? new Reliability(ReliabilityKind.BEST_EFFORT, r.maxBlockingTime())
                    : new Reliability(ReliabilityKind.RELIABLE, Duration.ofMillis(100));
            case "destination_order" -> new DestinationOrder(current instanceof DestinationOrder d
                    && d.kind() == DestinationOrderKind.BY_RECEPTION_TIMESTAMP ? DestinationOrderKind.BY_SOURCE_TIMESTAMP
                            : DestinationOrderKind.BY_RECEPTION_TIMESTAMP);
            case "history" -> current instanceof History h && h.kind() == HistoryKind.KEEP_LAST
                    ? new History(HistoryKind.KEEP_LAST, h.depth() + 1) : new History(HistoryKind.KEEP_LAST, 1);
            case "resource_limits" -> {
                ResourceLimits r = current instanceof ResourceLimits x ? x : new ResourceLimits(-1, -1, -1);
                // max_instances alone never conflicts with history depth or max_samples_per_instance
                yield new ResourceLimits(r.maxSamples(), r.maxInstances() == 100 ? 200 : 100, r.maxSamplesPerInstance());
            }
            case "presentation" -> {
                Presentation p = current instanceof Presentation x ? x : new Presentation(AccessScope.INSTANCE, false, false);
                yield new Presentation(p.accessScope() == AccessScope.INSTANCE ? AccessScope.TOPIC : AccessScope.INSTANCE,
                        p.coherentAccess(), p.orderedAccess());
            }
            case "lifespan" -> new Lifespan(finiteOr(current instanceof Lifespan l ? l.duration() : null, tenS));
            case "ownership" -> new Ownership(current instanceof Ownership o && o.kind() == OwnershipKind.SHARED
                    ? OwnershipKind.EXCLUSIVE : OwnershipKind.SHARED);
            case "ownership_strength" -> new OwnershipStrength(
                    (current instanceof OwnershipStrength s ? s.value() : 0) + 7);
            case "partition" -> new Partition(List.of("ddstuner-probe"));
            case "time_based_filter" -> new TimeBasedFilter(current instanceof TimeBasedFilter t
                    && t.minimumSeparation().equals(Duration.ofMillis(100)) ? Duration.ofMillis(200) : Duration.ofMillis(100));
            case "transport_priority" -> new TransportPriority(
                    (current instanceof TransportPriority t ? t.value() : 0) + 3);
            case "writer_data_lifecycle" -> new WriterDataLifecycle(
                    !(current instanceof WriterDataLifecycle w && w.autodisposeUnregisteredInstances()));
            case "reader_data_lifecycle" -> {
                ReaderDataLifecycle r = current instanceof ReaderDataLifecycle x ? x
                        : new ReaderDataLifecycle(Qos.INFINITE, Qos.INFINITE);
                yield new ReaderDataLifecycle(finiteOr(r.autopurgeNoWriterSamplesDelay(), tenS),
                        r.autopurgeDisposedSamplesDelay());
            }
            case "user_data" -> new UserData(probe);
            case "topic_data" -> new TopicData(probe);
            case "group_data" -> new GroupData(probe);
            case "data_representation" -> new DataRepresentation(current instanceof DataRepresentation d
                    && d.ids().equals(List.of(Qos.XCDR2)) ? List.of(Qos.XCDR1) : List.of(Qos.XCDR2));
            case "type_consistency" -> {
                TypeConsistency t = current instanceof TypeConsistency x ? x
                        : new TypeConsistency(TypeConsistencyKind.ALLOW_TYPE_COERCION, false, false, false, false, false);
                yield new TypeConsistency(t.kind(), t.ignoreSequenceBounds(), t.ignoreStringBounds(),
                        !t.ignoreMemberNames(), t.preventTypeWidening(), t.forceTypeValidation());
            }
            case "entity_name" -> new EntityName((current instanceof EntityName n ? n.name() : "") + "-probe");
            case "ignore_local" -> new IgnoreLocal(current instanceof IgnoreLocal i && i.kind() == IgnoreLocalKind.NONE
                    ? IgnoreLocalKind.PARTICIPANT : IgnoreLocalKind.NONE);
            case "properties" -> {
                Map<String, String> m = new LinkedHashMap<>(current instanceof Properties p ? p.values() : Map.of());
                m.put("ddstuner.probe", "1");
                yield new Properties(m);
            }
            case "binary_properties" -> {
                Map<String, byte[]> m = new LinkedHashMap<>(current instanceof BinaryProperties p ? p.values() : Map.of());
                m.put("ddstuner.probe", probe);
                yield new BinaryProperties(m);
            }
            default -> throw new IllegalArgumentException("unknown QoS policy \"" + policy + "\"; known: " + Qos.NAMES);
        };
    }

    static void requireKnown(String policy) {
        if (!Qos.NAMES.contains(policy)) {
            throw new IllegalArgumentException("unknown QoS policy \"" + policy + "\"; known: " + Qos.NAMES);
        }
    }

    private static Duration finiteOr(Duration current, Duration fallback) {
        return current == null || Qos.isInfinite(current) ? fallback : current.plusSeconds(5);
    }
}
