package org.ddstuner.pother.ui;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.TableItem;

/** The texts a table shows, row by row (what the views' {@code rows()} hand to tests and exports). */
final class TableTexts {

    private TableTexts() {
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
