package org.ddstuner.system.ui.tree;

import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.List;

import org.ddstuner.system.Endpoint;
import org.ddstuner.system.MatchSummary;
import org.ddstuner.system.SystemSnapshot;
import org.ddstuner.system.ui.Messages;

/** Small text helpers shared by the tree builders and the details. */
public final class Labels {

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss").withZone(ZoneId.systemDefault());

    private Labels() {
    }

    public static String time(Instant t) {
        return t == null ? "" : TIME.format(t);
    }

    /** " (gone since 12:34:56)" or "". */
    public static String goneSuffix(Instant goneSince) {
        return goneSince == null ? "" : Fmt.fill(Messages.GONE_SINCE, time(goneSince));
    }

    /** "[sensors, control]" or "[(default)]". */
    public static String partitions(List<String> names) {
        if (names.isEmpty()) {
            return "[" + Messages.DEFAULT_PARTITION + "]";
        }
        StringBuilder b = new StringBuilder("[");
        for (int i = 0; i < names.size(); i++) {
            b.append(i > 0 ? ", " : "").append(names.get(i).isEmpty() ? Messages.DEFAULT_PARTITION : names.get(i));
        }
        return b.append(']').toString();
    }

    /** "Local demo (domain 77) — 6 participants, 11 endpoints", lost ones counted apart. */
    public static String connectionSummary(org.ddstuner.system.ui.live.LiveConnection c, SystemSnapshot s) {
        return connectionSummary(c.label(), s);
    }

    /** The same for a connection named {@code label}. */
    public static String connectionSummary(String label, SystemSnapshot s) {
        long goneParticipants = s.participants().stream().filter(p -> !p.alive()).count();
        long goneEndpoints = s.endpoints().stream().filter(e -> !e.alive()).count();
        return Fmt.fill(Messages.CONNECTION_SUMMARY, label,
                count(s.participants().size() - goneParticipants, goneParticipants, "participant"),
                count(s.endpoints().size() - goneEndpoints, goneEndpoints, "endpoint"));
    }

    /**
     * "1 writer", or "1 writer (+3 gone)" while lost ones are still shown: a participant that comes and
     * goes would otherwise look like many writers.
     */
    public static String count(long alive, long gone, String noun) {
        return count(alive, noun) + (gone > 0 ? Fmt.fill(Messages.PLUS_GONE, gone) : "");
    }

    /** Alive and lost endpoints among {@code guids}, as {@link #count(long, long, String)} puts them. */
    public static String countEndpoints(SystemSnapshot s, List<org.ddstuner.dds.Guid> guids, String noun) {
        long gone = 0;
        for (org.ddstuner.dds.Guid g : guids) { // a plain loop: runs for every endpoint of a changed topic
            Endpoint e = s.endpoint(g).orElse(null);
            if (e != null && !e.alive()) {
                gone++;
            }
        }
        return count(guids.size() - gone, gone, noun);
    }

    /** "1 writer", "3 writers". */
    public static String count(long n, String noun) {
        return n + " " + noun + (n == 1 ? "" : "s");
    }

    /** How a publisher/subscriber's partition set reads: "[sensors, control]" or "the default partition". */
    public static String groupPartitions(List<String> names) {
        return names.isEmpty() || names.equals(List.of("")) ? Messages.DEFAULT_PARTITION_ONLY : partitions(names);
    }

    /** An alive endpoint that has candidates on its topic but matches none of them; O(1). */
    public static boolean unmatched(SystemSnapshot s, Endpoint e) {
        return e.alive() && s.matchSummaryOf(e.guid()).unmatched();
    }

    /** The summary the note and warning of an endpoint's row come from ({@link MatchSummary#NONE} when gone). */
    static MatchSummary summary(SystemSnapshot s, Endpoint e) {
        return e.alive() ? s.matchSummaryOf(e.guid()) : MatchSummary.NONE;
    }

    /** {@link #unmatched(SystemSnapshot, Endpoint)} from the endpoint's {@link #summary}. */
    static boolean unmatched(Endpoint e, MatchSummary m) {
        return e.alive() && m.unmatched();
    }

    /**
     * " — no match", " — no readers" (nobody on the other side), or "" for an endpoint that matches; O(1)
     * (the snapshot's summary, not one Match per pair).
     */
    public static String endpointNote(SystemSnapshot s, Endpoint e) {
        return endpointNote(e, summary(s, e));
    }

    /** {@link #endpointNote(SystemSnapshot, Endpoint)} from the endpoint's {@link #summary}: a constant. */
    static String endpointNote(Endpoint e, MatchSummary m) {
        if (!e.alive()) {
            return "";
        }
        if (m.candidates() == 0) {
            return e.isReader() ? Messages.TOPIC_NO_WRITERS : Messages.TOPIC_NO_READERS;
        }
        return m.matched() == 0 ? Messages.NO_MATCH : "";
    }

    public static String participantName(SystemSnapshot s, Endpoint e) {
        return s.participant(e.participantGuid()).map(p -> p.displayName()).orElse(e.participantGuid().toString());
    }
}
