package org.ddstuner.system;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import org.ddstuner.dds.Guid;
import org.ddstuner.system.match.PartitionMatcher;

/**
 * The parts of a {@link SystemSnapshot} derived from the model's copies outside its lock: the sorted
 * participant list and the partition list.
 */
final class SnapshotBuilder {

    static final Comparator<Participant> PARTICIPANT_ORDER = Comparator
            .comparing((Participant p) -> p.displayName().toLowerCase()).thenComparing(Participant::guid);

    private SnapshotBuilder() {
    }

    /** The participants a snapshot shows, sorted; {@code all} is not changed. */
    static List<Participant> participants(List<Participant> all, boolean includeOwn) {
        List<Participant> out = new ArrayList<>(all.size());
        for (Participant p : all) {
            if (includeOwn || !p.hidden()) {
                out.add(p);
            }
        }
        out.sort(PARTICIPANT_ORDER);
        return out;
    }

    /** Declared names plus, for each, every endpoint reaching it through a pattern on either side. */
    static List<PartitionInfo> partitions(List<Endpoint> endpoints) {
        Map<String, List<Guid>> declared = new TreeMap<>();
        for (Endpoint e : endpoints) {
            List<String> names = e.partitions();
            for (String p : names.size() == 1 ? names : new LinkedHashSet<>(names)) {
                declared.computeIfAbsent(p, k -> new ArrayList<>()).add(e.guid());
            }
        }
        List<PartitionInfo> out = new ArrayList<>(declared.size());
        for (var entry : declared.entrySet()) {
            String name = entry.getKey();
            Set<Guid> reached = null;
            for (var other : declared.entrySet()) {
                if (other.getKey() != name && PartitionMatcher.namesMatch(name, other.getKey())) {
                    if (reached == null) {
                        reached = new LinkedHashSet<>(entry.getValue());
                    }
                    reached.addAll(other.getValue());
                }
            }
            out.add(new PartitionInfo(name, entry.getValue(), reached == null ? entry.getValue()
                    : new ArrayList<>(reached)));
        }
        return List.copyOf(out);
    }
}
