package org.ddstuner.system;

import java.util.LinkedHashMap;
import java.util.Map;

import org.ddstuner.dds.Guid;

/**
 * The endpoints of one topic as the model holds them (mutable, guarded by the model's lock). Applying
 * an event here is O(1): no pair is evaluated. Matching happens when a snapshot needs the topic, in an
 * immutable {@link TopicView} built outside the lock from a {@link Capture} and then cached here until
 * the topic changes again, so snapshots share the views of every topic that did not change.
 */
final class TopicIndex {

    /** An endpoint with its match signature, computed once when it is put. */
    record Member(Endpoint endpoint, MatchSignature signature) {
    }

    /** The topic's endpoints at one version, in arrival order: the input of {@link TopicView#build}. */
    /** @param hasOwn a hidden endpoint is on the topic now (or was, for a topic with DCPSTopic definitions) */
    record Capture(TopicIndex index, long version, Member[] readers, Member[] writers, boolean hasOwn,
            TopicDefinition[] definitions) {
    }

    final String name;
    /** Visible endpoints (alive and recently gone), in arrival order. */
    private final Map<Guid, Member> readers = new LinkedHashMap<>();
    private final Map<Guid, Member> writers = new LinkedHashMap<>();
    /** Endpoints a snapshot without the tools' entities leaves out (own or another DDS Tuner's). */
    private int ownCount;
    /**
     * A hidden (own or tool) endpoint was on this topic at some time: DCPSTopic does not say who defines a
     * topic, and the tool's topic entities may outlive their readers, so such a topic known from DCPSTopic
     * alone stays hidden by default.
     */
    private boolean hadHidden;
    /** DCPSTopic announcements of this name, by topic key. */
    private final Map<Guid, TopicDefinition> definitions = new LinkedHashMap<>();
    private long version;
    /** Cached views for snapshots without / with the tool's own endpoints; null once stale. */
    private TopicView withoutOwn;
    private TopicView withOwn;

    TopicIndex(String name) {
        this.name = name;
    }

    /** No endpoint and no DCPSTopic announcement: the model drops the topic. */
    boolean isEmpty() {
        return readers.isEmpty() && writers.isEmpty() && definitions.isEmpty();
    }

    /** Adds or replaces a DCPSTopic announcement. */
    void define(TopicDefinition d) {
        definitions.put(d.key(), d);
        changed();
    }

    /** Drops an announcement; true if it was there. */
    boolean undefine(Guid key) {
        boolean had = definitions.remove(key) != null;
        if (had) {
            changed();
        }
        return had;
    }

    /** Adds or replaces an endpoint. */
    void put(Endpoint e) {
        Member old = side(e.kind()).get(e.guid());
        // a liveliness or own-flag change keeps the signature: no need to hash the QoS again
        MatchSignature sig = old != null && sameMatchInputs(old.endpoint(), e) ? old.signature()
                : MatchExplainer.signature(e);
        side(e.kind()).put(e.guid(), new Member(e, sig));
        if (old != null && old.endpoint().hidden()) {
            ownCount--;
        }
        if (e.hidden()) {
            ownCount++;
            hadHidden = true;
        }
        changed();
    }

    void remove(Guid guid) {
        Member old = readers.remove(guid);
        if (old == null) {
            old = writers.remove(guid);
        }
        if (old != null) {
            if (old.endpoint().hidden()) {
                ownCount--;
            }
            changed();
        }
    }

    private static boolean sameMatchInputs(Endpoint a, Endpoint b) {
        return a.qos() == b.qos() && a.typeName().equals(b.typeName()) && a.hasTypeInformation() == b.hasTypeInformation()
                && a.partitions().equals(b.partitions());
    }

    private void changed() {
        version++;
        withoutOwn = null;
        withOwn = null;
    }

    private Map<Guid, Member> side(EndpointKind kind) {
        return kind == EndpointKind.READER ? readers : writers;
    }

    /** The cached view, or null when the topic changed since it was built. */
    TopicView cachedView(boolean includeOwn) {
        return includeOwn ? withOwn : withoutOwn;
    }

    /** O(endpoints on the topic) array copies; the expensive part is done by the caller outside the lock. */
    Capture capture() {
        return new Capture(this, version, readers.values().toArray(Member[]::new),
                writers.values().toArray(Member[]::new), ownCount > 0 || hadHidden && !definitions.isEmpty(),
                definitions.values().toArray(TopicDefinition[]::new));
    }

    /** Caches a view built from a capture unless the topic changed meanwhile. */
    void install(TopicView view, long builtFrom, boolean includeOwn) {
        if (builtFrom != version) {
            return;
        }
        // without own endpoints on the topic both snapshots see the same view
        boolean same = ownCount == 0 && !(hadHidden && !definitions.isEmpty());
        if (includeOwn || same) {
            withOwn = view;
        }
        if (!includeOwn || same) {
            withoutOwn = view;
        }
    }
}
