package org.ddstuner.cli;

import java.io.PrintStream;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Collectors;

import org.ddstuner.dds.Qos;
import org.ddstuner.dds.Guid;
import org.ddstuner.system.Endpoint;
import org.ddstuner.system.Match;
import org.ddstuner.system.NameFilter;
import org.ddstuner.system.Participant;
import org.ddstuner.system.PartitionInfo;
import org.ddstuner.system.Problem;
import org.ddstuner.system.SystemSnapshot;
import org.ddstuner.system.Topic;
import org.ddstuner.system.match.MismatchReason;

/** Plain-text rendering of a snapshot for the terminal. */
final class TextReport {

    private TextReport() {
    }

    static void full(SystemSnapshot s, NameFilter filter, PrintStream out) {
        List<Participant> parts = s.participants().stream().filter(filter::matches).toList();
        out.println("PARTICIPANTS (" + parts.size() + ")");
        for (Participant p : parts) {
            out.printf("  %-24s %-22s host=%s process=%s %s%s%n", p.displayName(), p.vendor().name(),
                    p.process().hostText(), p.process().processText(), p.guid(),
                    p.alive() ? "" : " GONE since " + p.goneSince());
        }
        List<Endpoint> eps = s.endpoints().stream().filter(filter::matches)
                .sorted(Comparator.comparing(Endpoint::topicName).thenComparing(e -> e.kind().name())).toList();
        out.println("ENDPOINTS (" + eps.size() + ")");
        for (Endpoint e : eps) {
            String owner = s.participant(e.participantGuid()).map(Participant::displayName).orElse("?");
            int matched = s.matchSummaryOf(e.guid()).matched();
            out.printf("  %-6s %-20s %-26s partitions=%s %s participant=%s matched=%d%s%n", e.kind(), e.topicName(),
                    e.typeName(), partitions(e.partitions()), qosSummary(e.qos()), owner, matched, e.alive() ? "" : " GONE");
        }
        List<Topic> topics = s.topics().stream().filter(filter::matches).toList();
        out.println("TOPICS (" + topics.size() + ")");
        for (Topic t : topics) {
            out.printf("  %-20s types=%s writers=%d readers=%d%n", t.name(), t.typeNames(), t.writers().size(),
                    t.readers().size());
        }
        List<PartitionInfo> partitions = s.partitions().stream().filter(filter::matches).toList();
        out.println("PARTITIONS (" + partitions.size() + ")");
        for (PartitionInfo p : partitions) {
            out.printf("  %-20s declared by %s, reached by %d%n", p.displayName(), count(p.declaredBy().size(), "endpoint"),
                    p.reachedBy().size());
        }
        mismatches(s, eps, out);
        List<Problem> problems = s.problems().stream()
                .filter(p -> filter.isAll() || filter.test(p.subject()) || filter.test(p.message())).toList();
        out.println("PROBLEMS (" + problems.size() + ")");
        for (Problem p : problems) {
            out.printf("  %-7s %s%n", p.severity(), p.message());
        }
    }

    /**
     * Every reader/writer pair on a topic that does not match (with one of {@code shown} on it): who, the
     * reasons in few words, then each reason in full with its fix.
     */
    private static void mismatches(SystemSnapshot s, List<Endpoint> shown, PrintStream out) {
        var kept = shown.stream().map(Endpoint::guid).collect(Collectors.toSet());
        List<Match> pairs = s.matches().stream().filter(m -> !m.matched())
                .filter(m -> kept.contains(m.reader()) || kept.contains(m.writer())).toList();
        out.println("MISMATCHES (" + pairs.size() + ")");
        for (Match m : pairs) {
            out.printf("  %s writer → %s reader on \"%s\": %s%n", owner(s, m.writer()), owner(s, m.reader()),
                    m.topicName(), MismatchReason.shortTexts(m.reasons()));
            for (MismatchReason r : m.reasons()) {
                out.println("      " + r.fullText());
            }
        }
    }

    /** The display name of the endpoint's participant, or the endpoint's GUID when it is not in the snapshot. */
    private static String owner(SystemSnapshot s, Guid endpoint) {
        return s.endpoint(endpoint).flatMap(e -> s.participant(e.participantGuid())).map(Participant::displayName)
                .orElse(endpoint.toString());
    }

    /** "1 endpoint", "3 endpoints". */
    static String count(long n, String noun) {
        return count(n, noun, noun + "s");
    }

    static String count(long n, String singular, String plural) {
        return n + " " + (n == 1 ? singular : plural);
    }

    /** [sensors, (default)]: the default partition is the empty name, shown readably. */
    static String partitions(List<String> names) {
        return names.stream().map(n -> n.isEmpty() ? "(default)" : n).collect(Collectors.joining(", ", "[", "]"));
    }

    /** The policies people look at first, compactly. */
    static String qosSummary(Qos q) {
        return q.setPolicies().entrySet().stream()
                .filter(e -> List.of("reliability", "durability", "history", "deadline", "ownership")
                        .contains(e.getKey()))
                .map(e -> e.getKey() + "=" + shortValue(e.getValue())).collect(Collectors.joining(" "));
    }

    private static String shortValue(Object v) {
        return switch (v) {
            case Qos.Reliability r -> r.kind().name();
            case Qos.Durability d -> d.kind().name();
            case Qos.History h -> h.kind() == Qos.HistoryKind.KEEP_LAST ? "KEEP_LAST(" + h.depth() + ")" : "KEEP_ALL";
            case Qos.Deadline d -> Qos.isInfinite(d.period()) ? "inf" : d.period().toString();
            case Qos.Ownership o -> o.kind().name();
            default -> String.valueOf(v);
        };
    }
}
