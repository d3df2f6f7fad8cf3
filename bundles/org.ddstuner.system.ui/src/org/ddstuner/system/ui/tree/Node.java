package org.ddstuner.system.ui.tree;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

import org.ddstuner.connection.Connection;
import org.ddstuner.connection.SystemConnection;
import org.ddstuner.system.ui.live.EntityRef;
import org.ddstuner.system.ui.live.LiveConnection;
import org.eclipse.core.runtime.IAdaptable;
import org.eclipse.jface.viewers.TreePath;

/**
 * One row of a lazy system tree. Built off the UI thread, immutable once its parent is built.
 * Equality is by {@link #path()} so the viewer recognises "the same row" across refreshes.
 *
 * <p>Builds share what did not change: a tree builder hands out the very {@code Node} of its previous
 * build for a row whose entity, text and children are the same (so a reused row's whole subtree is
 * reused), and a new {@code Node} for a changed row, which then {@linkplain #replacing replaces} the old
 * one. Rows are never changed in place: the UI thread compares the shown build with the new one while
 * the builder works on the next. Only {@link #parent()} moves to the newest parent with the same path.
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
    /** Its connection's link was down when the row was made: the last picture, drawn greyed. */
    private final boolean stale;
    private Node parent;
    private Node[] children = NONE;
    /** The previous build's row with this path that this one replaces; builder thread, cleared when shown. */
    private Node predecessor;
    /** The row that replaced this one in a build shown since; UI thread only. */
    private Node successor;
    /** Already part of a build: then so is its whole subtree (builder thread only). */
    private boolean published;

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
        this.stale = connection != null && connection.stale();
    }

    /** Sets the children once, while building. */
    Node withChildren(List<Node> kids) {
        return withChildren(kids.toArray(NONE));
    }

    /**
     * Sets the children once, while building; {@code kids} may be a previous row's array (never changed
     * afterwards). Shared children move to this parent: both have the same path, so either is right.
     */
    Node withChildren(Node[] kids) {
        children = kids;
        for (Node k : children) {
            k.parent = this;
        }
        return this;
    }

    /** Marks this new row as the successor of {@code previous} (same path) once its build is shown. */
    Node replacing(Node previous) {
        if (previous != null && previous != this) {
            predecessor = previous;
        }
        return this;
    }

    /** Whether this row looks exactly like a new one made of these parts would (same path assumed). */
    boolean shows(Kind k, String text, String warningNote, boolean isGone, boolean isWarning, LiveConnection c) {
        return kind == k && gone == isGone && warning == isWarning && connection == c && label.equals(text)
                && note.equals(warningNote) && stale == (c != null && c.stale());
    }

    Node predecessor() {
        return predecessor;
    }

    /** Called on the UI thread when the build holding this row is shown: the old row now leads here. */
    void link() {
        if (predecessor != null) {
            predecessor.successor = this;
            predecessor = null;
        }
    }

    /** The newest shown row with this path that this one led to (itself when not replaced). UI thread. */
    Node current() {
        Node n = this;
        while (n.successor != null) {
            n = n.successor;
        }
        return n;
    }

    boolean published() {
        return published;
    }

    void publish() {
        published = true;
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
    /** Shown greyed: its connection's link was down (the last picture). */
    public boolean stale() {
        return stale;
    }

    public boolean warning() {
        return warning;
    }

    public Node parent() {
        return parent;
    }

    public Node[] children() {
        return children;
    }

    /** Where this row is in a viewer: its ancestors from the root, then the row itself. */
    public TreePath treePath() {
        List<Object> segments = new ArrayList<>();
        for (Node x = this; x != null; x = x.parent) {
            segments.add(0, x);
        }
        return new TreePath(segments.toArray());
    }

    /** The first row in the trees of {@code roots} that {@code p} accepts (depth first, last root first), or null. */
    public static Node find(List<Node> roots, Predicate<Node> p) {
        List<Node> todo = new ArrayList<>(roots);
        while (!todo.isEmpty()) {
            Node n = todo.remove(todo.size() - 1);
            if (p.test(n)) {
                return n;
            }
            todo.addAll(List.of(n.children()));
        }
        return null;
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
        if (adapter == SystemConnection.class) {
            return adapter.cast(connection.system());
        }
        if (adapter == Connection.class) {
            return connection.isLocal() ? adapter.cast(connection.connection()) : null;
        }
        return null;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Node n && n.path.equals(path);
    }

    @Override
    public int hashCode() {
        return path.hashCode(); // no varargs array: the viewer hashes rows on the UI thread
    }

    @Override
    public String toString() {
        return label();
    }
}
