package org.ddstuner.agent;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.ddstuner.dds.Qos;

/**
 * The agent's override file ({@code DDSTUNER_QOS_OVERRIDES}): {@code <dds><qos_library><qos_profile>} with one
 * {@code <datawriter_qos>} and/or {@code <datareader_qos>}, in the element names the agent's reader knows (README,
 * native/overrides.c). Written by {@code ddstuner qos override} and the desktop's "Write Override File…".
 */
public final class OverrideFile {

    /** What the agent's override reader supports (overrides.c). */
    public static final List<String> SUPPORTED = List.of("durability", "reliability", "history", "liveliness",
            "ownership", "ownership_strength", "deadline", "latency_budget", "lifespan", "time_based_filter",
            "transport_priority", "destination_order", "resource_limits", "user_data", "topic_data", "group_data");
    private static final Set<String> WRITER_ONLY = Set.of("ownership_strength", "lifespan");
    private static final Set<String> READER_ONLY = Set.of("time_based_filter");

    private OverrideFile() {
    }

    /** The policies of {@code all} a writer entry takes (reader-only ones left out). */
    public static <V> Map<String, V> writerPart(Map<String, V> all) {
        Map<String, V> m = new LinkedHashMap<>(all);
        m.keySet().removeAll(READER_ONLY);
        return m;
    }

    /** The policies of {@code all} a reader entry takes (writer-only ones left out). */
    public static <V> Map<String, V> readerPart(Map<String, V> all) {
        Map<String, V> m = new LinkedHashMap<>(all);
        m.keySet().removeAll(WRITER_ONLY);
        return m;
    }

    /**
     * The file's text.
     *
     * @param writer policy name → {@link Qos} record for writers, or null for no writer entry
     * @param reader the same for readers
     * @param topic  topic_filter (shell pattern), or null for any topic
     * @param entity the entity name the application gives, or null for any
     * @throws IllegalArgumentException for a policy the file cannot carry or data it cannot hold
     */
    public static String write(String process, Map<String, ?> writer, Map<String, ?> reader, String topic,
            String entity) {
        StringBuilder b = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        b.append("<!-- DDS Tuner QoS overrides for ").append(process.replace("--", "- -"))
                .append(": the agent applies them when the process creates these readers/writers (its next start) -->\n");
        b.append("<dds xmlns=\"http://www.omg.org/spec/DDS-XML\">\n  <qos_library name=\"ddstuner\">\n")
                .append("    <qos_profile name=\"overrides\">\n");
        if (writer != null && !writer.isEmpty()) {
            entry(b, "datawriter_qos", writer, topic, entity);
        }
        if (reader != null && !reader.isEmpty()) {
            entry(b, "datareader_qos", reader, topic, entity);
        }
        b.append("    </qos_profile>\n  </qos_library>\n</dds>\n");
        return b.toString();
    }

    private static void entry(StringBuilder b, String element, Map<String, ?> policies, String topic, String entity) {
        b.append("      <").append(element);
        if (topic != null) {
            b.append(" topic_filter=\"").append(attribute(topic)).append('"');
        }
        if (entity != null) {
            b.append(" name=\"").append(attribute(entity)).append('"');
        }
        b.append(">\n");
        policies.forEach((p, v) -> b.append("        ").append(policy(p, v)).append('\n'));
        b.append("      </").append(element).append(">\n");
    }

    private static String attribute(String s) {
        if (s.matches("(?s).*[<>&\"].*")) {
            throw new IllegalArgumentException("a topic pattern or entity name in an override file cannot hold < > & or \"");
        }
        return s;
    }

    private static String policy(String p, Object v) {
        String inner = switch (v) {
            case Qos.Durability d -> kind(d.kind().name(), "DURABILITY_QOS");
            case Qos.Reliability r -> kind(r.kind().name(), "RELIABILITY_QOS")
                    + (r.maxBlockingTime() == null ? "" : duration("max_blocking_time", r.maxBlockingTime()));
            case Qos.History h -> kind(h.kind().name(), "HISTORY_QOS")
                    + (h.kind() == Qos.HistoryKind.KEEP_LAST ? "<depth>" + h.depth() + "</depth>" : "");
            case Qos.Liveliness l -> kind(l.kind().name(), "LIVELINESS_QOS") + duration("lease_duration", l.leaseDuration());
            case Qos.Ownership o -> kind(o.kind().name(), "OWNERSHIP_QOS");
            case Qos.DestinationOrder d -> kind(d.kind().name(), "DESTINATIONORDER_QOS");
            case Qos.Deadline d -> duration("period", d.period());
            case Qos.LatencyBudget d -> duration("duration", d.duration());
            case Qos.Lifespan d -> duration("duration", d.duration());
            case Qos.TimeBasedFilter d -> duration("minimum_separation", d.minimumSeparation());
            case Qos.OwnershipStrength s -> "<value>" + s.value() + "</value>";
            case Qos.TransportPriority s -> "<value>" + s.value() + "</value>";
            case Qos.ResourceLimits r -> "<max_samples>" + r.maxSamples() + "</max_samples><max_instances>"
                    + r.maxInstances() + "</max_instances><max_samples_per_instance>" + r.maxSamplesPerInstance()
                    + "</max_samples_per_instance>";
            case Qos.UserData d -> data(d.value());
            case Qos.TopicData d -> data(d.value());
            case Qos.GroupData d -> data(d.value());
            default -> throw new IllegalArgumentException(p + " is not supported in override files; these are: "
                    + String.join(", ", SUPPORTED) + ".");
        };
        return "<" + p + ">" + inner + "</" + p + ">";
    }

    private static String kind(String name, String suffix) {
        return "<kind>" + name + "_" + suffix + "</kind>";
    }

    private static String duration(String element, Duration d) {
        if (Qos.isInfinite(d)) {
            return "<" + element + "><sec>DURATION_INFINITY</sec></" + element + ">";
        }
        return "<" + element + "><sec>" + d.getSeconds() + "</sec><nanosec>" + d.getNano() + "</nanosec></" + element + ">";
    }

    /** The agent reads the element's text (trimmed, no entities) as the bytes. */
    private static String data(byte[] value) {
        String s = new String(value, StandardCharsets.UTF_8);
        if (s.matches("(?s).*[<>&].*") || !s.equals(s.strip()) || !s.chars().allMatch(c -> c >= 0x20 && c < 0x7f)) {
            throw new IllegalArgumentException("user/topic/group data in an override file must be printable text "
                    + "without < > & and without leading or trailing spaces.");
        }
        return "<value>" + s + "</value>";
    }
}
