package org.ddstuner.pother.ui;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntPredicate;

import org.eclipse.swt.SWT;
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

    private TableTexts() {
    }

    /**
     * A bordered, multi-select table with header and lines that fills its row of {@code parent}'s grid
     * ({@code horizontalSpan} cells), one column per header with its width; numbers are right-aligned.
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
            col.setWidth(widths[i]);
        }
        return table;
    }

    /** Every row's cell texts, one per column. UI thread only. */
    static List<String[]> rows(Table table) {
        List<String[]> out = new ArrayList<>();
        for (TableItem item : table.getItems()) {
            String[] r = new String[table.getColumnCount()];
            for (int i = 0; i < r.length; i++) {
                r[i] = item.getText(i);
            }
            out.add(r);
        }
        return out;
    }
}
