package org.ddstuner.system.ui.details;

import java.util.List;
import java.util.function.Function;

import org.ddstuner.system.ui.Messages;
import org.eclipse.jface.action.Action;
import org.eclipse.jface.action.MenuManager;
import org.eclipse.jface.viewers.ArrayContentProvider;
import org.eclipse.jface.viewers.ColumnLabelProvider;
import org.eclipse.jface.viewers.ColumnViewerToolTipSupport;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.jface.viewers.StructuredSelection;
import org.eclipse.jface.viewers.TableViewer;
import org.eclipse.jface.viewers.TableViewerColumn;
import org.eclipse.swt.SWT;
import org.eclipse.swt.dnd.Clipboard;
import org.eclipse.swt.dnd.TextTransfer;
import org.eclipse.swt.dnd.Transfer;
import org.eclipse.swt.layout.FillLayout;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.TableColumn;

/**
 * A read-only table whose rows can be copied (context menu "Copy" or Ctrl+C): one selected row copies
 * one chosen column (e.g. just the GUID), several rows copy tab-separated lines. Columns are sized to
 * their content and the last one takes the remaining width, so short names do not waste the room long
 * values need; cut-off cells show their full text as a tooltip.
 *
 * @param <R> row type
 */
public final class CopyableTable<R> {

    /** No column but the last takes more than this share of the width: the value must stay in sight. */
    private static final double MAX_COLUMN_SHARE = 0.45;

    private final Composite holder;
    private final TableViewer viewer;
    private final List<Function<R, String>> columns;
    private final int copyColumn;
    private List<R> rows = List.of();
    private boolean fitting;

    /**
     * @param titles     column titles
     * @param columns    cell text per column
     * @param copyColumn the column a single selected row copies
     */
    public CopyableTable(Composite parent, String[] titles, List<Function<R, String>> columns, int copyColumn) {
        this.columns = columns;
        this.copyColumn = copyColumn;
        holder = new Composite(parent, SWT.NONE);
        holder.setLayout(new FillLayout());
        viewer = new TableViewer(holder, SWT.MULTI | SWT.FULL_SELECTION | SWT.H_SCROLL | SWT.V_SCROLL);
        viewer.getTable().setHeaderVisible(true);
        viewer.getTable().setLinesVisible(true);
        viewer.setContentProvider(ArrayContentProvider.getInstance());
        for (int i = 0; i < titles.length; i++) {
            TableViewerColumn col = new TableViewerColumn(viewer, SWT.LEFT);
            col.getColumn().setText(titles[i]);
            Function<R, String> cell = columns.get(i);
            col.setLabelProvider(new ColumnLabelProvider() {
                @SuppressWarnings("unchecked")
                @Override
                public String getText(Object element) {
                    return cell.apply((R) element);
                }

                @SuppressWarnings("unchecked")
                @Override
                public String getToolTipText(Object element) {
                    String text = cell.apply((R) element);
                    return text == null || text.isEmpty() ? null : text;
                }
            });
        }
        ColumnViewerToolTipSupport.enableFor(viewer);
        viewer.getTable().addListener(SWT.Resize, e -> fitColumns());
        Action copy = new Action(Messages.COPY) {
            @Override
            public void run() {
                copySelection();
            }
        };
        MenuManager menu = new MenuManager();
        menu.add(copy);
        viewer.getTable().setMenu(menu.createContextMenu(viewer.getTable()));
        viewer.getTable().addListener(SWT.KeyDown, e -> {
            if ((e.stateMask & SWT.MOD1) != 0 && (e.keyCode == 'c' || e.keyCode == 'C')) {
                copySelection();
            }
        });
    }

    /**
     * Shows {@code newRows}; does nothing when they are equal to what is shown. Rows still present stay
     * selected, so a live refresh does not take away what someone is reading.
     */
    public void setRows(List<R> newRows) {
        if (newRows.equals(rows)) {
            return;
        }
        List<?> selected = viewer.getStructuredSelection().toList();
        rows = List.copyOf(newRows);
        viewer.getTable().setRedraw(false);
        try {
            viewer.setInput(rows);
            List<?> kept = selected.stream().filter(rows::contains).toList();
            if (!kept.isEmpty()) {
                viewer.setSelection(new StructuredSelection(kept));
            }
            fitColumns();
        } finally {
            viewer.getTable().setRedraw(true);
        }
    }

    /** Packs every column to its content (capped) and gives the last one whatever width is left. */
    void fitColumns() {
        Table table = viewer.getTable();
        int available = table.getClientArea().width;
        if (fitting || available <= 0) {
            return;
        }
        fitting = true;
        try {
            TableColumn[] cols = table.getColumns();
            int used = 0;
            for (int i = 0; i < cols.length - 1; i++) {
                cols[i].pack();
                int w = Math.min(cols[i].getWidth(), (int) (available * MAX_COLUMN_SHARE));
                cols[i].setWidth(w);
                used += w;
            }
            TableColumn last = cols[cols.length - 1];
            last.pack();
            last.setWidth(Math.max(last.getWidth(), available - used));
        } finally {
            fitting = false;
        }
    }

    /** Renames column {@code index} (e.g. when the rows change meaning). */
    public void setColumnTitle(int index, String title) {
        TableColumn col = viewer.getTable().getColumn(index);
        if (!title.equals(col.getText())) {
            col.setText(title);
            fitColumns();
        }
    }

    public List<R> rows() {
        return rows;
    }

    /** The one selected row, or null when none or several are selected. */
    @SuppressWarnings("unchecked")
    public R selectedRow() {
        IStructuredSelection sel = viewer.getStructuredSelection();
        return sel.size() == 1 ? (R) sel.getFirstElement() : null;
    }

    /** The text Copy puts on the clipboard for the current selection. */
    @SuppressWarnings("unchecked")
    public String selectionText() {
        List<R> sel = viewer.getStructuredSelection().toList();
        if (sel.size() == 1) {
            return columns.get(copyColumn).apply(sel.get(0));
        }
        StringBuilder b = new StringBuilder();
        for (R r : sel) {
            for (int i = 0; i < columns.size(); i++) {
                b.append(i > 0 ? "\t" : "").append(columns.get(i).apply(r));
            }
            b.append(System.lineSeparator());
        }
        return b.toString();
    }

    private void copySelection() {
        String text = selectionText();
        if (text.isEmpty()) {
            return;
        }
        Clipboard cb = new Clipboard(viewer.getTable().getDisplay());
        try {
            cb.setContents(new Object[] { text }, new Transfer[] { TextTransfer.getInstance() });
        } finally {
            cb.dispose();
        }
    }

    public Composite control() {
        return holder;
    }

    public TableViewer viewer() {
        return viewer;
    }
}
