package org.ddstuner.system.ui.tree;

import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Set;

import org.ddstuner.dds.Guid;
import org.ddstuner.system.Endpoint;
import org.ddstuner.system.MatchSummary;
import org.ddstuner.system.Participant;
import org.ddstuner.system.SystemSnapshot;
import org.ddstuner.system.Vendor;
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

    /**
     * " · Fast DDS" after a participant of another vendor than Cyclone DDS (the one this tool is built on and
     * most systems it looks at use), "" for Cyclone: the vendor's short name, without the company.
     */
    public static String vendorTag(Vendor v) {
        if (v.id() == Vendor.CYCLONE) {
            return "";
        }
        String name = v.name();
        int company = name.indexOf(" (");
        return Fmt.fill(Messages.VENDOR_TAG, company > 0 ? name.substring(0, company) : name);
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

    /** "Local demo (domain 77) — 6 participants, 11 endpoints": the living ones. */
    public static String connectionSummary(org.ddstuner.system.ui.live.LiveConnection c, SystemSnapshot s) {
        return connectionSummary(c.label(), s);
    }

    /**
     * The same for a connection named {@code label}. Lost participants and endpoints are counted on the rows
     * below that show them (host, process, topic, partition), not here: the root row is the first one the
     * System view would cut at its default width.
     */
    public static String connectionSummary(String label, SystemSnapshot s) {
        long participants = 0;
        for (Participant p : s.participants()) {
            participants += p.alive() ? 1 : 0;
        }
        long endpoints = 0;
        for (Endpoint e : s.endpoints()) { // a plain loop: 20,000 endpoints on every refresh
            endpoints += e.alive() ? 1 : 0;
        }
        return Fmt.fill(Messages.CONNECTION_SUMMARY, label, count(participants, "participant"),
                count(endpoints, "endpoint"));
    }

    /** Whether a view leaves {@code e} out: lost with a participant of the {@link GoneTrail}. */
    public static boolean inTrail(Endpoint e, Set<Guid> trail) {
        return !e.alive() && !trail.isEmpty() && trail.contains(e.participantGuid());
    }

    /**
     * "1 writer", or "1 writer (+3 gone)" while lost ones are still shown: a participant that comes and
     * goes would otherwise look like many writers.
     */
    public static String count(long alive, long gone, String noun) {
        return count(alive, noun) + (gone > 0 ? Fmt.fill(Messages.PLUS_GONE, gone) : "");
    }

    /** Alive and lost endpoints among {@code guids}, as {@link #count(long, long, String)} puts them. */
    public static String countEndpoints(SystemSnapshot s, List<Guid> guids, Set<Guid> trail, String noun) {
        long alive = 0;
        long gone = 0;
        for (Guid g : guids) { // a plain loop: runs for every endpoint of a changed topic
            Endpoint e = s.endpoint(g).orElse(null);
            if (e == null || e.alive()) {
                alive++;
            } else if (!trail.contains(e.participantGuid())) {
                gone++;
            }
        }
        return count(alive, gone, noun);
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
