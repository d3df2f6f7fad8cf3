package org.ddstuner.system;

import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

import org.ddstuner.dds.Guid;
import org.ddstuner.dds.Qos;
import org.ddstuner.system.DiscoveryEvent.EndpointLost;
import org.ddstuner.system.DiscoveryEvent.EndpointSeen;
import org.ddstuner.system.DiscoveryEvent.ParticipantLost;
import org.ddstuner.system.DiscoveryEvent.ParticipantSeen;
import org.ddstuner.system.DiscoveryEvent.Unreadable;

/**
 * The live picture of one DDS domain: participants, endpoints, topics, partitions, matches and
 * problems, fed with {@link DiscoveryEvent}s (usually on DDS threads) and read through immutable
 * {@link SystemSnapshot}s (from any thread). Listeners get coalesced {@link ModelDelta}s from one
 * notifier thread once {@link #start()} was called. All state is guarded by this object's lock;
 * an event costs O(endpoints on its topic).
 */
public final class SystemModel implements AutoCloseable {

    private static final int MAX_REPORTED_PROBLEMS = 200;

    private final ModelOptions options;
    private final Map<Guid, Participant> participants = new HashMap<>();
    private final Map<Guid, Endpoint> endpoints = new HashMap<>();
    private final Map<Guid, Set<Guid>> endpointsByParticipant = new HashMap<>();
    private final Map<String, TopicIndex> topics = new HashMap<>();
    private final Map<String, Integer> partitionUse = new HashMap<>();
    private final Set<Guid> ownParticipants = new HashSet<>();
    /** Gone entities in the order they went, so purging looks only at expired ones. */
    private final ArrayDeque<Guid> goneParticipants = new ArrayDeque<>();
    private final ArrayDeque<Guid> goneEndpoints = new ArrayDeque<>();
    private final LinkedHashMap<String, Problem> reported = new LinkedHashMap<>();
    private final DeltaBuilder delta = new DeltaBuilder();
    private final DeltaNotifier notifier;

    public SystemModel() {
        this(ModelOptions.defaults());
    }

    public SystemModel(ModelOptions options) {
        this.options = Objects.requireNonNull(options, "options");
        this.notifier = new DeltaNotifier(this, options.notifyInterval());
    }

    public ModelOptions options() {
        return options;
    }

    // ---- input ----

    /** Applies one discovery event. Never throws for bad data: it becomes a problem instead. */
    public synchronized void apply(DiscoveryEvent event) {
        Instant now = options.clock().instant();
        switch (event) {
            case ParticipantSeen p -> participantSeen(p, now);
            case ParticipantLost p -> participantLost(p.guid(), now);
            case EndpointSeen e -> endpointSeen(e, now);
            case EndpointLost e -> endpointLost(e.guid(), now);
            case Unreadable u -> report(u.subject(), u.description(), now);
        }
    }

    public synchronized void applyAll(Collection<? extends DiscoveryEvent> events) {
        events.forEach(this::apply);
    }

    /** Flags a participant (and its endpoints) as the tool's own; snapshots hide them unless asked. */
    public synchronized void addOwnParticipant(Guid participant) {
        if (!ownParticipants.add(participant)) {
            return;
        }
        Participant p = participants.get(participant);
        if (p != null) {
            participants.put(participant, p.withOwn(true));
            delta.changed(EntityKind.PARTICIPANT, participant.toString());
        }
        for (Guid g : endpointsByParticipant.getOrDefault(participant, Set.of())) {
            Endpoint e = endpoints.get(g).withOwn(true);
            endpoints.put(g, e);
            topics.get(e.topicName()).put(e);
            delta.changed(EntityKind.ENDPOINT, g.toString());
            delta.changed(EntityKind.TOPIC, e.topicName());
        }
    }

    public synchronized boolean isOwn(Guid participant) {
        return ownParticipants.contains(participant);
    }

    private void participantSeen(ParticipantSeen ev, Instant now) {
        if (ev.guid() == null) {
            report(null, "participant sample without a GUID", now);
            return;
        }
        Qos qos = ev.qos() != null ? ev.qos() : Qos.EMPTY;
        Participant old = participants.get(ev.guid());
        Instant first = old != null ? old.firstSeen() : now;
        participants.put(ev.guid(), Participant.discovered(ev.guid(), qos, ownParticipants.contains(ev.guid()), first));
        if (old == null) {
            delta.added(EntityKind.PARTICIPANT, ev.guid().toString());
        } else {
            delta.changed(EntityKind.PARTICIPANT, ev.guid().toString());
        }
    }

    private void participantLost(Guid guid, Instant now) {
        Participant p = guid == null ? null : participants.get(guid);
        if (p == null || !p.alive()) {
            return;
        }
        participants.put(guid, p.gone(now));
        goneParticipants.add(guid);
        delta.changed(EntityKind.PARTICIPANT, guid.toString());
        for (Guid g : List.copyOf(endpointsByParticipant.getOrDefault(guid, Set.of()))) {
            endpointLost(g, now);
        }
    }

    private void endpointSeen(EndpointSeen ev, Instant now) {
        if (ev.guid() == null || ev.kind() == null || ev.topicName() == null || ev.typeName() == null) {
            report(ev.guid(), "endpoint sample without " + (ev.guid() == null ? "a GUID" : ev.kind() == null
                    ? "a kind" : ev.topicName() == null ? "a topic name" : "a type name"), now);
            return;
        }
        Guid owner = ev.participantGuid() != null ? ev.participantGuid() : ev.guid().participantGuid();
        if (!participants.containsKey(owner)) {
            participants.put(owner, Participant.placeholder(owner, ownParticipants.contains(owner), now));
            delta.added(EntityKind.PARTICIPANT, owner.toString());
        }
        Endpoint old = endpoints.get(ev.guid());
        if (old != null) {
            detach(old);
        }
        Endpoint e = Endpoint.discovered(ev.guid(), ev.kind(), owner, ev.topicName(), ev.typeName(),
                ev.hasTypeInformation(), ev.qos(), ownParticipants.contains(owner),
                old != null ? old.firstSeen() : now);
        attach(e);
        if (old == null) {
            delta.added(EntityKind.ENDPOINT, e.guid().toString());
        } else {
            delta.changed(EntityKind.ENDPOINT, e.guid().toString());
        }
    }

    private void endpointLost(Guid guid, Instant now) {
        Endpoint e = guid == null ? null : endpoints.get(guid);
        if (e == null || !e.alive()) {
            return;
        }
        Endpoint gone = e.gone(now);
        endpoints.put(guid, gone);
        topics.get(gone.topicName()).put(gone); // drops its pairs
        goneEndpoints.add(guid);
        delta.changed(EntityKind.ENDPOINT, guid.toString());
        delta.changed(EntityKind.TOPIC, gone.topicName());
        gone.partitions().forEach(p -> delta.changed(EntityKind.PARTITION, p));
    }

    /** Indexes an endpoint: by participant, by topic (computing its matches), by partition. */
    private void attach(Endpoint e) {
        endpoints.put(e.guid(), e);
        endpointsByParticipant.computeIfAbsent(e.participantGuid(), k -> new HashSet<>()).add(e.guid());
        TopicIndex t = topics.get(e.topicName());
        if (t == null) {
            t = new TopicIndex(e.topicName());
            topics.put(e.topicName(), t);
            delta.added(EntityKind.TOPIC, e.topicName());
        } else {
            delta.changed(EntityKind.TOPIC, e.topicName());
        }
        t.put(e);
        for (String p : Set.copyOf(e.partitions())) {
            if (partitionUse.merge(p, 1, Integer::sum) == 1) {
                delta.added(EntityKind.PARTITION, p);
            } else {
                delta.changed(EntityKind.PARTITION, p);
            }
        }
    }

    /** Undoes {@link #attach}. */
    private void detach(Endpoint e) {
        endpoints.remove(e.guid());
        Set<Guid> mine = endpointsByParticipant.get(e.participantGuid());
        if (mine != null) {
            mine.remove(e.guid());
            if (mine.isEmpty()) {
                endpointsByParticipant.remove(e.participantGuid());
            }
        }
        TopicIndex t = topics.get(e.topicName());
        t.remove(e.guid());
        if (t.isEmpty()) {
            topics.remove(e.topicName());
            delta.removed(EntityKind.TOPIC, e.topicName());
        } else {
            delta.changed(EntityKind.TOPIC, e.topicName());
        }
        for (String p : Set.copyOf(e.partitions())) {
            if (partitionUse.merge(p, -1, (a, b) -> a + b == 0 ? null : a + b) == null) {
                delta.removed(EntityKind.PARTITION, p);
            } else {
                delta.changed(EntityKind.PARTITION, p);
            }
        }
    }

    private void report(Guid subject, String description, Instant now) {
        String text = description == null || description.isBlank() ? "unreadable discovery data" : description;
        String key = (subject != null ? subject + ": " : "") + text;
        if (reported.containsKey(key)) {
            return;
        }
        if (reported.size() >= MAX_REPORTED_PROBLEMS) {
            String eldest = reported.keySet().iterator().next();
            reported.remove(eldest);
            delta.removed(EntityKind.PROBLEM, eldest);
        }
        reported.put(key, new Problem(Problem.Kind.DISCOVERY_UNREADABLE, Problem.Severity.WARNING,
                subject != null ? subject.toString() : null, text, now));
        delta.added(EntityKind.PROBLEM, key);
    }

    // ---- liveliness ----

    /**
     * Removes participants and endpoints that have been gone for longer than the retention. Called
     * by the notifier on every tick; callable directly (tests, CLI). Returns how many were removed.
     */
    public synchronized int purgeExpired() {
        Instant cutoff = options.clock().instant().minus(options.goneRetention());
        int removed = 0;
        while (!goneEndpoints.isEmpty()) {
            Endpoint e = endpoints.get(goneEndpoints.peek());
            if (e != null && !e.alive() && e.goneSince().isAfter(cutoff)) {
                break;
            }
            goneEndpoints.poll();
            if (e != null && !e.alive()) { // else purged already or alive again
                detach(e);
                delta.removed(EntityKind.ENDPOINT, e.guid().toString());
                removed++;
                removeOrphanPlaceholder(e.participantGuid());
            }
        }
        while (!goneParticipants.isEmpty()) {
            Participant p = participants.get(goneParticipants.peek());
            if (p != null && !p.alive() && p.goneSince().isAfter(cutoff)) {
                break;
            }
            goneParticipants.poll();
            if (p != null && !p.alive()) {
                removed += purgeParticipant(p);
            }
        }
        return removed;
    }

    private int purgeParticipant(Participant p) {
        if (endpointsByParticipant.containsKey(p.guid())) {
            // some endpoints were re-announced after the participant was lost: keep them under a placeholder
            participants.put(p.guid(), Participant.placeholder(p.guid(), p.own(), p.firstSeen()));
            delta.changed(EntityKind.PARTICIPANT, p.guid().toString());
            return 0;
        }
        participants.remove(p.guid());
        delta.removed(EntityKind.PARTICIPANT, p.guid().toString());
        return 1;
    }

    private void removeOrphanPlaceholder(Guid participant) {
        Participant p = participants.get(participant);
        if (p != null && !p.known() && !endpointsByParticipant.containsKey(participant)) {
            participants.remove(participant);
            delta.removed(EntityKind.PARTICIPANT, participant.toString());
        }
    }

    // ---- output ----

    /** A consistent, immutable picture; the tool's own entities only when {@code includeOwn}. */
    public SystemSnapshot snapshot(boolean includeOwn) {
        List<Participant> ps;
        List<Endpoint> es;
        List<Match> ms = new ArrayList<>();
        List<Problem> reportedCopy;
        Instant now;
        synchronized (this) {
            now = options.clock().instant();
            ps = List.copyOf(participants.values());
            es = List.copyOf(endpoints.values());
            topics.values().forEach(t -> ms.addAll(t.matches()));
            reportedCopy = List.copyOf(reported.values());
        }
        return SnapshotBuilder.build(now, includeOwn, ps, es, ms, reportedCopy, options);
    }

    /** Same as {@code snapshot(false)}: the tool's own entities hidden. */
    public SystemSnapshot snapshot() {
        return snapshot(false);
    }

    public synchronized int endpointCount() {
        return endpoints.size();
    }

    public synchronized int participantCount() {
        return participants.size();
    }

    /** The coalesced changes since the previous call (the notifier's input). */
    synchronized ModelDelta drainDelta() {
        return delta.isEmpty() ? null : delta.drain();
    }

    // ---- notifications ----

    public void addListener(ModelListener l) {
        notifier.addListener(l);
    }

    public void removeListener(ModelListener l) {
        notifier.removeListener(l);
    }

    /** Starts the notifier thread (deltas and purging). Idempotent. */
    public void start() {
        notifier.start();
    }

    /** Stops the notifier thread; the model stays readable. */
    @Override
    public void close() {
        notifier.close();
    }
}
