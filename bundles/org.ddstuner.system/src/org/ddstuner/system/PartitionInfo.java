package org.ddstuner.system;

import java.util.List;

import org.ddstuner.dds.Guid;
import org.ddstuner.system.match.PartitionMatcher;

/**
 * A partition name as declared by endpoints ("" is the default partition).
 *
 * @param declaredBy endpoints listing exactly this name
 * @param reachedBy  endpoints that share this partition: those declaring it plus those declaring a
 *                   name that matches it (a pattern matching this name, or a name this pattern matches)
 */
public record PartitionInfo(String name, List<Guid> declaredBy, List<Guid> reachedBy) {

    public PartitionInfo {
        declaredBy = List.copyOf(declaredBy);
        reachedBy = List.copyOf(reachedBy);
    }

    public boolean isPattern() {
        return PartitionMatcher.isPattern(name);
    }

    public boolean isDefault() {
        return name.isEmpty();
    }

    /** The name to show; the default partition is shown as "(default)". */
    public String displayName() {
        return name.isEmpty() ? "(default)" : name;
    }
}
