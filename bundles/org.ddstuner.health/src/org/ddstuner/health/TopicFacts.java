package org.ddstuner.health;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import org.ddstuner.system.Endpoint;
import org.ddstuner.system.Participant;
import org.ddstuner.system.SystemSnapshot;

/**
 * What discovery says about a topic's writers at one tick: who writes it (applications only, not DDS Tuners) and
 * with which types. A participant pattern of a rule is matched against these writers' participants.
 */
public record TopicFacts(String topic, List<Writer> writers) {

    /** An alive application writer of the topic and its participant. */
    public record Writer(Endpoint endpoint, String participantGuid, String participantName, String processName) {

        boolean matches(Glob g) {
            return g.matchesAll() || g.matches(participantName) || g.matches(processName) || g.matches(participantGuid);
        }
    }

    public static TopicFacts of(SystemSnapshot s, String topic) {
        List<Writer> out = new ArrayList<>();
        for (Endpoint e : s.endpoints()) {
            if (e.isReader() || e.hidden() || !e.alive() || !e.topicName().equals(topic)) {
                continue;
            }
            Participant p = s.participant(e.participantGuid()).orElse(null);
            out.add(new Writer(e, e.participantGuid().toString(), p == null ? null : p.displayName(),
                    p == null ? null : p.process().processName()));
        }
        return new TopicFacts(topic, out);
    }

    /** The writers whose participant matches {@code g}. */
    public List<Writer> writersOf(Glob g) {
        return writers.stream().filter(w -> w.matches(g)).toList();
    }

    /** The type names the writers announce. */
    public Set<String> typeNames() {
        Set<String> t = new TreeSet<>();
        writers.forEach(w -> t.add(w.endpoint().typeName()));
        return t;
    }
}
