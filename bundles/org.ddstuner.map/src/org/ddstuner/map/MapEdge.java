package org.ddstuner.map;

import java.util.List;

import org.ddstuner.system.match.MismatchReason;

/**
 * An arrow between a participant-side node and a topic-side node: writers point at their topic, a topic points at
 * its readers. One edge stands for every endpoint of that direction between the two nodes.
 *
 * @param writes         writer side (source is the participant-side node) rather than reader side
 * @param state          the worst state of its endpoints
 * @param endpoints      how many endpoints it stands for
 * @param stateCounts    endpoints per {@link EdgeState} (indexed by ordinal)
 * @param reasons        for {@link EdgeState#NO_MATCH}: why the (first) unmatched endpoint matches nobody
 * @param note           a short sentence for the tooltip beyond the reasons ("matches 2 of 3", a watch's detail)
 * @param representative GUID text of the endpoint selecting the edge shows in Details (an unmatched one when any)
 */
public record MapEdge(String id, String source, String target, String topic, boolean writes, EdgeState state,
        int endpoints, int[] stateCounts, List<MismatchReason> reasons, String note, String representative) {

    public MapEdge {
        reasons = List.copyOf(reasons);
        stateCounts = stateCounts.clone();
    }

    public int count(EdgeState s) {
        return stateCounts[s.ordinal()];
    }
}
