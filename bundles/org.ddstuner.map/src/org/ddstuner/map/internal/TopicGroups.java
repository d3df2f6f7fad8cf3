package org.ddstuner.map.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Topics collapsed into at most {@code budget} groups for a map that would be unreadable otherwise: first by the
 * name's prefix before its last separator ({@code rt/robot1/odom} → {@code rt/robot1/}, {@code flood_p0_t12} →
 * {@code flood_p0_}), and when that still gives too many, sorted names cut into equal runs labelled by their first
 * and last name.
 */
public final class TopicGroups {

    public record Group(String label, List<String> topics) {
    }

    private TopicGroups() {
    }

    public static List<Group> of(List<String> topics, int budget) {
        Map<String, List<String>> byPrefix = new TreeMap<>();
        for (String t : topics) {
            byPrefix.computeIfAbsent(prefix(t), k -> new ArrayList<>()).add(t);
        }
        List<Group> out = new ArrayList<>();
        if (byPrefix.size() <= budget && byPrefix.size() > 1) {
            byPrefix.forEach((p, ts) -> out.add(new Group(ts.size() == 1 ? ts.get(0) : p + "*", sorted(ts))));
            return out;
        }
        List<String> all = sorted(topics);
        int per = Math.max(1, (all.size() + budget - 1) / budget);
        for (int i = 0; i < all.size(); i += per) {
            List<String> run = all.subList(i, Math.min(all.size(), i + per));
            String label = run.size() == 1 ? run.get(0) : run.get(0) + " … " + run.get(run.size() - 1);
            out.add(new Group(label, List.copyOf(run)));
        }
        return out;
    }

    private static List<String> sorted(List<String> ts) {
        List<String> s = new ArrayList<>(ts);
        s.sort(null);
        return s;
    }

    static String prefix(String name) {
        int cut = -1;
        for (int i = name.length() - 2; i > 0; i--) {
            char c = name.charAt(i);
            if (c == '/' || c == '.' || c == '_' || c == ':' || c == '-') {
                cut = i;
                break;
            }
        }
        return cut < 0 ? name : name.substring(0, cut + 1);
    }
}
