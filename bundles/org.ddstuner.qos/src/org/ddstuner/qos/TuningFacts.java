package org.ddstuner.qos;

import java.util.Map;

/**
 * What Cyclone's sources (tags 0.10.5 and 11.0.1: {@code dds_entity.c} dds_set_qos_locked_raw and the test
 * table {@code tests/qos_set_match.c}) say dds_set_qos does with each policy on an enabled entity. The
 * {@link CapabilityProbe} measures the loaded library and trusts itself; these facts only let it say where
 * the library and the sources disagree, and name changes that are accepted but have no effect (which a
 * return code cannot show).
 */
final class TuningFacts {

    private TuningFacts() {
    }

    static final String OK = "DDS_RETCODE_OK";
    static final String UNSUPPORTED = "DDS_RETCODE_UNSUPPORTED";
    static final String IMMUTABLE = "DDS_RETCODE_IMMUTABLE_POLICY";

    /** Expected dds_set_qos result per policy; policies the sources say nothing about are absent. */
    static final Map<String, String> EXPECTED = Map.ofEntries(
            Map.entry("user_data", OK), Map.entry("group_data", OK), Map.entry("topic_data", OK),
            Map.entry("ownership_strength", OK), Map.entry("lifespan", OK), Map.entry("transport_priority", OK),
            Map.entry("writer_data_lifecycle", OK), Map.entry("reader_data_lifecycle", OK),
            Map.entry("time_based_filter", OK),
            Map.entry("deadline", UNSUPPORTED), Map.entry("latency_budget", UNSUPPORTED),
            Map.entry("partition", UNSUPPORTED),
            Map.entry("durability", IMMUTABLE), Map.entry("reliability", IMMUTABLE), Map.entry("history", IMMUTABLE),
            Map.entry("liveliness", IMMUTABLE), Map.entry("ownership", IMMUTABLE),
            Map.entry("destination_order", IMMUTABLE), Map.entry("resource_limits", IMMUTABLE),
            Map.entry("presentation", IMMUTABLE), Map.entry("data_representation", IMMUTABLE));

    /**
     * Accepted changes that do not take effect (kind and policy), with the sentence why. A return code cannot
     * show this, so it comes from the sources: 0.10.x stores a reader's new time-based filter but its delivery
     * path never reads it again; 11.x reads it only when the reader is created.
     */
    static String noEffect(TunedKind kind, String policy) {
        if (kind == TunedKind.READER && policy.equals("time_based_filter")) {
            return "Cyclone reads a reader's time-based filter only when the reader is created (0.10.x and 11.x sources): "
                    + "a changed value is stored and announced but not applied";
        }
        return null;
    }
}
