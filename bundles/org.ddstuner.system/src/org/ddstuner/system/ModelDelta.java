package org.ddstuner.system;

import java.util.Set;
import java.util.stream.Collectors;

/**
 * What changed since the previous delta. Changes within one batch are coalesced: an entity added
 * and removed in the same batch does not appear; removed then added again appears as changed.
 */
public record ModelDelta(Set<EntityId> added, Set<EntityId> changed, Set<EntityId> removed) {

    public ModelDelta {
        added = Set.copyOf(added);
        changed = Set.copyOf(changed);
        removed = Set.copyOf(removed);
    }

    public boolean isEmpty() {
        return added.isEmpty() && changed.isEmpty() && removed.isEmpty();
    }

    public int size() {
        return added.size() + changed.size() + removed.size();
    }

    public Set<String> added(EntityKind kind) {
        return keys(added, kind);
    }

    public Set<String> changed(EntityKind kind) {
        return keys(changed, kind);
    }

    public Set<String> removed(EntityKind kind) {
        return keys(removed, kind);
    }

    private static Set<String> keys(Set<EntityId> ids, EntityKind kind) {
        return ids.stream().filter(i -> i.kind() == kind).map(EntityId::key).collect(Collectors.toUnmodifiableSet());
    }
}
