package org.ddstuner.pother.ui;

import java.util.List;

import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Table;
import org.eclipse.ui.part.ViewPart;

/**
 * A Benchmarks view around one table (made by {@link TableTexts#create}) that the {@link RefreshTicker} brings up to
 * date: what the Agents, Discovery, Percentiles and Runs views share — the ticker registration and its removal on
 * dispose, the guard against a disposed table, {@link #table()}, {@link #rows()} and the focus.
 */
public abstract class TableViewPart extends ViewPart {

    /** Set by the subclass in {@code createPartControl}, before {@link #startRefreshing}. */
    protected Table table;
    private final Runnable tick = this::tick;

    /** A label in the next cell of {@code c}'s grid, as wide as the cell, showing {@code text}. */
    protected static Label headingIn(Composite c, int style, String text) {
        Label heading = new Label(c, style);
        heading.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
        heading.setText(text);
        return heading;
    }

    /** A composite with a one-column grid in {@code parent}: a heading above a table. */
    protected static Composite column(Composite parent) {
        Composite c = new Composite(parent, SWT.NONE);
        c.setLayout(new GridLayout(1, false));
        return c;
    }

    /** Refreshes on every tick of {@link RefreshTicker} from now on, and once now. */
    protected final void startRefreshing(Display display) {
        RefreshTicker.add(display, tick);
        tick();
    }

    private void tick() {
        if (table != null && !table.isDisposed()) {
            refresh();
        }
    }

    /** Brings the view up to date (UI thread; the table is there). */
    protected abstract void refresh();

    public Table table() {
        return table;
    }

    /** Rows as shown: the texts of every cell. */
    public List<String[]> rows() {
        return TableTexts.rows(table);
    }

    @Override
    public void setFocus() {
        table.setFocus();
    }

    @Override
    public void dispose() {
        RefreshTicker.remove(tick);
        super.dispose();
    }
}
