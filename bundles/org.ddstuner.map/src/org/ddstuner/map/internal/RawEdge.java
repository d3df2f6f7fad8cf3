package org.ddstuner.map.internal;

import java.util.List;

import org.ddstuner.dds.Guid;
import org.ddstuner.map.EdgeState;
import org.ddstuner.system.match.MismatchReason;

/**
 * The endpoints of one participant on one topic on one side, before aggregation: what an edge of the most detailed
 * map is made of.
 */
public record RawEdge(Guid participant, String topic, boolean writes, EdgeState state, int endpoints,
        int[] stateCounts, List<MismatchReason> reasons, String note, String representative) {

    /** The same endpoints seen by a topic watch: a matched edge takes the watch's state and detail. */
    public RawEdge withHealth(EdgeState health, String detail) {
        if (state.ordinal() >= health.ordinal()) {
            return this;
        }
        int[] counts = stateCounts.clone();
        counts[health.ordinal()] += counts[state.ordinal()];
        counts[state.ordinal()] = 0;
        return new RawEdge(participant, topic, writes, health, endpoints, counts, reasons, detail, representative);
    }
}
