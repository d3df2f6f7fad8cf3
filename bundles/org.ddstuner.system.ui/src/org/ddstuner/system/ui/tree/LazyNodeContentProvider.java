package org.ddstuner.system.ui.tree;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.jface.viewers.ILazyTreeContentProvider;
import org.eclipse.jface.viewers.TreeViewer;

/**
 * Feeds a {@code SWT.VIRTUAL} tree from prebuilt {@link Node}s: the widget asks only for the rows it
 * shows, so a tree of 20,000 endpoints costs what its visible rows cost.
 */
final class LazyNodeContentProvider implements ILazyTreeContentProvider {

    /**
     * One build of the tree: its roots and every row by path, made off the UI thread. Rows that did not
     * change keep the {@link Node} of an older build as their data, so children are looked up by path.
     */
    record Built(Node[] roots, Map<String, Node> byPath) {

        static Built of(List<Node> roots) {
            Map<String, Node> byPath = new HashMap<>();
            java.util.ArrayDeque<Node> todo = new java.util.ArrayDeque<>(roots);
            while (!todo.isEmpty()) {
                Node n = todo.pop();
                byPath.put(n.path(), n);
                for (Node c : n.children()) {
                    todo.push(c);
                }
            }
            return new Built(roots.toArray(new Node[0]), byPath);
        }

        /** The current row for {@code n}'s path, or {@code n} itself when it is gone. */
        Node current(Node n) {
            Node c = byPath.get(n.path());
            return c != null ? c : n;
        }
    }

    /** The viewer input: the current build, replaced on every refresh. */
    static final class Roots {
        private Built built = new Built(new Node[0], Map.of());

        Node[] nodes() {
            return built.roots();
        }

        Built built() {
            return built;
        }

        void set(Built b) {
            built = b;
        }
    }

    private final TreeViewer viewer;
    private final Roots roots;

    LazyNodeContentProvider(TreeViewer viewer, Roots roots) {
        this.viewer = viewer;
        this.roots = roots;
    }

    private Node[] children(Object parent) {
        if (parent instanceof Roots r) {
            return r.nodes();
        }
        return parent instanceof Node n ? roots.built().current(n).children() : new Node[0];
    }

    @Override
    public void updateElement(Object parent, int index) {
        Node[] kids = children(parent);
        if (index < kids.length) {
            Node child = kids[index];
            viewer.replace(parent, index, child);
            viewer.setChildCount(child, child.children().length);
        }
    }

    @Override
    public void updateChildCount(Object element, int currentChildCount) {
        int count = children(element).length;
        if (count != currentChildCount) {
            viewer.setChildCount(element, count);
        }
    }

    @Override
    public Object getParent(Object element) {
        if (element instanceof Node n) {
            return n.parent() != null ? n.parent() : viewer.getInput();
        }
        return null;
    }
}
