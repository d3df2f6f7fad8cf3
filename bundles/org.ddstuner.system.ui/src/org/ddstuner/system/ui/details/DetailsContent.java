package org.ddstuner.system.ui.details;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.ddstuner.connection.SystemConnection;
import org.ddstuner.dds.Guid;
import org.ddstuner.dds.Qos;
import org.ddstuner.system.ToolMarker;
import org.ddstuner.system.Endpoint;
import org.ddstuner.system.Match;
import org.ddstuner.system.Participant;
import org.ddstuner.system.PartitionInfo;
import org.ddstuner.system.SystemSnapshot;
import org.ddstuner.system.Topic;
import org.ddstuner.system.match.MismatchReason;
import org.ddstuner.system.ui.Messages;
import org.ddstuner.system.ui.live.EntityRef;
import org.ddstuner.system.ui.live.LiveConnection;
import org.ddstuner.system.ui.tree.Labels;

/**
 * What the Details view shows for one entity, computed from the connection's latest snapshot:
 * a title, property rows, the QoS policies that are set, the reader/writer pairs it takes part in
 * (for a reader or writer: every peer on its topic) with the verdict and, when they do not match, the
 * reasons, and a summary that spells those reasons out in full.
 *
 * @param summary what the explanation pane shows while no row is selected: for anything with pairs,
 *                which of them match and, in full, why the others do not
 */
public record DetailsContent(String title, List<Row> properties, List<Row> qos, List<MatchRow> matches,
        String summary) {

    /** Most pairs spelled out in a summary; a participant with thousands of endpoints would drown it. */
    private static final int SUMMARY_PAIRS = 40;

    public record Row(String name, String value) {

        /** The full text of this row, for the explanation pane. */
        public String fullText() {
            return name + "\n" + value;
        }
    }

    /**
     * One reader/writer pair.
     *
     * @param peer the other endpoint ("reader of Logger [sensors]"), or both ends for a topic or participant
     * @param guid the GUID of the other endpoint (of the reader for a pair seen from a topic or participant)
     * @param why  the reasons they do not match; empty when they do
     */
    public record MatchRow(String peer, String guid, String verdict, List<MismatchReason> why) {

        public MatchRow {
            why = List.copyOf(why);
        }

        public boolean matched() {
            return why.isEmpty();
        }

        /** The reasons in few words on one line, for the table ("durability: reader TRANSIENT_LOCAL > writer VOLATILE"). */
        public String reasons() {
            return MismatchReason.shortTexts(why);
        }

        /** Peer, verdict, GUID and every reason on a line of its own, for the explanation pane. */
        public String fullText() {
            StringBuilder b = new StringBuilder(peer).append(" — ").append(verdict).append("\nGUID ").append(guid);
            if (!why.isEmpty()) {
                b.append("\n\n").append(Messages.WHY_NOT_HEADING);
                why.forEach(r -> b.append("\n  • ").append(r.fullText()));
            }
            return b.toString();
        }
    }

    public static DetailsContent empty() {
        return new DetailsContent(Messages.DETAILS_EMPTY, List.of(), List.of(), List.of(), "");
    }

    public static DetailsContent of(EntityRef ref) {
        if (ref == null) {
            return empty();
        }
        Object entity = ref.resolve().orElse(null);
        SystemSnapshot s = ref.connection().snapshot();
        return switch (entity) {
            case Endpoint e -> endpoint(ref.connection(), s, e);
            case Participant p -> participant(ref.connection(), s, p);
            case Topic t -> topic(ref.connection(), s, t);
            case PartitionInfo p -> partition(ref.connection(), p);
            case LiveConnection c -> connection(c);
            case null, default -> new DetailsContent(String.format(Messages.DETAILS_GONE, ref.key()), List.of(),
                    List.of(), List.of(), "");
        };
    }

    private static DetailsContent endpoint(LiveConnection c, SystemSnapshot s, Endpoint e) {
        List<Row> rows = new ArrayList<>();
        rows.add(new Row("Kind", e.kind().text()));
        rows.add(new Row("Topic", e.topicName()));
        rows.add(new Row("Type name", e.typeName()));
        rows.add(new Row("Type information", e.hasTypeInformation() ? Messages.PRESENT : Messages.NOT_PRESENT));
        rows.add(new Row("GUID", e.guid().toString()));
        rows.add(new Row("Participant", Labels.participantName(s, e)));
        rows.add(new Row("Participant GUID", e.participantGuid().toString()));
        rows.add(new Row("Partitions", Labels.partitions(e.partitions())));
        rows.add(new Row("Data representation", String.join(", ", e.dataRepresentationNames())));
        if (e.name() != null) {
            rows.add(new Row("Entity name", e.name()));
        }
        rows.add(new Row("Own (DDS Tuner)", e.own() ? Messages.YES : Messages.NO));
        if (e.tool() && !e.own()) {
            var owner = s.participant(e.participantGuid());
            if (owner.isPresent() && ToolMarker.isAgent(owner.get().qos())) {
                rows.add(new Row("DDS Tuner agent", Messages.YES + " (a control endpoint of the agent inside "
                        + owner.get().process().processText() + "; hidden like our own)"));
            } else {
                rows.add(new Row("Another DDS Tuner", Messages.YES + " (its participant says so in its USER_DATA)"));
            }
        }
        rows.add(new Row("First seen", Labels.time(e.firstSeen())));
        if (!e.alive()) {
            rows.add(new Row("Gone since", Labels.time(e.goneSince())));
        }
        rows.add(new Row("Connection", c.label()));
        List<MatchRow> matches = new ArrayList<>();
        for (Match m : s.matchesOf(e.guid())) {
            var peerGuid = e.isReader() ? m.writer() : m.reader();
            matches.add(new MatchRow(endpointText(s, peerGuid), peerGuid.toString(),
                    m.matched() ? Messages.MATCHED : Messages.NOT_MATCHED, m.reasons()));
        }
        String title = e.kind().text() + " on \"" + e.topicName() + "\" of " + Labels.participantName(s, e)
                + Labels.goneSuffix(e.goneSince());
        String peer = e.isReader() ? "writer" : "reader";
        String summary = matches.isEmpty()
                ? String.format(Messages.SUMMARY_NO_PEERS, peer + "s", e.topicName())
                : summarise(String.format(Messages.SUMMARY_ENDPOINT, count(matches),
                        Labels.count(matches.size(), peer), e.topicName()), matches);
        return new DetailsContent(title, rows, qosRows(e.qos(), QosChangeNotes.of(e.guid())), sorted(matches), summary);
    }

    /** "reader of Logger [sensors]", or the GUID of an endpoint no longer in the snapshot. */
    private static String endpointText(SystemSnapshot s, Guid guid) {
        return s.endpoint(guid).map(p -> p.kind().text() + " of " + Labels.participantName(s, p) + " "
                + Labels.partitions(p.partitions())).orElse(guid.toString());
    }

    /** "Logger [sensors]": whose endpoint, in which partitions (the side is said by the column). */
    private static String ownerText(SystemSnapshot s, Guid guid) {
        return s.endpoint(guid).map(p -> Labels.participantName(s, p) + " " + Labels.partitions(p.partitions()))
                .orElse(guid.toString());
    }

    /** Every pair with one of {@code ends} on it, each once, as "A [p] → B [q]" (writer → reader). */
    private static List<MatchRow> pairs(SystemSnapshot s, List<Guid> ends) {
        Set<Match> seen = new LinkedHashSet<>();
        for (Guid g : ends) {
            seen.addAll(s.matchesOf(g));
        }
        List<MatchRow> rows = new ArrayList<>(seen.size());
        for (Match m : seen) {
            rows.add(new MatchRow(ownerText(s, m.writer()) + " → " + ownerText(s, m.reader()),
                    m.reader().toString(), m.matched() ? Messages.MATCHED : Messages.NOT_MATCHED, m.reasons()));
        }
        return sorted(rows);
    }

    /** Pairs that do not match first: they are what people open Details for. */
    private static List<MatchRow> sorted(List<MatchRow> rows) {
        List<MatchRow> out = new ArrayList<>(rows);
        out.sort(Comparator.comparing(MatchRow::matched));
        return out;
    }

    private static long count(List<MatchRow> rows) {
        return rows.stream().filter(MatchRow::matched).count();
    }

    /** {@code headline}, then every pair that does not match with its reasons in full. */
    private static String summarise(String headline, List<MatchRow> rows) {
        return summarise(headline, rows, Messages.SUMMARY_NO_MATCH);
    }

    /** @param noMatch how a pair that does not match is introduced, "%s" being its peer text */
    private static String summarise(String headline, List<MatchRow> rows, String noMatch) {
        StringBuilder b = new StringBuilder(headline);
        int shown = 0;
        for (MatchRow r : rows) {
            if (r.matched()) {
                continue;
            }
            if (shown++ == SUMMARY_PAIRS) {
                b.append("\n\n").append(String.format(Messages.SUMMARY_MORE,
                        rows.size() - count(rows) - SUMMARY_PAIRS));
                break;
            }
            b.append("\n\n").append(String.format(noMatch, r.peer()));
            // the sentence only: the summary is read at a glance, the fix is in the selected pair's text
            r.why().forEach(w -> b.append("\n  • ").append(w.explanation()));
        }
        return b.toString();
    }

    private static DetailsContent participant(LiveConnection c, SystemSnapshot s, Participant p) {
        List<Row> rows = new ArrayList<>();
        rows.add(new Row("Name", p.displayName()));
        rows.add(new Row("GUID", p.guid().toString()));
        rows.add(new Row("Vendor", p.vendor().name() + " (" + p.vendor().idText() + ")"));
        rows.add(new Row("Host", p.process().hostText()));
        rows.add(new Row("Process", p.process().processText()));
        if (p.process().user() != null) {
            rows.add(new Row("User", p.process().user()));
        }
        if (!p.process().addresses().isEmpty()) {
            rows.add(new Row("Addresses", String.join(", ", p.process().addresses())));
        }
        List<Endpoint> eps = s.endpointsOf(p.guid());
        long readers = eps.stream().filter(Endpoint::isReader).count();
        rows.add(new Row("Writers", Long.toString(eps.size() - readers)));
        rows.add(new Row("Readers", Long.toString(readers)));
        rows.add(new Row("Discovered", p.known() ? Messages.YES : Messages.NO + " (known only through its endpoints)"));
        rows.add(new Row("Own (DDS Tuner)", p.own() ? Messages.YES : Messages.NO));
        if (p.tool() && !p.own() && ToolMarker.isAgent(p.qos())) {
            rows.add(new Row("DDS Tuner agent", Messages.YES + " (the agent's participant inside "
                    + p.process().processText() + "; its USER_DATA says so; hidden like our own)"));
        } else if (p.tool() && !p.own()) {
            rows.add(new Row("Another DDS Tuner", Messages.YES + " (its USER_DATA says so; hidden like our own)"));
        }
        rows.add(new Row("First seen", Labels.time(p.firstSeen())));
        if (!p.alive()) {
            rows.add(new Row("Gone since", Labels.time(p.goneSince())));
        }
        rows.add(new Row("Connection", c.label()));
        List<MatchRow> pairs = pairs(s, eps.stream().map(Endpoint::guid).toList());
        String summary = pairs.isEmpty() ? "" : summarise(String.format(Messages.SUMMARY_PAIRS, count(pairs),
                pairs.size(), "of its endpoints"), pairs, Messages.SUMMARY_PAIR_NO_MATCH);
        return new DetailsContent("participant " + p.displayName() + Labels.goneSuffix(p.goneSince()), rows,
                qosRows(p.qos()), pairs, summary);
    }

    private static DetailsContent topic(LiveConnection c, SystemSnapshot s, Topic t) {
        List<Row> rows = new ArrayList<>();
        rows.add(new Row("Name", t.name()));
        rows.add(new Row("Type names", String.join(", ", t.typeNames())));
        rows.add(new Row("Writers", Integer.toString(t.writers().size())));
        rows.add(new Row("Readers", Integer.toString(t.readers().size())));
        List<String> notes = new ArrayList<>();
        if (t.writers().isEmpty() || t.readers().isEmpty()) {
            notes.add(t.writers().isEmpty() ? Messages.TOPIC_NOTE_NO_WRITERS : Messages.TOPIC_NOTE_NO_READERS);
        }
        if (t.hasConflictingTypeNames()) {
            notes.add(String.format(Messages.TOPIC_NOTE_TYPES, String.join(", ", t.typeNames())));
        }
        notes.forEach(n -> rows.add(new Row("Note", n)));
        rows.add(new Row("Connection", c.label()));
        List<MatchRow> pairs = pairs(s, t.writers());
        StringBuilder summary = new StringBuilder();
        notes.forEach(n -> summary.append(summary.isEmpty() ? "" : "\n").append(n).append('.'));
        if (!pairs.isEmpty()) {
            summary.append(summary.isEmpty() ? "" : "\n\n").append(summarise(String.format(Messages.SUMMARY_PAIRS,
                    count(pairs), pairs.size(), "on \"" + t.name() + "\""), pairs, Messages.SUMMARY_PAIR_NO_MATCH));
        }
        return new DetailsContent("topic " + t.name(), rows, List.of(), pairs, summary.toString());
    }

    private static DetailsContent partition(LiveConnection c, PartitionInfo p) {
        List<Row> rows = new ArrayList<>();
        rows.add(new Row("Name", p.displayName()));
        rows.add(new Row("Pattern", p.isPattern() ? Messages.YES : Messages.NO));
        rows.add(new Row("Declared by", p.declaredBy().size() + " endpoints"));
        rows.add(new Row("Shared with", p.reachedBy().size() + " endpoints (including matching patterns)"));
        rows.add(new Row("Connection", c.label()));
        return new DetailsContent("partition " + p.displayName(), rows, List.of(), List.of(), "");
    }

    private static DetailsContent connection(LiveConnection c) {
        List<Row> rows = new ArrayList<>();
        rows.add(new Row("Connection", c.label()));
        if (c.isLocal()) {
            var profile = c.connection().profile();
            rows.add(new Row("Profile", profile.name()));
            rows.add(new Row("Domain id", Integer.toString(profile.domainId())));
            rows.add(new Row("Configuration", profile.configKind().name().toLowerCase().replace('_', ' ')));
            if (!profile.peers().isEmpty()) {
                rows.add(new Row("Peers", String.join(", ", profile.peers())));
            }
        } else {
            var system = c.system();
            var link = c.link();
            rows.add(new Row("Profile", system.name()));
            rows.add(new Row("Through", system.summary()));
            rows.add(new Row("Link", link.state().name().toLowerCase() + LiveConnection.linkNote(link)
                    + (link.reason() != null && link.state() != SystemConnection.LinkState.REFUSED
                            ? " (" + link.reason() + ")" : "")));
            for (SystemConnection.Capability cap : SystemConnection.Capability.values()) {
                if (!system.can(cap)) {
                    rows.add(new Row("Not available", cap.text()));
                }
            }
        }
        SystemSnapshot s = c.snapshot();
        rows.add(new Row("Participants", Integer.toString(s.participants().size())));
        rows.add(new Row("Endpoints", Integer.toString(s.endpoints().size())));
        rows.add(new Row("Topics", Integer.toString(s.topics().size())));
        rows.add(new Row("Problems", Integer.toString(s.problems().size())));
        return new DetailsContent("connection " + c.label(), rows, List.of(), List.of(), "");
    }

    static List<Row> qosRows(Qos qos) {
        return qosRows(qos, Map.of());
    }

    /** @param changed policy → "old → new" of an own entity tuned this session (shown instead of the value) */
    static List<Row> qosRows(Qos qos, Map<String, String> changed) {
        List<Row> rows = new ArrayList<>();
        for (Map.Entry<String, Object> p : qos.setPolicies().entrySet()) {
            String note = changed.get(p.getKey());
            rows.add(new Row(p.getKey(), note != null ? note + Messages.CHANGED_THIS_SESSION
                    : QosText.format(p.getValue())));
        }
        if (rows.isEmpty()) {
            rows.add(new Row(Messages.NOT_SET, ""));
        }
        return rows;
    }
}
