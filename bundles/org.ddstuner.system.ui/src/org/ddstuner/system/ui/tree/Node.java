package org.ddstuner.system.ui.tree;

import java.util.List;
import java.util.Objects;

import org.ddstuner.connection.Connection;
import org.ddstuner.system.ui.live.EntityRef;
import org.ddstuner.system.ui.live.LiveConnection;
import org.eclipse.core.runtime.IAdaptable;

/**
 * One row of a lazy system tree. Built off the UI thread, immutable once its parent is built.
 * Equality is by {@link #path()} so the viewer recognises "the same row" across refreshes.
 */
public final class Node implements IAdaptable {

    /** What a row stands for; decides its icon. */
    public enum Kind { CONNECTION, HOST, PROCESS, PARTICIPANT, PUBLISHER, SUBSCRIBER, WRITER, READER, TOPIC, PARTITION, GROUP }

    private static final Node[] NONE = new Node[0];

    private final Kind kind;
    private final String path;
    private final String label;
    private final String note;
    private final LiveConnection connection;
    private final EntityRef ref;
    private final boolean gone;
    private final boolean warning;
    private Node parent;
    private Node[] children = NONE;

    public Node(Kind kind, String path, String label, LiveConnection connection, EntityRef ref, boolean gone,
            boolean warning) {
        this(kind, path, label, "", connection, ref, gone, warning);
    }

    /**
     * @param note what is worth a look about the row (" — no match"), shown after the label in the
     *             warning colour; "" for none
     */
    public Node(Kind kind, String path, String label, String note, LiveConnection connection, EntityRef ref,
            boolean gone, boolean warning) {
        this.kind = kind;
        this.path = path;
        this.label = label;
        this.note = note;
        this.connection = connection;
        this.ref = ref;
        this.gone = gone;
        this.warning = warning;
    }

    /** Sets the children once, while building. */
    Node withChildren(List<Node> kids) {
        children = kids.toArray(NONE);
        for (Node k : children) {
            k.parent = this;
        }
        return this;
    }

    public Kind kind() {
        return kind;
    }

    /** Unique within its tree, stable across refreshes. */
    public String path() {
        return path;
    }

    /** The whole text of the row: the label and the note. */
    public String label() {
        return label + note;
    }

    /** The label without the note. */
    public String text() {
        return label;
    }

    /** The warning part of the label, "" when there is none. */
    public String note() {
        return note;
    }

    public LiveConnection connection() {
        return connection;
    }

    /** The entity shown, or null for grouping rows (host, process, publisher…). */
    public EntityRef ref() {
        return ref;
    }

    /** Greyed: the entity (or its participant) was lost. */
    public boolean gone() {
        return gone;
    }

    /** Worth a look: a topic seen from one side only, an endpoint without a match. */
    public boolean warning() {
        return warning;
    }

    public Node parent() {
        return parent;
    }

    public Node[] children() {
        return children;
    }

    @Override
    public <T> T getAdapter(Class<T> adapter) {
        if (connection == null) {
            return null; // a message row
        }
        if (adapter == EntityRef.class) {
            return adapter.cast(ref != null ? ref : EntityRef.of(connection));
        }
        if (adapter == LiveConnection.class) {
            return adapter.cast(connection);
        }
        if (adapter == Connection.class) {
            return adapter.cast(connection.connection());
        }
        return null;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Node n && n.path.equals(path);
    }

    @Override
    public int hashCode() {
        return Objects.hash(path);
    }

    @Override
    public String toString() {
        return label();
    }
}
