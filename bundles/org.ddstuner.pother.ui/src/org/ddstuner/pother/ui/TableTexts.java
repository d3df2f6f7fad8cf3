package org.ddstuner.pother.ui;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntPredicate;

import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.TableColumn;
import org.eclipse.swt.widgets.TableItem;

/**
 * The Benchmarks views' tables: made one way, and the texts they show row by row (what the views'
 * {@code rows()} hand to tests and exports).
 */
final class TableTexts {

    /** Column data key: the width this class gave the column (see {@link #widenToFit}). */
    private static final String WIDTH = "ddstuner.width";
    /** Column data key: the width of the column's header alone, the least {@link #fitToTexts} makes it. */
    private static final String HEADER_WIDTH = "ddstuner.headerWidth";
    /** Column data key of the filler column (no header, no texts). */
    private static final String FILLER = "ddstuner.filler";

    private TableTexts() {
    }

    /**
     * A bordered, multi-select table with header and lines that fills its row of {@code parent}'s grid
     * ({@code horizontalSpan} cells), one column per header with its width (null: each as wide as its
     * header, and an empty filler column after them that takes the room left: GTK gives it to the last column,
     * which would put that column's right-aligned numbers far from the others); numbers are right-aligned.
     */
    static Table create(Composite parent, int horizontalSpan, String[] headers, int[] widths,
            IntPredicate rightAligned) {
        Table table = new Table(parent, SWT.BORDER | SWT.FULL_SELECTION | SWT.MULTI);
        table.setHeaderVisible(true);
        table.setLinesVisible(true);
        table.setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true, horizontalSpan, 1));
        for (int i = 0; i < headers.length; i++) {
            TableColumn col = new TableColumn(table, rightAligned.test(i) ? SWT.RIGHT : SWT.LEFT);
            col.setText(headers[i]);
            if (widths == null) {
                col.pack(); // before the first layout: the header's own width, for every column
                col.setData(WIDTH, col.getWidth());
                col.setData(HEADER_WIDTH, col.getWidth());
            } else {
                col.setWidth(widths[i]);
            }
        }
        if (widths == null) {
            TableColumn filler = new TableColumn(table, SWT.LEFT);
            filler.setData(FILLER, Boolean.TRUE);
            filler.setWidth(4); // GTK hides a column of width 0, and the last real one would take the room again
        }
        return table;
    }

    /** Each column's header tooltip: what its short header means. */
    static void tooltips(Table table, String[] tips) {
        for (int i = 0; i < tips.length && i < table.getColumnCount(); i++) {
            table.getColumn(i).setToolTipText(tips[i]);
        }
    }

    /**
     * A column with header {@code header} added after the others (before the filler of a table made without widths),
     * as wide as its header until {@link #widenToFit} widens it.
     */
    static TableColumn addColumn(Table table, String header, String tip, boolean rightAligned) {
        TableColumn col = new TableColumn(table, rightAligned ? SWT.RIGHT : SWT.LEFT, columns(table));
        col.setText(header);
        col.setToolTipText(tip);
        col.pack();
        col.setData(WIDTH, col.getWidth());
        col.setData(HEADER_WIDTH, col.getWidth());
        return col;
    }

    /** Disposes the columns with a header from {@code index} on (the filler stays). */
    static void removeColumnsFrom(Table table, int index) {
        while (columns(table) > index) {
            table.getColumn(columns(table) - 1).dispose();
        }
    }

    /** Room beside a cell's text: GTK's cell padding and the separator. */
    private static final int CELL_PADDING = 20;

    /**
     * Widens columns whose cells no longer fit; never narrows one (no jumping while a run streams). Measures the
     * texts itself: after layout GTK reports the last column's width as all the room left, and packing it then
     * would fix it at that width and push it off screen.
     */
    static void widenToFit(Table table) {
        GC gc = new GC(table);
        try {
            for (int i = 0; i < columns(table); i++) {
                TableColumn col = table.getColumn(i);
                int w = col.getData(WIDTH) instanceof Integer set ? set : col.getWidth();
                int needed = w;
                for (TableItem item : table.getItems()) {
                    needed = Math.max(needed, gc.textExtent(item.getText(i)).x + CELL_PADDING);
                }
                if (needed != w || !(col.getData(WIDTH) instanceof Integer)) {
                    col.setWidth(needed);
                    col.setData(WIDTH, needed);
                }
            }
        } finally {
            gc.dispose();
        }
    }

    /**
     * Sizes every column to its header and the texts it holds now, narrower too: for a table that has started to show
     * something else (another run), where the widths the last one needed (a pipeline's long measure names) would only
     * push columns off screen.
     */
    static void fitToTexts(Table table) {
        GC gc = new GC(table);
        try {
            for (int i = 0; i < columns(table); i++) {
                TableColumn col = table.getColumn(i);
                int needed = col.getData(HEADER_WIDTH) instanceof Integer h ? h : col.getWidth();
                for (TableItem item : table.getItems()) {
                    needed = Math.max(needed, gc.textExtent(item.getText(i)).x + CELL_PADDING);
                }
                col.setWidth(needed);
                col.setData(WIDTH, needed);
            }
        } finally {
            gc.dispose();
        }
    }

    /** The columns with a header (the filler is last). */
    static int columns(Table table) {
        int n = table.getColumnCount();
        return n > 0 && table.getColumn(n - 1).getData(FILLER) != null ? n - 1 : n;
    }

    /** Every row's cell texts, one per column. UI thread only. */
    static List<String[]> rows(Table table) {
        List<String[]> out = new ArrayList<>();
        for (TableItem item : table.getItems()) {
            String[] r = new String[columns(table)];
            for (int i = 0; i < r.length; i++) {
                r[i] = item.getText(i);
            }
            out.add(r);
        }
        return out;
    }
}
