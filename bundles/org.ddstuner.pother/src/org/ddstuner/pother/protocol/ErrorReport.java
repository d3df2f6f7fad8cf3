package org.ddstuner.pother.protocol;

/** Something an agent could not do for test {@code name} (empty for the agent itself), in plain words. */
public record ErrorReport(int appId, String groupId, String name, long timestampNanos, ResourceUsage usage,
        String message) implements PotherReport { }
