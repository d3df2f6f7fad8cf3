package org.ddstuner.system.ui.tree;

import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.widgets.Tree;
import org.eclipse.swt.widgets.TreeColumn;
import org.eclipse.swt.widgets.TreeItem;

/**
 * The one column of a live tree: as wide as the tree, or as the widest row shown so far so a long row can
 * be scrolled to. A tree with no column at all makes SWT/GTK measure every open row below a row each time
 * it draws that row (to size the horizontal scroll), which is what a column avoids. Row widths are
 * estimated from the text length (O(1) per row shown) rather than measured.
 */
final class WidthTracker {

    /** Room for the expander and icon of a row, and per level of indentation. */
    private static final int ROW_EXTRA = 48;
    private static final int INDENT = 24;

    private final Tree tree;
    private final TreeColumn column;
    private final double charWidth;
    private int widest;
    private boolean fitPending;

    WidthTracker(Tree tree) {
        this.tree = tree;
        this.column = new TreeColumn(tree, SWT.LEFT);
        tree.setHeaderVisible(false);
        GC gc = new GC(tree);
        try {
            charWidth = gc.getFontMetrics().getAverageCharacterWidth();
        } finally {
            gc.dispose();
        }
        tree.addListener(SWT.Resize, e -> fit());
        // after the viewer's own SetData listener, so the row has its text
        tree.addListener(SWT.SetData, e -> {
            if (e.item instanceof TreeItem item && !item.isDisposed()) {
                noteRow(item);
            }
        });
    }

    private void noteRow(TreeItem item) {
        int depth = 0;
        for (TreeItem p = item.getParentItem(); p != null; p = p.getParentItem()) {
            depth++;
        }
        int w = ROW_EXTRA + depth * INDENT + (int) Math.ceil(item.getText().length() * charWidth);
        if (w > widest) {
            widest = w;
            if (!fitPending) {
                fitPending = true; // not while GTK is asking for row data: once the event is handled
                tree.getDisplay().asyncExec(() -> {
                    fitPending = false;
                    fit();
                });
            }
        }
    }

    private void fit() {
        if (tree.isDisposed()) {
            return;
        }
        int w = Math.max(tree.getClientArea().width, widest);
        if (w > 0 && column.getWidth() != w) {
            column.setWidth(w);
        }
    }
}
