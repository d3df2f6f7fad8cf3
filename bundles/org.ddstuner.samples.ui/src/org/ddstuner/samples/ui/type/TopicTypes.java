package org.ddstuner.samples.ui.type;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.ddstuner.dds.Guid;

/**
 * The types the endpoints of one topic use, grouped: one group per distinct type (same name and same
 * definition), plus the endpoints whose type could not be learned.
 */
public record TopicTypes(String topic, List<TypeGroup> groups, List<EndpointType> failures, int endpointCount) {

    public TopicTypes {
        groups = List.copyOf(groups);
        failures = List.copyOf(failures);
    }

    /** Groups the learned endpoints by distinct type; writers' types come first. */
    public static TopicTypes of(String topic, List<EndpointType> learned) {
        List<EndpointType> ordered = new ArrayList<>(learned);
        ordered.sort((a, b) -> Boolean.compare(a.endpoint().isReader(), b.endpoint().isReader()));
        Map<String, List<EndpointType>> byType = new LinkedHashMap<>();
        List<EndpointType> failures = new ArrayList<>();
        for (EndpointType e : ordered) {
            if (e.known()) {
                byType.computeIfAbsent(e.learned().typeName() + "\n" + e.idl(), k -> new ArrayList<>()).add(e);
            } else {
                failures.add(e);
            }
        }
        List<TypeGroup> groups = new ArrayList<>();
        for (List<EndpointType> same : byType.values()) {
            EndpointType first = same.get(0);
            groups.add(new TypeGroup(groups.size() + 1, first.learned(), first.idl(), same));
        }
        return new TopicTypes(topic, groups, failures, learned.size());
    }

    /** The group holding {@code endpoint}, or null. */
    public TypeGroup groupOf(Guid endpoint) {
        for (TypeGroup g : groups) {
            if (g.endpoints().stream().anyMatch(e -> e.endpoint().guid().equals(endpoint))) {
                return g;
            }
        }
        return null;
    }

    static String count(long n, String noun) {
        return n + " " + noun + (n == 1 ? "" : "s");
    }

    /** "3 endpoints". */
    public String endpointsText() {
        return count(endpointCount, "endpoint");
    }
}
