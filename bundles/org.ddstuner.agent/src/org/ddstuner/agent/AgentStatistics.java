package org.ddstuner.agent;

import java.util.Map;

/**
 * One period's counters of one application reader/writer (libddsc's statistics API): writer rexmit_bytes,
 * throttle_count, time_throttle, time_rexmit; reader discarded_bytes.
 */
public record AgentStatistics(String agent, String entity, String kind, String topic, long timestampNs,
        Map<String, Long> counters) {
}
