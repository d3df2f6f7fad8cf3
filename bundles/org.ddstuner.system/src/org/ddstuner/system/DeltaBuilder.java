package org.ddstuner.system;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/** Accumulates and coalesces changes between two notifications. Not thread-safe: the model locks. */
final class DeltaBuilder {

    private enum Change { ADDED, CHANGED, REMOVED }

    private final Map<EntityId, Change> pending = new LinkedHashMap<>();

    void added(EntityKind kind, String key) {
        EntityId id = new EntityId(kind, key);
        Change prev = pending.get(id);
        pending.put(id, prev == Change.REMOVED || prev == Change.CHANGED ? Change.CHANGED : Change.ADDED);
    }

    void changed(EntityKind kind, String key) {
        pending.putIfAbsent(new EntityId(kind, key), Change.CHANGED);
        pending.replace(new EntityId(kind, key), Change.REMOVED, Change.CHANGED);
    }

    void removed(EntityKind kind, String key) {
        EntityId id = new EntityId(kind, key);
        if (pending.get(id) == Change.ADDED) {
            pending.remove(id); // nobody saw it
        } else {
            pending.put(id, Change.REMOVED);
        }
    }

    boolean isEmpty() {
        return pending.isEmpty();
    }

    /** Returns the coalesced delta and starts a new batch. */
    ModelDelta drain() {
        Set<EntityId> added = new HashSet<>();
        Set<EntityId> changed = new HashSet<>();
        Set<EntityId> removed = new HashSet<>();
        pending.forEach((id, c) -> (c == Change.ADDED ? added : c == Change.CHANGED ? changed : removed).add(id));
        pending.clear();
        return new ModelDelta(added, changed, removed);
    }
}
