package org.ddstuner.agent;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.ddstuner.dds.Qos;

/**
 * The agent's QoS values (grammar in the bundle's README) and the {@link Qos} policy records discovery announces, both
 * ways: to compare an agent's reply with discovery, and to send a value edited as a record (the desktop's editor).
 * Shared by the CLI ({@code qos set}) and the desktop (org.ddstuner.agent.ui).
 */
public final class AgentQos {

    private AgentQos() {
    }

    /** The agent's text of a policy record (the inverse of {@link #toRecord}); throws for a policy it cannot set. */
    public static String text(Object record) {
        return switch (record) {
            case Qos.Durability d -> lower(d.kind());
            case Qos.Reliability r -> r.kind() == Qos.ReliabilityKind.RELIABLE && r.maxBlockingTime() != null
                    ? "reliable," + duration(r.maxBlockingTime()) : lower(r.kind());
            case Qos.History h -> h.kind() == Qos.HistoryKind.KEEP_ALL ? "keep_all" : "keep_last," + h.depth();
            case Qos.Liveliness l -> lower(l.kind()) + "," + duration(l.leaseDuration());
            case Qos.Ownership o -> lower(o.kind());
            case Qos.OwnershipStrength s -> Integer.toString(s.value());
            case Qos.TransportPriority t -> Integer.toString(t.value());
            case Qos.Deadline d -> duration(d.period());
            case Qos.LatencyBudget d -> duration(d.duration());
            case Qos.Lifespan d -> duration(d.duration());
            case Qos.TimeBasedFilter d -> duration(d.minimumSeparation());
            case Qos.DestinationOrder d -> lower(d.kind());
            case Qos.Partition p -> String.join(",", p.names().stream().map(QosText::encode).toList());
            case Qos.ResourceLimits r -> r.maxSamples() + "," + r.maxInstances() + "," + r.maxSamplesPerInstance();
            case Qos.Presentation p -> lower(p.accessScope()) + "," + p.coherentAccess() + "," + p.orderedAccess();
            case Qos.WriterDataLifecycle w -> Boolean.toString(w.autodisposeUnregisteredInstances());
            case Qos.ReaderDataLifecycle r -> duration(r.autopurgeNoWriterSamplesDelay()) + ","
                    + duration(r.autopurgeDisposedSamplesDelay());
            case Qos.UserData d -> QosText.encode(d.value());
            case Qos.TopicData d -> QosText.encode(d.value());
            case Qos.GroupData d -> QosText.encode(d.value());
            case Qos.EntityName n -> QosText.encode(n.name());
            default -> throw new IllegalArgumentException("the agent cannot set " + record.getClass().getSimpleName());
        };
    }

    private static String lower(Enum<?> e) {
        return e.name().toLowerCase(Locale.ROOT);
    }

    /** "inf" or nanoseconds, as the agent reads a duration. */
    public static String duration(Duration d) {
        return Qos.isInfinite(d) ? "inf" : d.toNanos() + "ns";
    }

    /** One value of the agent's text as the {@link Qos} record discovery would announce; throws when malformed. */
    public static Object toRecord(String policy, String text) {
        String[] p = text.split(",", -1);
        return switch (policy) {
            case "durability" -> new Qos.Durability(kind(Qos.DurabilityKind.class, one(p)));
            case "reliability" -> new Qos.Reliability(kind(Qos.ReliabilityKind.class, p[0]),
                    p.length == 2 ? duration(p[1]) : count(p, 1, 2) == 1 ? Duration.ofMillis(100) : null);
            case "history" -> p[0].equals("keep_all") && count(p, 1, 1) == 1 ? new Qos.History(Qos.HistoryKind.KEEP_ALL, -1)
                    : new Qos.History(kind(Qos.HistoryKind.class, p[0]), count(p, 1, 2) == 2 ? integer(p[1]) : 1);
            case "liveliness" -> new Qos.Liveliness(kind(Qos.LivelinessKind.class, p[0]),
                    count(p, 1, 2) == 2 ? duration(p[1]) : Qos.INFINITE);
            case "ownership" -> new Qos.Ownership(kind(Qos.OwnershipKind.class, one(p)));
            case "ownership_strength" -> new Qos.OwnershipStrength(integer(one(p)));
            case "transport_priority" -> new Qos.TransportPriority(integer(one(p)));
            case "deadline" -> new Qos.Deadline(duration(one(p)));
            case "latency_budget" -> new Qos.LatencyBudget(duration(one(p)));
            case "lifespan" -> new Qos.Lifespan(duration(one(p)));
            case "time_based_filter" -> new Qos.TimeBasedFilter(duration(one(p)));
            case "destination_order" -> new Qos.DestinationOrder(kind(Qos.DestinationOrderKind.class, one(p)));
            case "partition" -> new Qos.Partition(text.isEmpty() ? List.of()
                    : List.of(p).stream().map(QosText::decodeString).toList());
            case "resource_limits" -> count(p, 3, 3) == 3
                    ? new Qos.ResourceLimits(integer(p[0]), integer(p[1]), integer(p[2])) : null;
            case "presentation" -> count(p, 3, 3) == 3
                    ? new Qos.Presentation(kind(Qos.AccessScope.class, p[0]), bool(p[1]), bool(p[2])) : null;
            case "writer_data_lifecycle" -> new Qos.WriterDataLifecycle(bool(one(p)));
            case "reader_data_lifecycle" -> count(p, 2, 2) == 2
                    ? new Qos.ReaderDataLifecycle(duration(p[0]), duration(p[1])) : null;
            case "user_data" -> new Qos.UserData(QosText.decode(text));
            case "topic_data" -> new Qos.TopicData(QosText.decode(text));
            case "group_data" -> new Qos.GroupData(QosText.decode(text));
            case "entity_name" -> new Qos.EntityName(new String(QosText.decode(text), StandardCharsets.UTF_8));
            default -> throw new IllegalArgumentException("unknown policy " + policy);
        };
    }

    /** "inf", ns, or a whole number with ns|us|ms|s, as the agent reads it. */
    public static Duration duration(String s) {
        if (s.equals("inf") || s.equals("infinite")) {
            return Qos.INFINITE;
        }
        String[][] units = { { "ns", "1" }, { "us", "1000" }, { "ms", "1000000" }, { "s", "1000000000" } };
        long mul = 1;
        String num = s;
        for (String[] u : units) {
            if (s.endsWith(u[0])) {
                num = s.substring(0, s.length() - u[0].length());
                mul = Long.parseLong(u[1]);
                break;
            }
        }
        if (num.isEmpty() || !num.chars().allMatch(Character::isDigit)) {
            throw new IllegalArgumentException("a duration is inf, nanoseconds, or a whole number with ns, us, ms or s");
        }
        try {
            return Duration.ofNanos(Math.multiplyExact(Long.parseLong(num), mul));
        } catch (ArithmeticException | NumberFormatException e) {
            throw new IllegalArgumentException("duration too long");
        }
    }

    private static String one(String[] p) {
        count(p, 1, 1);
        return p[0];
    }

    private static int count(String[] p, int min, int max) {
        if (p.length < min || p.length > max) {
            throw new IllegalArgumentException(min == max ? min + " comma-separated part(s) expected"
                    : min + " to " + max + " comma-separated parts expected");
        }
        return p.length;
    }

    private static int integer(String s) {
        try {
            return Integer.parseInt(s);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("\"" + s + "\" is not a whole number");
        }
    }

    private static boolean bool(String s) {
        return switch (s) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new IllegalArgumentException("\"" + s + "\" is not true or false");
        };
    }

    private static <E extends Enum<E>> E kind(Class<E> type, String s) {
        for (E e : type.getEnumConstants()) {
            if (e.name().equalsIgnoreCase(s)) {
                return e;
            }
        }
        List<String> names = new ArrayList<>();
        for (E e : type.getEnumConstants()) {
            names.add(e.name().toLowerCase(Locale.ROOT));
        }
        throw new IllegalArgumentException("one of " + String.join(", ", names));
    }
}
