package org.ddstuner.system.ui.tree;

import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.List;

import org.ddstuner.system.Endpoint;
import org.ddstuner.system.Match;
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
        return goneSince == null ? "" : String.format(Messages.GONE_SINCE, time(goneSince));
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

    /** "Local demo (domain 77) — 6 participants, 11 endpoints". */
    public static String connectionSummary(org.ddstuner.system.ui.live.LiveConnection c, SystemSnapshot s) {
        return String.format(Messages.CONNECTION_SUMMARY, c.label(), count(s.participants().size(), "participant"),
                count(s.endpoints().size(), "endpoint"));
    }

    /** "1 writer", "3 writers". */
    public static String count(long n, String noun) {
        return n + " " + noun + (n == 1 ? "" : "s");
    }

    /** How a publisher/subscriber's partition set reads: "[sensors, control]" or "the default partition". */
    public static String groupPartitions(List<String> names) {
        return names.isEmpty() || names.equals(List.of("")) ? Messages.DEFAULT_PARTITION_ONLY : partitions(names);
    }

    /** An alive endpoint that has candidates or peers on its topic but matches none. */
    public static boolean unmatched(SystemSnapshot s, Endpoint e) {
        if (!e.alive()) {
            return false;
        }
        List<Match> ms = s.matchesOf(e.guid());
        return ms.stream().noneMatch(Match::matched);
    }

    public static String participantName(SystemSnapshot s, Endpoint e) {
        return s.participant(e.participantGuid()).map(p -> p.displayName()).orElse(e.participantGuid().toString());
    }
}
