package org.ddstuner.system;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.ddstuner.dds.Guid;
import org.ddstuner.system.Problem.Kind;
import org.ddstuner.system.Problem.Severity;

/**
 * Links announcements the DDS library dropped ({@link RejectionLog}) to the participants that probably
 * sent them. The log names only the vendor, so a rejection's possible senders are the participants of
 * that vendor present when it happened; among those, the ones with no endpoints at all are the
 * suspects (a participant whose every endpoint was dropped). A rejection whose possible senders have
 * all gone is moot (its endpoints went with them); one with no silent suspect is reported for the
 * vendor as a whole.
 */
final class RejectionProblems {

    /**
     * The model may apply a participant a little after Cyclone logged about its endpoints (different
     * threads): a participant first seen this much after a rejection may still have sent it.
     */
    static final Duration SLACK = Duration.ofSeconds(2);

    /** The problem about each silent participant that rejections are attributed to. */
    final Map<Guid, Problem> byParticipant = new HashMap<>();
    /** Rejections with no silent suspect, one problem per vendor and kind of data. */
    final List<Problem> unattributed = new ArrayList<>();

    /** Who may have sent the rejected announcements and which of them are silent. */
    private record Tally(List<RejectionLog.Entry> entries, boolean ambiguous) {
    }

    private RejectionProblems() {
    }

    static RejectionProblems find(List<Participant> participants, Map<Guid, List<Endpoint>> byParticipant,
            List<RejectionLog.Entry> rejections) {
        RejectionProblems out = new RejectionProblems();
        if (rejections.isEmpty()) {
            return out;
        }
        Map<Integer, List<Participant>> byVendor = new HashMap<>();
        for (Participant p : participants) {
            if (p.known() && !p.hidden()) {
                byVendor.computeIfAbsent(p.vendor().id(), k -> new ArrayList<>()).add(p);
            }
        }
        Map<Guid, List<RejectionLog.Entry>> attributed = new LinkedHashMap<>();
        Set<Guid> ambiguous = new java.util.HashSet<>();
        Map<String, List<RejectionLog.Entry>> rest = new LinkedHashMap<>();
        for (RejectionLog.Entry r : rejections) {
            List<Participant> senders = new ArrayList<>();
            for (Participant p : byVendor.getOrDefault(r.what().vendor().id(), List.of())) {
                if (p.alive() && !p.firstSeen().isAfter(r.at().plus(SLACK))) {
                    senders.add(p);
                }
            }
            boolean participantData = r.what().kind() == null;
            if (senders.isEmpty() && !participantData) {
                continue; // every participant of that vendor present then is gone, and its endpoints with it
            }
            List<Participant> silent = senders.stream()
                    .filter(p -> byParticipant.getOrDefault(p.guid(), List.of()).isEmpty()).toList();
            if (silent.isEmpty() || participantData) {
                rest.computeIfAbsent(r.what().vendor().idText() + " " + r.what().what(), k -> new ArrayList<>()).add(r);
                continue;
            }
            for (Participant p : silent) {
                attributed.computeIfAbsent(p.guid(), k -> new ArrayList<>()).add(r);
                if (silent.size() > 1) {
                    ambiguous.add(p.guid());
                }
            }
        }
        Map<Guid, Participant> index = new HashMap<>();
        participants.forEach(p -> index.put(p.guid(), p));
        attributed.forEach((g, entries) -> out.byParticipant.put(g,
                attributedProblem(index.get(g), new Tally(entries, ambiguous.contains(g)))));
        rest.values().forEach(entries -> out.unattributed.add(unattributedProblem(entries)));
        return out;
    }

    private static Problem attributedProblem(Participant p, Tally t) {
        RejectedAnnouncement first = t.entries().get(0).what();
        String from = t.ambiguous()
                ? " from " + first.vendor().name() + " participants while participant " + ProblemFinder.describe(p, false)
                        + " was present without endpoints (Cyclone's log does not say which participant sent them)"
                : " from " + first.vendor().name() + " participant " + ProblemFinder.describe(p, false);
        String text = first.receiver() + " rejected " + counted(t.entries()) + from + ": " + reasons(t.entries())
                + ", so these endpoints are invisible here." + fixes(t.entries());
        String brief = first.vendor().name() + " participant " + ProblemFinder.shortName(p) + ": " + counted(t.entries())
                + " rejected" + (t.ambiguous() ? " (probably)" : "") + ", endpoints invisible";
        return new Problem(Kind.DISCOVERY_UNREADABLE, Severity.WARNING, p.guid().toString(), text,
                t.entries().get(0).at(), brief);
    }

    private static Problem unattributedProblem(List<RejectionLog.Entry> entries) {
        RejectedAnnouncement first = entries.get(0).what();
        Instant last = entries.get(entries.size() - 1).at();
        String what = first.kind() == null ? first.what() + "s" : "endpoints";
        String text = first.receiver() + " rejected " + counted(entries) + " from " + first.vendor().name()
                + " participants in this domain (last at " + last + "): " + reasons(entries) + ", so these " + what
                + " are invisible here." + fixes(entries);
        String brief = first.vendor().name() + " participants: " + counted(entries) + " rejected, " + what
                + " invisible";
        return new Problem(Kind.DISCOVERY_UNREADABLE, Severity.WARNING, null, text, entries.get(0).at(), brief);
    }

    /** "1 writer and 1 reader announcement", "3 writer announcements". */
    static String counted(List<RejectionLog.Entry> entries) {
        Map<String, Integer> counts = new LinkedHashMap<>();
        for (String w : List.of("writer", "reader", "participant", "topic", "discovery")) {
            counts.put(w, 0);
        }
        entries.forEach(e -> counts.merge(e.what().what(), 1, Integer::sum));
        List<String> parts = new ArrayList<>();
        boolean plural = false;
        for (var c : counts.entrySet()) {
            if (c.getValue() > 0) {
                parts.add(c.getValue() + " " + c.getKey());
                plural |= c.getValue() > 1;
            }
        }
        return String.join(" and ", parts) + " announcement" + (plural ? "s" : "");
    }

    private static String reasons(List<RejectionLog.Entry> entries) {
        Set<String> reasons = new LinkedHashSet<>();
        entries.forEach(e -> reasons.add(e.what().reason()));
        return String.join("; ", reasons);
    }

    private static String fixes(List<RejectionLog.Entry> entries) {
        Set<String> fixes = new LinkedHashSet<>();
        for (RejectionLog.Entry e : entries) {
            String f = e.what().fix();
            if (f != null) {
                fixes.add(" " + f);
            }
        }
        return String.join("", fixes);
    }
}
