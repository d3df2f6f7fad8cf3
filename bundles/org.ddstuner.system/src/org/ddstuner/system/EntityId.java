package org.ddstuner.system;

/** Names one model entity in a {@link ModelDelta}; see {@link EntityKind} for what the key is. */
public record EntityId(EntityKind kind, String key) {
}
