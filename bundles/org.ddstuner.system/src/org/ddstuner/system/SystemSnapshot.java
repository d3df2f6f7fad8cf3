package org.ddstuner.system;

import java.time.Instant;
import java.util.AbstractList;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.RandomAccess;

import org.ddstuner.dds.Guid;

/**
 * An immutable, consistent picture of the model at one instant. Participants include placeholders
 * ({@link Participant#known()} false) for endpoints whose participant has not been seen, so every
 * endpoint has an owner to be shown under. Safe to share between threads.
 *
 * <p>Cheap to take at 20,000 endpoints: it holds the model's per-topic {@link TopicView}s (shared with
 * earlier snapshots for topics that did not change) and builds indexes, the problem list and the
 * partition list on first use. Matches are not stored: each is made on demand from the verdict of its
 * two endpoints' signatures ({@link #matchesOf}, {@link #matchSummaryOf}, {@link #matches}).
 */
public final class SystemSnapshot {

    private final Instant takenAt;
    private final boolean includesOwn;
    private final List<Participant> participants;
    /** Topics with at least one visible endpoint, sorted by name. */
    private final List<TopicView> views;
    private final Map<String, TopicView> viewByName = new HashMap<>();
    private final List<Topic> topics;
    private final Map<Guid, Participant> participantByGuid = new HashMap<>();
    private final Lazy<List<Endpoint>> endpoints;
    private final Lazy<Map<Guid, Endpoint>> endpointByGuid;
    private final Lazy<Map<Guid, List<Endpoint>>> endpointsByParticipant;
    private final Lazy<List<PartitionInfo>> partitions;
    private final Lazy<List<Problem>> problems;
    private final List<Match> matches;

    SystemSnapshot(Instant takenAt, boolean includesOwn, List<Participant> participants, List<TopicView> allViews,
            List<Problem> reported, List<RejectionLog.Entry> rejections, ModelOptions options) {
        this.takenAt = takenAt;
        this.includesOwn = includesOwn;
        this.participants = Collections.unmodifiableList(participants);
        List<TopicView> visible = new ArrayList<>(allViews.size());
        List<Topic> ts = new ArrayList<>(allViews.size());
        for (TopicView v : allViews) {
            if (v.topic() != null) {
                visible.add(v);
                ts.add(v.topic());
                viewByName.put(v.name, v);
            }
        }
        this.views = visible;
        this.topics = Collections.unmodifiableList(ts);
        participants.forEach(p -> participantByGuid.put(p.guid(), p));
        this.endpoints = new Lazy<>(this::allEndpoints);
        this.endpointByGuid = new Lazy<>(this::indexEndpoints);
        this.endpointsByParticipant = new Lazy<>(this::indexByParticipant);
        this.partitions = new Lazy<>(() -> SnapshotBuilder.partitions(endpoints()));
        this.problems = new Lazy<>(() -> ProblemFinder.find(takenAt, this.participants, visible,
                endpointsByParticipant.get(), participantByGuid, reported, rejections, options));
        this.matches = new AllMatches(visible);
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
        return endpoints.get();
    }

    /** Sorted by name. */
    public List<Topic> topics() {
        return topics;
    }

    /** Sorted by name; the default partition "" first. */
    public List<PartitionInfo> partitions() {
        return partitions.get();
    }

    /**
     * Every alive reader/writer pair on the same topic, matched or not: a read-only list whose
     * elements are made when read (a big system has hundreds of thousands of pairs).
     */
    public List<Match> matches() {
        return matches;
    }

    public List<Problem> problems() {
        return problems.get();
    }

    public Optional<Participant> participant(Guid guid) {
        return Optional.ofNullable(participantByGuid.get(guid));
    }

    public Optional<Endpoint> endpoint(Guid guid) {
        return Optional.ofNullable(endpointByGuid.get().get(guid));
    }

    public Optional<Topic> topic(String name) {
        TopicView v = viewByName.get(name);
        return Optional.ofNullable(v == null ? null : v.topic());
    }

    public List<Endpoint> endpointsOf(Guid participant) {
        return endpointsByParticipant.get().getOrDefault(participant, List.of());
    }

    /**
     * The verdicts of one endpoint against every alive visible endpoint of the other side on its topic.
     * A read-only list whose elements are made when read; {@link #matchSummaryOf} is cheaper when counts do.
     */
    public List<Match> matchesOf(Guid endpoint) {
        Endpoint e = endpointByGuid.get().get(endpoint);
        return e == null ? List.of() : viewByName.get(e.topicName()).matchesOf(e);
    }

    /** How many peers the endpoint has and matches, and its nearest mismatch when it matches none; O(1). */
    public MatchSummary matchSummaryOf(Guid endpoint) {
        Endpoint e = endpointByGuid.get().get(endpoint);
        return e == null ? MatchSummary.NONE : viewByName.get(e.topicName()).summaryOf(e);
    }

    /** The endpoints this one actually matches. */
    public List<Endpoint> matchedPeersOf(Guid endpoint) {
        Map<Guid, Endpoint> byGuid = endpointByGuid.get();
        return matchesOf(endpoint).stream().filter(Match::matched)
                .map(m -> byGuid.get(m.reader().equals(endpoint) ? m.writer() : m.reader())).toList();
    }

    private List<Endpoint> allEndpoints() {
        int n = 0;
        for (TopicView v : views) {
            n += v.endpoints().size();
        }
        Endpoint[] all = new Endpoint[n];
        int i = 0;
        for (TopicView v : views) {
            for (Endpoint e : v.endpoints()) {
                all[i++] = e;
            }
        }
        return Collections.unmodifiableList(java.util.Arrays.asList(all));
    }

    private Map<Guid, Endpoint> indexEndpoints() {
        List<Endpoint> all = endpoints();
        Map<Guid, Endpoint> m = HashMap.newHashMap(all.size());
        all.forEach(e -> m.put(e.guid(), e));
        return m;
    }

    private Map<Guid, List<Endpoint>> indexByParticipant() {
        Map<Guid, List<Endpoint>> m = new HashMap<>();
        endpoints().forEach(e -> m.computeIfAbsent(e.participantGuid(), k -> new ArrayList<>()).add(e));
        m.replaceAll((k, v) -> Collections.unmodifiableList(v));
        return m;
    }

    /** The pairs of every topic, topic by topic, made when read. */
    private static final class AllMatches extends AbstractList<Match> implements RandomAccess {

        private final List<TopicView> views;
        /** starts[i] = pairs before views[i]; starts[views.size()] = all pairs. */
        private final long[] starts;

        AllMatches(List<TopicView> views) {
            this.views = views;
            this.starts = new long[views.size() + 1];
            for (int i = 0; i < views.size(); i++) {
                starts[i + 1] = starts[i] + views.get(i).pairCount();
            }
        }

        @Override
        public int size() {
            return (int) Math.min(Integer.MAX_VALUE, starts[views.size()]);
        }

        @Override
        public Match get(int index) {
            if (index < 0 || index >= size()) {
                throw new IndexOutOfBoundsException("match " + index + " of " + size());
            }
            int i = java.util.Arrays.binarySearch(starts, index);
            // among equal starts (topics without pairs) take the last one: the topic that holds the index
            if (i >= 0) {
                while (i + 1 < starts.length && starts[i + 1] == index) {
                    i++;
                }
            } else {
                i = -i - 2;
            }
            return views.get(i).pairAt(index - starts[i]);
        }
    }
}
