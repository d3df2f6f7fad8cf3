package org.ddstuner.cli;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.ddstuner.agent.QosText;
import org.ddstuner.dds.Qos;

/**
 * The {@code POLICY=VALUE} words of {@code qos set} and {@code qos override}: the agent's QoS text (policy names as
 * {@code ls --json}, grammar in the agent's README), checked here so that a typo is a usage error before anything is
 * sent. Also reads the agent's values back into {@link Qos} policy records, to compare with what discovery announces.
 */
final class QosValues {

    /** The policies the agent can set (its README), in its order. */
    static final List<String> POLICIES = List.of("durability", "reliability", "history", "liveliness", "ownership",
            "ownership_strength", "deadline", "latency_budget", "lifespan", "time_based_filter", "transport_priority",
            "partition", "destination_order", "resource_limits", "presentation", "writer_data_lifecycle",
            "reader_data_lifecycle", "user_data", "topic_data", "group_data", "entity_name");

    private QosValues() {
    }

    /**
     * The words as policy → value in the agent's (encoded) text form. Byte-valued policies (user_data, topic_data,
     * group_data, entity_name) take the text as typed, partition names are split at ','; both are percent-encoded.
     */
    static Map<String, String> parseAssignments(List<String> words) {
        Map<String, String> out = new LinkedHashMap<>();
        for (String w : words) {
            int eq = w.indexOf('=');
            if (eq <= 0) {
                throw new CliException(Main.EXIT_USAGE, "\"" + w + "\" is not POLICY=VALUE (e.g. ownership_strength=7).");
            }
            String policy = w.substring(0, eq).trim().toLowerCase(Locale.ROOT);
            String raw = w.substring(eq + 1);
            if (!POLICIES.contains(policy)) {
                throw new CliException(Main.EXIT_USAGE, "unknown policy \"" + policy + "\"; one of: "
                        + String.join(", ", POLICIES) + ".");
            }
            String text = switch (policy) {
                case "user_data", "topic_data", "group_data", "entity_name" -> QosText.encode(raw);
                case "partition" -> String.join(",", raw.isEmpty() ? List.of()
                        : List.of(raw.split(",", -1)).stream().map(QosText::encode).toList());
                default -> raw.trim().toLowerCase(Locale.ROOT);
            };
            try {
                toRecord(policy, text);
            } catch (IllegalArgumentException e) {
                throw new CliException(Main.EXIT_USAGE, "bad value for " + policy + ": \"" + raw + "\" (" + e.getMessage()
                        + ").");
            }
            out.put(policy, text);
        }
        if (out.isEmpty()) {
            throw new CliException(Main.EXIT_USAGE, "no POLICY=VALUE given (e.g. ownership_strength=7).");
        }
        return out;
    }

    /** One value of the agent's text as the {@link Qos} record discovery would announce; throws when malformed. */
    static Object toRecord(String policy, String text) {
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
    static Duration duration(String s) {
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
