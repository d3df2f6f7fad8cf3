package org.ddstuner.system;

import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.ddstuner.dds.Guid;

/**
 * An immutable, consistent picture of the model at one instant. Participants include placeholders
 * ({@link Participant#known()} false) for endpoints whose participant has not been seen, so every
 * endpoint has an owner to be shown under. Safe to share between threads.
 */
public final class SystemSnapshot {

    private final Instant takenAt;
    private final boolean includesOwn;
    private final List<Participant> participants;
    private final List<Endpoint> endpoints;
    private final List<Topic> topics;
    private final List<PartitionInfo> partitions;
    private final List<Match> matches;
    private final List<Problem> problems;
    private final Map<Guid, Participant> participantByGuid = new HashMap<>();
    private final Map<Guid, Endpoint> endpointByGuid = new HashMap<>();
    private final Map<Guid, List<Endpoint>> endpointsByParticipant;
    private final Map<Guid, List<Match>> matchesByEndpoint;
    private final Map<String, Topic> topicByName = new HashMap<>();

    SystemSnapshot(Instant takenAt, boolean includesOwn, List<Participant> participants, List<Endpoint> endpoints,
            List<Topic> topics, List<PartitionInfo> partitions, List<Match> matches, List<Problem> problems,
            Map<Guid, List<Endpoint>> endpointsByParticipant, Map<Guid, List<Match>> matchesByEndpoint) {
        this.takenAt = takenAt;
        this.includesOwn = includesOwn;
        this.participants = List.copyOf(participants);
        this.endpoints = List.copyOf(endpoints);
        this.topics = List.copyOf(topics);
        this.partitions = List.copyOf(partitions);
        this.matches = List.copyOf(matches);
        this.problems = List.copyOf(problems);
        this.endpointsByParticipant = endpointsByParticipant;
        this.matchesByEndpoint = matchesByEndpoint;
        participants.forEach(p -> participantByGuid.put(p.guid(), p));
        endpoints.forEach(e -> endpointByGuid.put(e.guid(), e));
        topics.forEach(t -> topicByName.put(t.name(), t));
    }

    public Instant takenAt() {
        return takenAt;
    }

    /** Whether the tool's own participants and endpoints are included. */
    public boolean includesOwn() {
        return includesOwn;
    }

    /** Sorted by display name, then GUID. */
    public List<Participant> participants() {
        return participants;
    }

    /** Sorted by topic, kind (readers first), GUID. */
    public List<Endpoint> endpoints() {
        return endpoints;
    }

    /** Sorted by name. */
    public List<Topic> topics() {
        return topics;
    }

    /** Sorted by name; the default partition "" first. */
    public List<PartitionInfo> partitions() {
        return partitions;
    }

    /** Every alive reader/writer pair on the same topic, matched or not. */
    public List<Match> matches() {
        return matches;
    }

    public List<Problem> problems() {
        return problems;
    }

    public Optional<Participant> participant(Guid guid) {
        return Optional.ofNullable(participantByGuid.get(guid));
    }

    public Optional<Endpoint> endpoint(Guid guid) {
        return Optional.ofNullable(endpointByGuid.get(guid));
    }

    public Optional<Topic> topic(String name) {
        return Optional.ofNullable(topicByName.get(name));
    }

    public List<Endpoint> endpointsOf(Guid participant) {
        return endpointsByParticipant.getOrDefault(participant, List.of());
    }

    /** The verdicts of one endpoint against every alive visible endpoint of the other side on its topic. */
    public List<Match> matchesOf(Guid endpoint) {
        return matchesByEndpoint.getOrDefault(endpoint, List.of());
    }

    /** The endpoints this one actually matches. */
    public List<Endpoint> matchedPeersOf(Guid endpoint) {
        return matchesOf(endpoint).stream().filter(Match::matched)
                .map(m -> endpointByGuid.get(m.reader().equals(endpoint) ? m.writer() : m.reader())).toList();
    }
}
