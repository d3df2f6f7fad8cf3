package org.ddstuner.map.internal;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.ddstuner.dds.Guid;
import org.ddstuner.map.EdgeState;
import org.ddstuner.system.Endpoint;
import org.ddstuner.system.Match;
import org.ddstuner.system.MatchSummary;
import org.ddstuner.system.SystemSnapshot;
import org.ddstuner.system.Topic;
import org.ddstuner.system.match.MismatchReason;

/**
 * The raw edges of one topic: per participant and side, the state of each endpoint from the snapshot's match
 * summary (O(1) per endpoint, no pair list), the reasons of the first unmatched one. A pure function of the
 * topic's view, which snapshots share while the topic does not change: {@link MapBuilderCache} keeps the result
 * per {@link Topic} instance.
 */
public final class TopicEdges {

    private TopicEdges() {
    }

    public static List<RawEdge> of(SystemSnapshot s, Topic t) {
        Map<String, Acc> byKey = new LinkedHashMap<>();
        add(s, t, t.writers(), true, byKey);
        add(s, t, t.readers(), false, byKey);
        List<RawEdge> out = new ArrayList<>(byKey.size());
        byKey.values().forEach(a -> out.add(a.toEdge(t.name())));
        return out;
    }

    private static void add(SystemSnapshot s, Topic t, List<Guid> guids, boolean writes, Map<String, Acc> byKey) {
        for (Guid g : guids) {
            Endpoint e = s.endpoint(g).orElse(null);
            if (e == null) {
                continue;
            }
            Acc a = byKey.computeIfAbsent((writes ? "w" : "r") + e.participantGuid(),
                    k -> new Acc(e.participantGuid(), writes));
            if (!e.alive()) {
                a.add(EdgeState.GONE, e, null, null);
                continue;
            }
            MatchSummary m = s.matchSummaryOf(g);
            if (m.candidates() == 0) {
                a.add(EdgeState.NO_PEER, e, null, null);
            } else if (m.matched() == 0) {
                Match near = m.nearestMismatch();
                if (near == null) {
                    near = s.matchesOf(g).stream().filter(x -> !x.matched()).findFirst().orElse(null);
                }
                a.add(EdgeState.NO_MATCH, e, near == null ? List.of() : near.reasons(), null);
            } else {
                a.add(EdgeState.MATCHED, e, null, m.matched() < m.candidates()
                        ? "matches " + m.matched() + " of " + m.candidates() + " " + (writes ? "readers" : "writers")
                        : null);
            }
        }
    }

    /** Endpoints of one participant on one side, summed up. */
    private static final class Acc {
        final Guid participant;
        final boolean writes;
        final int[] counts = new int[EdgeState.values().length];
        int endpoints;
        EdgeState state;
        List<MismatchReason> reasons = List.of();
        String note;
        String representative;

        Acc(Guid participant, boolean writes) {
            this.participant = participant;
            this.writes = writes;
        }

        void add(EdgeState st, Endpoint e, List<MismatchReason> why, String partialNote) {
            endpoints++;
            counts[st.ordinal()]++;
            if (state == null || st.ordinal() > state.ordinal()) {
                state = st;
                representative = e.guid().toString();
                if (why != null) {
                    reasons = why;
                }
            }
            if (partialNote != null && note == null) {
                note = partialNote;
            }
        }

        RawEdge toEdge(String topic) {
            return new RawEdge(participant, topic, writes, state, endpoints, counts, reasons, note, representative);
        }
    }
}
