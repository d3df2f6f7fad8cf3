package org.ddstuner.remote.internal;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.ddstuner.system.DiscoveryEvent;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The client's copy of the agent's entities, and the discovery events that bring a local model from one picture to
 * the next: a snapshot replaces the picture (what it lacks is lost; what did not change makes no event), a delta
 * changes single entities. Used by one thread at a time.
 */
public final class ModelMirror {

    private final Map<String, JsonNode> entities = new HashMap<>();

    /** The events turning the mirrored picture into {@code snapshot}'s. */
    public List<DiscoveryEvent> replaceWith(List<JsonNode> snapshot) {
        List<DiscoveryEvent> events = new ArrayList<>();
        Map<String, JsonNode> now = new HashMap<>();
        snapshot.forEach(e -> now.put(key(e), e));
        for (Map.Entry<String, JsonNode> old : List.copyOf(entities.entrySet())) {
            if (!now.containsKey(old.getKey())) {
                events.addAll(Entities.events(old.getValue(), null));
                entities.remove(old.getKey());
            }
        }
        List<JsonNode> ordered = new ArrayList<>(snapshot);
        ordered.sort(Entities.ORDER);
        for (JsonNode e : ordered) {
            events.addAll(Entities.events(entities.put(key(e), e), e));
        }
        return events;
    }

    /** The events of one delta's changes (in the agent's order). */
    public List<DiscoveryEvent> apply(List<JsonNode> changes) {
        List<DiscoveryEvent> events = new ArrayList<>();
        for (JsonNode c : changes) {
            String key = key(c);
            if (Entities.isRemoval(c)) {
                events.addAll(Entities.events(entities.remove(key), null));
            } else {
                events.addAll(Entities.events(entities.put(key, c), c));
            }
        }
        return events;
    }

    public int size() {
        return entities.size();
    }

    private static String key(JsonNode e) {
        JsonNode k = e.get("key");
        if (k == null || !k.isTextual()) {
            throw new IllegalArgumentException("an entity without a key");
        }
        return k.textValue();
    }
}
