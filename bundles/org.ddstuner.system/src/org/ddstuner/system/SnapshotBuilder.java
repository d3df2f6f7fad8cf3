package org.ddstuner.system;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import org.ddstuner.dds.Guid;
import org.ddstuner.system.match.PartitionMatcher;

/**
 * Turns the copies taken under the model's lock into a {@link SystemSnapshot}: filters the tool's own
 * entities, derives topics and partitions, indexes matches, finds problems. Runs outside the lock.
 */
final class SnapshotBuilder {

    private static final Comparator<Participant> PARTICIPANT_ORDER = Comparator
            .comparing((Participant p) -> p.displayName().toLowerCase()).thenComparing(Participant::guid);
    private static final Comparator<Endpoint> ENDPOINT_ORDER = Comparator.comparing(Endpoint::topicName)
            .thenComparing(Endpoint::kind).thenComparing(Endpoint::guid);

    private SnapshotBuilder() {
    }

    static SystemSnapshot build(Instant now, boolean includeOwn, List<Participant> allParticipants,
            List<Endpoint> allEndpoints, List<Match> allMatches, List<Problem> reported, ModelOptions options) {
        List<Participant> participants = new ArrayList<>();
        for (Participant p : allParticipants) {
            if (includeOwn || !p.own()) {
                participants.add(p);
            }
        }
        participants.sort(PARTICIPANT_ORDER);
        List<Endpoint> endpoints = new ArrayList<>();
        Map<Guid, Endpoint> byGuid = new HashMap<>();
        for (Endpoint e : allEndpoints) {
            if (includeOwn || !e.own()) {
                endpoints.add(e);
                byGuid.put(e.guid(), e);
            }
        }
        endpoints.sort(ENDPOINT_ORDER);

        Map<Guid, List<Endpoint>> byParticipant = new HashMap<>();
        endpoints.forEach(e -> byParticipant.computeIfAbsent(e.participantGuid(), k -> new ArrayList<>()).add(e));
        byParticipant.replaceAll((k, v) -> Collections.unmodifiableList(v));

        List<Match> matches = new ArrayList<>();
        Map<Guid, List<Match>> matchesByEndpoint = new HashMap<>();
        for (Match m : allMatches) {
            if (byGuid.containsKey(m.reader()) && byGuid.containsKey(m.writer())) {
                matches.add(m);
                matchesByEndpoint.computeIfAbsent(m.reader(), k -> new ArrayList<>()).add(m);
                matchesByEndpoint.computeIfAbsent(m.writer(), k -> new ArrayList<>()).add(m);
            }
        }
        matchesByEndpoint.replaceAll((k, v) -> Collections.unmodifiableList(v));

        List<Topic> topics = topics(endpoints);
        List<PartitionInfo> partitions = partitions(endpoints);
        List<Problem> problems = ProblemFinder.find(now, participants, endpoints, byParticipant,
                matchesByEndpoint, reported, options);
        return new SystemSnapshot(now, includeOwn, participants, endpoints, topics, partitions, matches, problems,
                byParticipant, matchesByEndpoint);
    }

    private static List<Topic> topics(List<Endpoint> endpoints) {
        record Acc(Set<String> types, List<Guid> writers, List<Guid> readers) {
        }
        Map<String, Acc> byName = new TreeMap<>();
        for (Endpoint e : endpoints) {
            Acc a = byName.computeIfAbsent(e.topicName(), k -> new Acc(new TreeSet<>(), new ArrayList<>(),
                    new ArrayList<>()));
            a.types().add(e.typeName());
            (e.isReader() ? a.readers() : a.writers()).add(e.guid());
        }
        List<Topic> out = new ArrayList<>(byName.size());
        byName.forEach((name, a) -> out.add(new Topic(name, List.copyOf(a.types()), a.writers(), a.readers())));
        return out;
    }

    /** Declared names plus, for each, every endpoint reaching it through a pattern on either side. */
    private static List<PartitionInfo> partitions(List<Endpoint> endpoints) {
        Map<String, List<Guid>> declared = new TreeMap<>();
        for (Endpoint e : endpoints) {
            for (String p : new LinkedHashSet<>(e.partitions())) {
                declared.computeIfAbsent(p, k -> new ArrayList<>()).add(e.guid());
            }
        }
        List<PartitionInfo> out = new ArrayList<>(declared.size());
        for (var entry : declared.entrySet()) {
            String name = entry.getKey();
            Set<Guid> reached = new LinkedHashSet<>(entry.getValue());
            for (var other : declared.entrySet()) {
                if (other.getKey() != name && PartitionMatcher.namesMatch(name, other.getKey())) {
                    reached.addAll(other.getValue());
                }
            }
            out.add(new PartitionInfo(name, entry.getValue(), new ArrayList<>(reached)));
        }
        return out;
    }
}
