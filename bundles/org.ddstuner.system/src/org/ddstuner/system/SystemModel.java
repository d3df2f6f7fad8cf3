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
import java.util.TreeMap;

import org.ddstuner.dds.Guid;
import org.ddstuner.dds.Qos;
import org.ddstuner.system.DiscoveryEvent.EndpointLost;
import org.ddstuner.system.DiscoveryEvent.EndpointSeen;
import org.ddstuner.system.DiscoveryEvent.ParticipantLost;
import org.ddstuner.system.DiscoveryEvent.ParticipantSeen;
import org.ddstuner.system.DiscoveryEvent.TopicLost;
import org.ddstuner.system.DiscoveryEvent.TopicSeen;
import org.ddstuner.system.DiscoveryEvent.Unreadable;

/**
 * The live picture of one DDS domain: participants, endpoints, topics, partitions, matches and
 * problems, fed with {@link DiscoveryEvent}s (usually on DDS threads) and read through immutable
 * {@link SystemSnapshot}s (from any thread). Listeners get coalesced {@link ModelDelta}s from one
 * notifier thread once {@link #start()} was called. All state is guarded by this object's lock,
 * which is held only briefly: an event costs O(1) (pairs are evaluated per topic when a snapshot needs
 * them, see {@link TopicView}), {@link #applyAll} releases it every {@value #APPLY_CHUNK} events, a
 * snapshot holds it only to copy what changed, and the counts are read without it.
 */
public final class SystemModel implements AutoCloseable {

    private static final int MAX_REPORTED_PROBLEMS = 200;
    /** Events applied per lock hold by {@link #applyAll}: a few hundred microseconds at most. */
    static final int APPLY_CHUNK = 128;

    private final ModelOptions options;
    private final Map<Guid, Participant> participants = new HashMap<>();
    private final Map<Guid, Endpoint> endpoints = new HashMap<>();
    private final Map<Guid, Set<Guid>> endpointsByParticipant = new HashMap<>();
    /** Sorted, so snapshots list topics (and endpoints) in name order without sorting. */
    private final Map<String, TopicIndex> topics = new TreeMap<>();
    private final Map<String, Integer> partitionUse = new HashMap<>();
    /** DCPSTopic key → topic name, to find the topic a dispose without data is about. */
    private final Map<Guid, String> topicKeys = new HashMap<>();
    private final Set<Guid> ownParticipants = new HashSet<>();
    /** Gone entities in the order they went, so purging looks only at expired ones. */
    private final ArrayDeque<Guid> goneParticipants = new ArrayDeque<>();
    private final ArrayDeque<Guid> goneEndpoints = new ArrayDeque<>();
    private final LinkedHashMap<String, Problem> reported = new LinkedHashMap<>();
    private final RejectionLog rejections = new RejectionLog();
    private final DeltaBuilder delta = new DeltaBuilder();
    private final DeltaNotifier notifier;
    private final Verdict.Cache verdicts = new Verdict.Cache();
    /** Written under the lock after every change, read without it (UI threads poll these). */
    private volatile int endpointCount;
    private volatile int participantCount;
    /** The participants as of the last change, shared by snapshots until the next one; null once stale. */
    private List<Participant> participantsCopy;

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
        applyLocked(event, options.clock().instant());
        publishCounts();
    }

    /**
     * Applies events in order, releasing the lock every {@value #APPLY_CHUNK} events so readers and
     * snapshots never wait long behind a big discovery batch.
     */
    public void applyAll(Collection<? extends DiscoveryEvent> events) {
        List<? extends DiscoveryEvent> list = events instanceof List<? extends DiscoveryEvent> l ? l : List.copyOf(events);
        for (int from = 0; from < list.size(); from += APPLY_CHUNK) {
            List<? extends DiscoveryEvent> chunk = list.subList(from, Math.min(list.size(), from + APPLY_CHUNK));
            synchronized (this) {
                Instant now = options.clock().instant();
                for (DiscoveryEvent e : chunk) {
                    applyLocked(e, now);
                }
                publishCounts();
            }
        }
    }

    private void applyLocked(DiscoveryEvent event, Instant now) {
        switch (event) {
            case ParticipantSeen p -> participantSeen(p, now);
            case ParticipantLost p -> participantLost(p.guid(), now);
            case EndpointSeen e -> endpointSeen(e, now);
            case EndpointLost e -> endpointLost(e.guid(), now);
            case TopicSeen t -> topicSeen(t, now);
            case TopicLost t -> topicLost(t.key());
            case Unreadable u when u.rejected() != null -> rejected(u.rejected(), now);
            case Unreadable u -> report(u.subject(), u.description(), now);
        }
    }

    /** Flags a participant (and its endpoints) as the tool's own; snapshots hide them unless asked. */
    public synchronized void addOwnParticipant(Guid participant) {
        if (!ownParticipants.add(participant)) {
            return;
        }
        Participant p = participants.get(participant);
        if (p != null) {
            putParticipant(p.withOwn(true));
            delta.changed(EntityKind.PARTICIPANT, participant.toString());
        }
        reflagEndpoints(participant, true, p != null && p.tool());
    }

    /** Gives the participant's endpoints its own/tool flags (they may have arrived before it did). */
    private void reflagEndpoints(Guid participant, boolean own, boolean tool) {
        for (Guid g : endpointsByParticipant.getOrDefault(participant, Set.of())) {
            Endpoint old = endpoints.get(g);
            if (old.own() == own && old.tool() == tool) {
                continue;
            }
            Endpoint e = old.withOwn(own).withTool(tool);
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
        Participant p = Participant.discovered(ev.guid(), qos, ownParticipants.contains(ev.guid()), first);
        putParticipant(p);
        if (old == null || old.tool() != p.tool()) {
            reflagEndpoints(p.guid(), p.own(), p.tool()); // another DDS Tuner's endpoints seen before its participant
        }
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
        putParticipant(p.gone(now));
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
            putParticipant(Participant.placeholder(owner, ownParticipants.contains(owner), now));
            delta.added(EntityKind.PARTICIPANT, owner.toString());
        }
        Endpoint old = endpoints.get(ev.guid());
        if (old != null) {
            detach(old);
        }
        Endpoint e = Endpoint.discovered(ev.guid(), ev.kind(), owner, ev.topicName(), ev.typeName(),
                ev.hasTypeInformation(), ev.qos(), ownParticipants.contains(owner), participants.get(owner).tool(),
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

    /** A DCPSTopic announcement: merged into the topic of that name (made if no endpoint named it yet). */
    private void topicSeen(TopicSeen ev, Instant now) {
        if (ev.key() == null || ev.topicName() == null || ev.topicName().isEmpty() || ev.typeName() == null
                || ev.typeName().isEmpty()) {
            report(ev.key(), "DCPSTopic sample without " + (ev.key() == null ? "a key"
                    : ev.topicName() == null || ev.topicName().isEmpty() ? "a topic name" : "a type name"), now);
            return;
        }
        String previous = topicKeys.put(ev.key(), ev.topicName());
        if (previous != null && !previous.equals(ev.topicName())) {
            topicLostFrom(previous, ev.key()); // cannot happen with Cyclone's key (a hash of the name), but be safe
        }
        TopicIndex t = topics.get(ev.topicName());
        if (t == null) {
            t = new TopicIndex(ev.topicName());
            topics.put(ev.topicName(), t);
            delta.added(EntityKind.TOPIC, ev.topicName());
        } else {
            delta.changed(EntityKind.TOPIC, ev.topicName());
        }
        t.define(new TopicDefinition(ev.key(), ev.topicName(), ev.typeName(), ev.qos() != null ? ev.qos() : Qos.EMPTY));
    }

    private void topicLost(Guid key) {
        String name = key == null ? null : topicKeys.remove(key);
        if (name != null) {
            topicLostFrom(name, key);
        }
    }

    private void topicLostFrom(String name, Guid key) {
        TopicIndex t = topics.get(name);
        if (t == null || !t.undefine(key)) {
            return;
        }
        if (t.isEmpty()) {
            topics.remove(name);
            delta.removed(EntityKind.TOPIC, name);
        } else {
            delta.changed(EntityKind.TOPIC, name);
        }
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

    private void putParticipant(Participant p) {
        participants.put(p.guid(), p);
        participantsCopy = null;
    }

    private void publishCounts() {
        endpointCount = endpoints.size();
        participantCount = participants.size();
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

    /** Kept apart: the snapshot links it to the participant that probably sent it. */
    private void rejected(RejectedAnnouncement r, Instant now) {
        rejections.add(r, now);
        delta.changed(EntityKind.PROBLEM, "rejected announcements from " + r.vendor().idText());
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
        if (removed > 0) {
            publishCounts();
        }
        return removed;
    }

    private int purgeParticipant(Participant p) {
        if (endpointsByParticipant.containsKey(p.guid())) {
            // some endpoints were re-announced after the participant was lost: keep them under a placeholder
            putParticipant(Participant.placeholder(p.guid(), p.own(), p.firstSeen()));
            delta.changed(EntityKind.PARTICIPANT, p.guid().toString());
            return 0;
        }
        participants.remove(p.guid());
        participantsCopy = null;
        delta.removed(EntityKind.PARTICIPANT, p.guid().toString());
        return 1;
    }

    private void removeOrphanPlaceholder(Guid participant) {
        Participant p = participants.get(participant);
        if (p != null && !p.known() && !endpointsByParticipant.containsKey(participant)) {
            participants.remove(participant);
            participantsCopy = null;
            delta.removed(EntityKind.PARTICIPANT, participant.toString());
        }
    }

    // ---- output ----

    /**
     * A consistent, immutable picture; the tools' entities (this instance's own and those of other DDS Tuner
     * instances, {@link Participant#hidden()}) only when {@code includeOwn}. Holds the
     * lock only to pick up the cached views of unchanged topics and to copy the endpoints of changed
     * ones (array copies); their views are built outside it and cached for the next snapshot.
     */
    public SystemSnapshot snapshot(boolean includeOwn) {
        List<Participant> ps;
        List<Problem> reportedCopy;
        List<RejectionLog.Entry> rejectedCopy;
        Instant now;
        TopicView[] views;
        List<TopicIndex.Capture> changed = new ArrayList<>();
        int[] changedSlots;
        synchronized (this) {
            now = options.clock().instant();
            if (participantsCopy == null) {
                participantsCopy = List.copyOf(participants.values());
            }
            ps = participantsCopy;
            views = new TopicView[topics.size()];
            changedSlots = new int[topics.size()];
            int i = 0;
            for (TopicIndex t : topics.values()) {
                views[i] = t.cachedView(includeOwn);
                if (views[i] == null) {
                    changedSlots[changed.size()] = i;
                    changed.add(t.capture());
                }
                i++;
            }
            reportedCopy = List.copyOf(reported.values());
            rejectedCopy = rejections.copy();
        }
        for (int c = 0; c < changed.size(); c++) {
            views[changedSlots[c]] = TopicView.build(changed.get(c), includeOwn, verdicts);
        }
        if (!changed.isEmpty()) {
            synchronized (this) {
                for (int c = 0; c < changed.size(); c++) {
                    TopicIndex.Capture capture = changed.get(c);
                    capture.index().install(views[changedSlots[c]], capture.version(), includeOwn);
                }
            }
        }
        return new SystemSnapshot(now, includeOwn, SnapshotBuilder.participants(ps, includeOwn), List.of(views),
                reportedCopy, rejectedCopy, options);
    }

    /** Same as {@code snapshot(false)}: the tool's own entities hidden. */
    public SystemSnapshot snapshot() {
        return snapshot(false);
    }

    /** Endpoints in the model (own and gone ones included); lock-free, for polling from a UI thread. */
    public int endpointCount() {
        return endpointCount;
    }

    /** Participants in the model (own, placeholders and gone ones included); lock-free. */
    public int participantCount() {
        return participantCount;
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
