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
import org.ddstuner.system.match.MismatchReason;

/**
 * Derives the problem list of a snapshot: lost participants, endpoints without a match (with the
 * nearest candidate's explanation), and unreadable discovery data: reported by the feed, announcements
 * the DDS library said it dropped (linked to their likely sender by {@link RejectionProblems}), or
 * inferred from a participant that announced no endpoints at all.
 */
final class ProblemFinder {

    private ProblemFinder() {
    }

    static List<Problem> find(Instant now, List<Participant> participants, List<TopicView> topics,
            Map<Guid, List<Endpoint>> byParticipant, Map<Guid, Participant> participantByGuid, List<Problem> reported,
            List<RejectionLog.Entry> rejections, ModelOptions options) {
        List<Problem> out = new ArrayList<>();
        RejectionProblems rejected = RejectionProblems.find(participants, byParticipant, rejections);
        for (Participant p : participants) {
            if (!p.alive()) {
                out.add(lost(p, byParticipant.getOrDefault(p.guid(), List.of()).size(), options));
            } else if (p.known() && !p.hidden() && byParticipant.getOrDefault(p.guid(), List.of()).isEmpty()) {
                Problem why = rejected.byParticipant.get(p.guid());
                if (why != null) {
                    out.add(why); // known at once: no grace period
                } else if (!p.firstSeen().plus(options.silentParticipantGrace()).isAfter(now)) {
                    out.add(silent(p));
                }
            }
        }
        out.addAll(rejected.unattributed);
        for (TopicView t : topics) {
            for (Endpoint e : t.endpoints()) {
                if (e.alive()) {
                    MatchSummary m = t.summaryOf(e);
                    if (m.matched() == 0) {
                        out.add(unmatched(e, m, t, participantByGuid));
                    }
                }
            }
        }
        out.addAll(reported);
        out.sort(Comparator.comparing(Problem::severity).reversed().thenComparing(Problem::since));
        return List.copyOf(out);
    }

    private static Problem lost(Participant p, int endpoints, ModelOptions options) {
        return new Problem(Kind.PARTICIPANT_LOST, Severity.WARNING, p.guid().toString(),
                "participant " + describe(p) + " was lost" + (endpoints > 0 ? " with its " + endpoints
                        + " endpoint(s)" : "") + "; it is removed from view "
                        + DurationText.format(options.goneRetention()) + " after that",
                p.goneSince(), "participant " + shortName(p) + " lost" + (endpoints > 0 ? " with its " + endpoints
                        + " endpoint(s)" : ""));
    }

    private static Problem silent(Participant p) {
        return new Problem(Kind.DISCOVERY_UNREADABLE, Severity.INFO, p.guid().toString(),
                "participant " + describe(p) + " has announced no readers or writers; if it has some, their "
                        + "discovery data may be unreadable here (Cyclone DDS drops endpoints it cannot decode, "
                        + "e.g. type information from Fast DDS 2.9)",
                p.firstSeen(), "participant " + shortName(p) + " announced no readers or writers (unreadable?)");
    }

    /** For an endpoint that matches no peer: the nearest candidate's reasons, or that there is none. */
    private static Problem unmatched(Endpoint e, MatchSummary summary, TopicView topic,
            Map<Guid, Participant> participants) {
        String other = e.kind().opposite().text();
        String what = e.kind().text() + named(e) + " of " + owner(e.participantGuid(), participants) + " on topic \""
                + e.topicName() + "\"";
        // the summary says who and what first: 'Logger reader on "T": no match — durability: reader ... (Hub)'
        String who = plainOwner(e.participantGuid(), participants) + " " + e.kind().text() + named(e) + " on \""
                + e.topicName() + "\": ";
        Match nearest = summary.nearestMismatch();
        if (nearest == null) {
            return new Problem(Kind.ENDPOINT_UNMATCHED, Severity.INFO, e.guid().toString(),
                    what + " has no " + other + " on its topic", e.firstSeen(), who + "no " + other);
        }
        Guid peer = e.isReader() ? nearest.writer() : nearest.reader();
        String peerOwner = plainOwner(peer.participantGuid(), participants);
        String brief = who + (summary.candidates() == 1 ? "no match — " : "no match among " + summary.candidates()
                + " " + other + "s — ") + MismatchReason.shortTexts(nearest.reasons())
                + (summary.candidates() == 1 ? " (" + peerOwner + ")" : " (nearest: " + peerOwner + ")");
        return new Problem(Kind.ENDPOINT_UNMATCHED, Severity.WARNING, e.guid().toString(),
                what + " matches none of its " + summary.candidates() + " " + other + "(s); nearest " + other
                        + named(topic.aliveEndpoint(peer)) + " (of " + owner(peer.participantGuid(), participants)
                        + "): " + MismatchReason.fullTexts(nearest.reasons()),
                e.firstSeen(), brief);
    }

    /** "Logger" (no quotes: it leads the summary) or the participant GUID when it has no name. */
    private static String plainOwner(Guid participant, Map<Guid, Participant> participants) {
        Participant p = participants.get(participant);
        return p != null && p.name() != null && !p.name().isBlank() ? p.name() : participant.toString();
    }

    /** '"name"' or the GUID. */
    static String shortName(Participant p) {
        return p.name() != null && !p.name().isBlank() ? "\"" + p.name() + "\"" : p.guid().toString();
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
        return describe(p, true);
    }

    /** '"name" guid (vendor, host, process)'; without the vendor when the sentence already names it. */
    static String describe(Participant p, boolean withVendor) {
        StringBuilder b = new StringBuilder();
        b.append(p.name() != null ? "\"" + p.name() + "\" " : "").append(p.guid());
        b.append(" (").append(withVendor ? p.vendor().name() + ", " : "").append(p.process().hostText());
        if (p.process().hasPid() || p.process().processName() != null) {
            b.append(", ").append(p.process().processText());
        }
        return b.append(')').toString();
    }
}
