package org.ddstuner.system;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

import org.ddstuner.dds.Guid;
import org.ddstuner.system.Problem.Kind;
import org.ddstuner.system.Problem.Severity;
import org.ddstuner.system.match.DurationText;

/**
 * Derives the problem list of a snapshot: lost participants, endpoints without a match (with the
 * nearest candidate's explanation), and unreadable discovery data (reported by the feed, or inferred
 * from a participant that announced no endpoints at all).
 */
final class ProblemFinder {

    private ProblemFinder() {
    }

    static List<Problem> find(Instant now, List<Participant> participants, List<Endpoint> endpoints,
            Map<Guid, List<Endpoint>> byParticipant,
            Map<Guid, List<Match>> matchesByEndpoint, List<Problem> reported, ModelOptions options) {
        List<Problem> out = new ArrayList<>();
        for (Participant p : participants) {
            if (!p.alive()) {
                out.add(lost(p, byParticipant.getOrDefault(p.guid(), List.of()).size(), options));
            } else if (p.known() && !p.own() && byParticipant.getOrDefault(p.guid(), List.of()).isEmpty()
                    && !p.firstSeen().plus(options.silentParticipantGrace()).isAfter(now)) {
                out.add(silent(p));
            }
        }
        Map<Guid, Participant> byGuid = new java.util.HashMap<>();
        for (Participant p : participants) {
            byGuid.put(p.guid(), p);
        }
        Map<Guid, Endpoint> endpointsByGuid = new java.util.HashMap<>();
        for (Endpoint e : endpoints) {
            endpointsByGuid.put(e.guid(), e);
        }
        for (Endpoint e : endpoints) {
            if (e.alive()) {
                Problem p = unmatched(e, matchesByEndpoint.getOrDefault(e.guid(), List.of()), byGuid, endpointsByGuid);
                if (p != null) {
                    out.add(p);
                }
            }
        }
        out.addAll(reported);
        out.sort(Comparator.comparing(Problem::severity).reversed().thenComparing(Problem::since));
        return out;
    }

    private static Problem lost(Participant p, int endpoints, ModelOptions options) {
        return new Problem(Kind.PARTICIPANT_LOST, Severity.WARNING, p.guid().toString(),
                "participant " + describe(p) + " was lost" + (endpoints > 0 ? " with its " + endpoints
                        + " endpoint(s)" : "") + "; it is removed from view "
                        + DurationText.format(options.goneRetention()) + " after that",
                p.goneSince());
    }

    private static Problem silent(Participant p) {
        return new Problem(Kind.DISCOVERY_UNREADABLE, Severity.INFO, p.guid().toString(),
                "participant " + describe(p) + " has announced no readers or writers; if it has some, their "
                        + "discovery data may be unreadable here (Cyclone DDS drops endpoints it cannot decode, "
                        + "e.g. type information from Fast DDS 2.9)",
                p.firstSeen());
    }

    /** Null when the endpoint matches at least one peer. */
    private static Problem unmatched(Endpoint e, List<Match> candidates, Map<Guid, Participant> participants,
            Map<Guid, Endpoint> endpoints) {
        Match nearest = null;
        for (Match m : candidates) {
            if (m.matched()) {
                return null;
            }
            if (nearest == null || m.reasons().size() < nearest.reasons().size()) {
                nearest = m;
            }
        }
        String other = e.kind().opposite().text();
        String what = e.kind().text() + named(e) + " of " + owner(e.participantGuid(), participants) + " on topic \""
                + e.topicName() + "\"";
        if (nearest == null) {
            return new Problem(Kind.ENDPOINT_UNMATCHED, Severity.INFO, e.guid().toString(),
                    what + " has no " + other + " on its topic", e.firstSeen());
        }
        Guid peer = e.isReader() ? nearest.writer() : nearest.reader();
        return new Problem(Kind.ENDPOINT_UNMATCHED, Severity.WARNING, e.guid().toString(),
                what + " matches none of its " + candidates.size() + " " + other + "(s); nearest " + other
                        + named(endpoints.get(peer)) + " (of " + owner(peer.participantGuid(), participants) + "): "
                        + String.join("; ", nearest.reasons()),
                e.firstSeen());
    }

    /** ' "status_reader"' when the endpoint has an entity name, else nothing. */
    private static String named(Endpoint e) {
        return e != null && e.name() != null && !e.name().isBlank() ? " \"" + e.name() + "\"" : "";
    }

    /** "Actuator" or the participant GUID when it has no name. */
    private static String owner(Guid participant, Map<Guid, Participant> participants) {
        Participant p = participants.get(participant);
        return p != null && p.name() != null && !p.name().isBlank() ? "\"" + p.name() + "\"" : participant.toString();
    }

    private static String describe(Participant p) {
        StringBuilder b = new StringBuilder();
        b.append(p.name() != null ? "\"" + p.name() + "\" " : "").append(p.guid());
        b.append(" (").append(p.vendor().name()).append(", ").append(p.process().hostText());
        if (p.process().hasPid() || p.process().processName() != null) {
            b.append(", ").append(p.process().processText());
        }
        return b.append(')').toString();
    }
}
