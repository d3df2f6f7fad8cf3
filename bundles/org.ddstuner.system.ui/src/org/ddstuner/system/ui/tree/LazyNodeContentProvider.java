package org.ddstuner.system.ui.tree;

import java.util.List;

import org.eclipse.jface.viewers.ILazyTreeContentProvider;
import org.eclipse.jface.viewers.TreeViewer;

/**
 * Feeds a {@code SWT.VIRTUAL} tree from prebuilt {@link Node}s: the widget asks only for the rows it
 * shows, so a tree of 20,000 endpoints costs what its visible rows cost.
 */
final class LazyNodeContentProvider implements ILazyTreeContentProvider {

    /** The viewer input: the current roots, replaced on every refresh. */
    static final class Roots {
        private Node[] nodes = new Node[0];

        Node[] nodes() {
            return nodes;
        }

        void set(List<Node> roots) {
            nodes = roots.toArray(new Node[0]);
        }
    }

    private final TreeViewer viewer;

    LazyNodeContentProvider(TreeViewer viewer) {
        this.viewer = viewer;
    }

    private static Node[] children(Object parent) {
        if (parent instanceof Roots r) {
            return r.nodes();
        }
        return parent instanceof Node n ? n.children() : new Node[0];
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
