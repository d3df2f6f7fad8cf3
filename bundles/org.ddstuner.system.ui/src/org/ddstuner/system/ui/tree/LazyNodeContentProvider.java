package org.ddstuner.system.ui.tree;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

import org.eclipse.jface.viewers.ILazyTreeContentProvider;
import org.eclipse.jface.viewers.TreeViewer;

/**
 * Feeds a {@code SWT.VIRTUAL} tree from prebuilt {@link Node}s: the widget asks only for the rows it
 * shows, so a tree of 20,000 endpoints costs what its visible rows cost.
 */
final class LazyNodeContentProvider implements ILazyTreeContentProvider {

    /**
     * One build of the tree: its roots and the rows it made anew in place of an older build's (same
     * path). Rows that did not change are the very Nodes of the older build; a widget row may still
     * hold a replaced Node as its data, so children are asked of {@link Node#current()}.
     */
    record Built(Node[] roots, Node[] replacing) {

        /**
         * Collects the new rows that replace old ones; walks only rows new in this build (a row of an
         * earlier build brings its whole subtree along), so it costs what changed. Builder thread.
         */
        static Built of(List<Node> roots) {
            List<Node> replacing = new ArrayList<>();
            ArrayDeque<Node> todo = new ArrayDeque<>();
            for (Node r : roots) {
                if (!r.published()) {
                    todo.push(r);
                }
            }
            while (!todo.isEmpty()) {
                Node n = todo.pop();
                n.publish();
                if (n.predecessor() != null) {
                    replacing.add(n);
                }
                for (Node c : n.children()) {
                    if (!c.published()) {
                        todo.push(c);
                    }
                }
            }
            return new Built(roots.toArray(new Node[0]), replacing.toArray(new Node[0]));
        }

        /** Points the replaced rows to their successors; on the UI thread, as the build is shown. */
        void link() {
            for (Node n : replacing) {
                n.link();
            }
        }

        /** The current row for {@code n}'s path, or {@code n} itself when it is gone. UI thread. */
        Node current(Node n) {
            return n.current();
        }
    }

    /** The viewer input: the current build, replaced on every refresh. */
    static final class Roots {
        private Built built = new Built(new Node[0], new Node[0]);

        Node[] nodes() {
            return built.roots();
        }

        Built built() {
            return built;
        }

        /** Shows {@code b}: from now on the rows it replaced lead to its rows. */
        void set(Built b) {
            b.link();
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
