package org.ddstuner.cli;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.ddstuner.agent.AgentQos;
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
        return AgentQos.toRecord(policy, text);
    }
}
