package org.ddstuner.remote;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

import org.ddstuner.dds.Guid;
import org.ddstuner.remote.internal.Entities;
import org.ddstuner.system.EntityKind;
import org.ddstuner.system.ModelDelta;
import org.ddstuner.system.ModelListener;
import org.ddstuner.system.Participant;
import org.ddstuner.system.Problem;
import org.ddstuner.system.SystemModel;
import org.ddstuner.system.SystemSnapshot;
import org.ddstuner.system.Topic;
import org.ddstuner.system.TopicDefinition;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * What a {@link RemoteServer} serves: the entities of a {@link SystemModel} (see {@code internal.Entities}) under a
 * sequence number that grows by one per batch of changes, and the last {@code historyBatches} batches, so a client
 * that reconnects gets exactly the batches it missed (nothing lost, nothing twice) or, when they are no longer kept
 * or it saw another journal (another {@link #epoch()}: the agent was restarted), a new snapshot.
 *
 * <p>It outlives the servers on it: stop a server and start another on the same journal and clients resume. It is fed
 * by the model's notifier thread (never a DDS thread): per delta it looks up the changed entities in one snapshot,
 * keeps those that really differ and hands the batch to each subscriber without blocking (a subscriber that cannot
 * take it drops it and catches up from the history or a snapshot later).
 */
public final class ModelJournal implements AutoCloseable {

    /** A batch of changes: entity objects, or {@code {"key":…,"removed":true}}. */
    public record Batch(long seq, List<ObjectNode> changes) {
    }

    /** A consistent copy of every entity at {@code seq}. */
    public record Snapshot(String epoch, long seq, List<ObjectNode> entities) {
    }

    private final SystemModel model;
    private final String epoch = UUID.randomUUID().toString();
    private final int historyBatches;
    private final Map<String, ObjectNode> state = new LinkedHashMap<>();
    /** Topic name → keys of its DCPSTopic definitions in {@link #state}, to see which went away. */
    private final Map<String, Set<String>> definitionsByTopic = new HashMap<>();
    private final Set<String> unreadable = new HashSet<>();
    private final ArrayDeque<Batch> history = new ArrayDeque<>();
    private final List<Consumer<Batch>> subscribers = new CopyOnWriteArrayList<>();
    private final ModelListener listener = this::modelChanged;
    private long seq;

    private ModelJournal(SystemModel model, int historyBatches) {
        this.model = model;
        this.historyBatches = historyBatches;
    }

    /**
     * Starts journaling {@code model} (which must be started, so its notifier delivers deltas). What the model holds
     * now is sequence 0.
     */
    public static ModelJournal attach(SystemModel model, int historyBatches) {
        Objects.requireNonNull(model, "model");
        if (historyBatches < 1) {
            throw new IllegalArgumentException("history must keep at least one batch");
        }
        ModelJournal j = new ModelJournal(model, historyBatches);
        model.addListener(j.listener); // first, so nothing between the first picture and the first delta is missed
        synchronized (j) {
            SystemSnapshot s = model.snapshot(true);
            s.participants().forEach(p -> j.put(Entities.of(p)));
            for (Topic t : s.topics()) {
                j.definitions(t.name(), t);
            }
            s.endpoints().forEach(e -> j.put(Entities.of(e)));
            j.problems(s, new ArrayList<>());
        }
        return j;
    }

    public static ModelJournal attach(SystemModel model) {
        return attach(model, 4096);
    }

    public SystemModel model() {
        return model;
    }

    /** Differs for every journal, so a client can tell a restarted agent from a reconnect to the same one. */
    public String epoch() {
        return epoch;
    }

    public synchronized long seq() {
        return seq;
    }

    public synchronized int size() {
        return state.size();
    }

    public synchronized Snapshot snapshot() {
        return new Snapshot(epoch, seq, List.copyOf(state.values()));
    }

    /** The batches after {@code from}, in order, or {@code null} when the history no longer reaches back that far. */
    public synchronized List<Batch> since(long from) {
        if (from == seq) {
            return List.of();
        }
        if (from > seq || history.isEmpty() || history.peekFirst().seq() > from + 1) {
            return null;
        }
        List<Batch> out = new ArrayList<>();
        for (Batch b : history) {
            if (b.seq() > from) {
                out.add(b);
            }
        }
        return out;
    }

    /**
     * Calls {@code sink} with each new batch, on the model's notifier thread, under the journal's lock (so it must
     * not block: offer to a bounded queue). Subscribing and {@link #snapshot()} in one {@code synchronized (journal)}
     * block gives a snapshot and then every batch after it.
     */
    public void subscribe(Consumer<Batch> sink) {
        subscribers.add(sink);
    }

    public void unsubscribe(Consumer<Batch> sink) {
        subscribers.remove(sink);
    }

    public int subscriberCount() {
        return subscribers.size();
    }

    private void modelChanged(ModelDelta d) {
        SystemSnapshot s = model.snapshot(true);
        synchronized (this) {
            List<ObjectNode> changes = new ArrayList<>();
            for (String key : union(d, EntityKind.PARTICIPANT)) {
                Guid g = Guid.parse(key);
                change(Entities.participantKey(g), s.participant(g).map(Entities::of).orElse(null), changes);
            }
            for (String name : union(d, EntityKind.TOPIC)) {
                definitionChanges(name, s.topic(name).orElse(null), changes);
            }
            for (String key : union(d, EntityKind.ENDPOINT)) {
                Guid g = Guid.parse(key);
                change(Entities.endpointKey(g), s.endpoint(g).map(Entities::of).orElse(null), changes);
            }
            if (!d.added(EntityKind.PROBLEM).isEmpty() || !d.changed(EntityKind.PROBLEM).isEmpty()
                    || !d.removed(EntityKind.PROBLEM).isEmpty()) {
                problems(s, changes);
            }
            if (changes.isEmpty()) {
                return;
            }
            changes.sort(Entities.ORDER);
            Batch b = new Batch(++seq, List.copyOf(changes));
            history.addLast(b);
            while (history.size() > historyBatches) {
                history.removeFirst();
            }
            for (Consumer<Batch> sink : subscribers) {
                sink.accept(b);
            }
        }
    }

    private static Set<String> union(ModelDelta d, EntityKind kind) {
        Set<String> keys = new java.util.TreeSet<>(d.added(kind));
        keys.addAll(d.changed(kind));
        keys.addAll(d.removed(kind));
        return keys;
    }

    private void change(String key, ObjectNode now, List<ObjectNode> out) {
        JsonNode old = state.get(key);
        if (now == null) {
            if (old != null) {
                state.remove(key);
                out.add(Entities.removed(key));
            }
        } else if (!now.equals(old)) {
            state.put(key, now);
            out.add(now);
        }
    }

    private void put(ObjectNode entity) {
        if (entity != null) {
            state.put(entity.get("key").textValue(), entity);
        }
    }

    private void definitions(String name, Topic t) {
        Set<String> keys = new HashSet<>();
        for (TopicDefinition def : t.definitions()) {
            ObjectNode o = Entities.of(def);
            put(o);
            keys.add(o.get("key").textValue());
        }
        if (!keys.isEmpty()) {
            definitionsByTopic.put(name, keys);
        }
    }

    private void definitionChanges(String name, Topic t, List<ObjectNode> out) {
        Set<String> before = definitionsByTopic.getOrDefault(name, Set.of());
        Set<String> after = new HashSet<>();
        if (t != null) {
            for (TopicDefinition def : t.definitions()) {
                ObjectNode o = Entities.of(def);
                after.add(o.get("key").textValue());
                change(o.get("key").textValue(), o, out);
            }
        }
        for (String k : before) {
            if (!after.contains(k)) {
                change(k, null, out);
            }
        }
        if (after.isEmpty()) {
            definitionsByTopic.remove(name);
        } else {
            definitionsByTopic.put(name, after);
        }
    }

    private void problems(SystemSnapshot s, List<ObjectNode> out) {
        Set<String> now = new HashSet<>();
        for (Problem p : s.problems()) {
            ObjectNode o = Entities.of(p);
            if (o != null) {
                String key = o.get("key").textValue();
                now.add(key);
                change(key, o, out);
            }
        }
        for (String k : Set.copyOf(unreadable)) {
            if (!now.contains(k)) {
                change(k, null, out);
            }
        }
        unreadable.clear();
        unreadable.addAll(now);
    }

    /** Stops journaling; servers on it keep serving what it has. */
    @Override
    public void close() {
        model.removeListener(listener);
    }

    @Override
    public String toString() {
        return "journal " + epoch + " at " + seq();
    }
}
