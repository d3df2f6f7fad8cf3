package org.ddstuner.health;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.ddstuner.dds.Guid;
import org.ddstuner.system.Participant;
import org.ddstuner.system.SystemSnapshot;

/**
 * Decides whether an agent-statistics rule ({@link Condition#fromAgent()}) holds, per topic: the growth of the
 * counter over the rule's window, summed over the application endpoints of that topic whose participant matches
 * the rule, compared with the threshold.
 */
final class AgentRuleCheck {

    /** A rule that holds on a topic: why, and whose endpoints. */
    record Finding(String topic, String detail, Set<String> participantGuids, Set<String> participantNames) {
    }

    private AgentRuleCheck() {
    }

    static List<Finding> check(Rule r, AgentStatsWatch stats, SystemSnapshot s, long now) {
        boolean writers = r.condition() != Condition.READER_DISCARDED;
        Map<String, List<AgentStatsWatch.Endpoint>> byTopic = new LinkedHashMap<>();
        Map<String, Participant> owners = new LinkedHashMap<>();
        for (AgentStatsWatch.Endpoint e : stats.endpoints()) {
            if (e.isWriter() != writers || !r.topic().matches(e.topic)) {
                continue;
            }
            Participant p = participant(s, e.guid);
            String name = p == null ? null : p.displayName();
            String process = p == null ? null : p.process().processName();
            String pguid = p == null ? null : p.guid().toString();
            if (!r.participant().matchesAll() && !r.participant().matches(name) && !r.participant().matches(process)
                    && !r.participant().matches(pguid)) {
                continue;
            }
            byTopic.computeIfAbsent(e.topic, k -> new ArrayList<>()).add(e);
            if (p != null) {
                owners.put(e.guid, p);
            }
        }
        List<Finding> out = new ArrayList<>();
        double secs = r.window().toNanos() / 1e9;
        String win = RuleCheck.seconds(r.window().toNanos()) + " s";
        byTopic.forEach((topic, eps) -> {
            String detail = switch (r.condition()) {
                case RETRANSMIT_RATE -> {
                    long bytes = sum(eps, "rexmit_bytes", r, now);
                    double rate = bytes / secs;
                    yield bytes > 0 && rate >= r.threshold() ? String.format(
                            "%.0f bytes/s retransmitted over the last %s (%d bytes, %d writer(s); readers NACKed lost "
                                    + "packets)", rate, win, bytes, eps.size()) : null;
                }
                case THROTTLING -> {
                    long n = sum(eps, "throttle_count", r, now);
                    long blocked = sum(eps, "time_throttle", r, now);
                    yield n >= Math.max(1, r.threshold()) ? String.format(
                            "writer throttled %d time(s) in the last %s, blocked %.0f ms (history full of "
                                    + "unacknowledged samples: a reader is slow or stopped)", n, win, blocked / 1e6)
                            : null;
                }
                case READER_DISCARDED -> {
                    long bytes = sum(eps, "discarded_bytes", r, now);
                    yield bytes >= Math.max(1, r.threshold()) ? bytes + " byte(s) discarded by the application's "
                            + "reader(s) in the last " + win : null;
                }
                default -> null;
            };
            if (detail != null) {
                Set<String> guids = new LinkedHashSet<>();
                Set<String> names = new LinkedHashSet<>();
                for (AgentStatsWatch.Endpoint e : eps) {
                    Participant p = owners.get(e.guid);
                    guids.add(p != null ? p.guid().toString() : e.guid);
                    names.add(p != null && p.displayName() != null ? p.displayName() : "agent " + e.agent);
                }
                out.add(new Finding(topic, detail, guids, names));
            }
        });
        return out;
    }

    private static long sum(List<AgentStatsWatch.Endpoint> eps, String counter, Rule r, long now) {
        long t = 0;
        for (AgentStatsWatch.Endpoint e : eps) {
            t += e.growth(counter, r.window(), now);
        }
        return t;
    }

    private static Participant participant(SystemSnapshot s, String endpointGuid) {
        try {
            return s.participant(Guid.parse(endpointGuid).participantGuid()).orElse(null);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }
}
