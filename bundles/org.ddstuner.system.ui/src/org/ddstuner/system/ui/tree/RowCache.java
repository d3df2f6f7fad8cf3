package org.ddstuner.system.ui.tree;

import java.util.HashMap;
import java.util.Map;

/**
 * The rows a tree builder made last time, by entity key, with what each was made from, so the next
 * build hands out the same {@link Node} for an entity that did not change. The model replaces an
 * entity (an immutable record) when it changes and snapshots share unchanged ones, so "made from the
 * same record" is an identity check: no label is built to find out. Builder thread only.
 *
 * @param <K> the entity key (GUID, topic or partition name)
 */
final class RowCache<K> {

    /** One entity's row and the inputs it was made from. */
    static final class Entry {
        /** The record the row was made from (endpoint, topic…); compared by identity. */
        Object basis;
        /** A second input (its participant, its parent's path…), or null. */
        Object basis2;
        /**
         * The endpoint's {@link org.ddstuner.system.Topic} when the row was made or last checked: matching
         * happens within a topic and snapshots share an unchanged topic's record, so the same topic record
         * means the same match note, without asking the snapshot for a match summary.
         */
        Object topic;
        /** The warning note the row was made with: a {@code Messages} constant or "". */
        String note = "";
        boolean warning;
        /** The row made, or null when the entity was left out (filter) or not made yet. */
        Node node;
        /** Builder-specific state kept with the entity (e.g. the rows below it). */
        Object extra;
        private int seen;

        /** Whether nothing the row shows can have changed: the same inputs and the same topic record. */
        boolean unchanged(Object b, Object b2, Object t) {
            return node != null && basis == b && (basis2 == b2 || basis2 != null && basis2.equals(b2)) && topic == t;
        }

        /** Whether the row was made from exactly these inputs. */
        boolean madeFrom(Object b, Object b2, String n, boolean w) {
            return node != null && basis == b && (basis2 == b2 || basis2 != null && basis2.equals(b2)) && warning == w
                    && note.equals(n);
        }

        void set(Object b, Object b2, String n, boolean w, Node made) {
            basis = b;
            basis2 = b2;
            note = n;
            warning = w;
            node = made;
        }
    }

    private final Map<K, Entry> entries = new HashMap<>();
    private int generation;

    /** The entry of {@code key} (new if there was none), marked as still in the tree. */
    Entry entry(K key) {
        Entry e = entries.get(key);
        if (e == null) {
            e = new Entry();
            entries.put(key, e);
        }
        e.seen = generation;
        return e;
    }

    /** Forgets the entities not asked for since the last sweep; call once per build. */
    void sweep() {
        int g = generation;
        entries.values().removeIf(e -> e.seen != g);
        generation++;
    }

    int size() {
        return entries.size();
    }
}
