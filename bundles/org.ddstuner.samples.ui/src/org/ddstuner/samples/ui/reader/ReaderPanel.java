package org.ddstuner.samples.ui.reader;

import java.util.ArrayList;
import java.util.List;

import org.ddstuner.samples.FilterParseException;
import org.ddstuner.samples.ReceivedSample;
import org.ddstuner.samples.SampleFilter;
import org.ddstuner.samples.SessionStats;
import org.ddstuner.samples.ui.Messages;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.SashForm;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Menu;
import org.eclipse.swt.widgets.MenuItem;
import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.TableColumn;
import org.eclipse.swt.widgets.TableItem;
import org.eclipse.swt.widgets.Text;

/**
 * The widgets of the {@link ReaderView}: a row of controls (history / latest per instance, pause, clear,
 * filter with its parse error, export, inject), a virtual table of samples over the details tree of the
 * selected one, and the counters.
 */
public final class ReaderPanel extends Composite {

    /** Autosized columns are never wider than this (pixels); the details tree shows long values. */
    private static final int MAX_AUTO_WIDTH = 320;
    /**
     * Rows the table grows by per feed tick at most. GTK appends a virtual table's rows one by one (~30 µs
     * each on a busy 2-core box): growing from 0 to a full 10,000-sample ring in one tick stalled the UI
     * thread ~300 ms (bench/reader-ui.sh). The table shows the newest rows and catches up within a few ticks.
     */
    static final int MAX_GROWTH_PER_TICK = 1000;

    private final ReaderView view;
    private final Button history;
    private final Button latest;
    private final Button pause;
    private final Text filter;
    private final Label filterError;
    private final Table table;
    private final SampleDetails details;
    private final Label counters;
    private final Label status;
    private final SashForm sash;
    private static final java.lang.management.ThreadMXBean CPU = java.lang.management.ManagementFactory.getThreadMXBean();
    private List<TableColumns.Col> cols = List.of();
    private long applyMaxNanos;
    private long applyCpuNanos;
    private long applyMaxCpuNanos;
    private long applyTicks;
    private SampleRows rows = new SampleRows(1);
    private boolean autosized;
    /** The sash got its weights for a real size (once; afterwards only an orientation change resets them). */
    private boolean sashFitted;

    ReaderPanel(Composite parent, ReaderView view) {
        super(parent, SWT.NONE);
        this.view = view;
        GridLayoutFactory.fillDefaults().margins(4, 4).applyTo(this);
        Composite bar = new Composite(this, SWT.NONE);
        GridLayoutFactory.fillDefaults().numColumns(10).applyTo(bar);
        GridDataFactory.fillDefaults().grab(true, false).applyTo(bar);
        history = toggle(bar, SWT.RADIO, Messages.READER_HISTORY, Messages.READER_HISTORY_TIP);
        history.setSelection(true);
        latest = toggle(bar, SWT.RADIO, Messages.READER_LATEST, Messages.READER_LATEST_TIP);
        latest.addListener(SWT.Selection, e -> view.setLatest(latest.getSelection()));
        pause = toggle(bar, SWT.TOGGLE, Messages.READER_PAUSE, Messages.READER_PAUSE_TIP);
        pause.addListener(SWT.Selection, e -> view.setPaused(pause.getSelection()));
        Button clear = toggle(bar, SWT.PUSH, Messages.READER_CLEAR, Messages.READER_CLEAR_TIP);
        clear.addListener(SWT.Selection, e -> view.clear());
        new Label(bar, SWT.NONE).setText(Messages.READER_FILTER);
        filter = new Text(bar, SWT.BORDER | SWT.SEARCH | SWT.ICON_CANCEL);
        filter.setMessage(Messages.READER_FILTER_HINT);
        filter.setToolTipText(Messages.READER_FILTER_TIP);
        GridDataFactory.fillDefaults().grab(true, false).hint(260, SWT.DEFAULT).applyTo(filter);
        filter.addListener(SWT.Modify, e -> view.setFilterText(filter.getText()));
        filterError = new Label(bar, SWT.NONE);
        filterError.setForeground(getDisplay().getSystemColor(SWT.COLOR_RED));
        GridDataFactory.fillDefaults().grab(true, false).align(SWT.FILL, SWT.CENTER).applyTo(filterError);
        Button export = toggle(bar, SWT.PUSH, Messages.READER_EXPORT, Messages.READER_EXPORT_TIP);
        export.addListener(SWT.Selection, e -> exportMenu(export));
        Button inject = toggle(bar, SWT.PUSH, Messages.READER_INJECT, Messages.READER_INJECT_TIP);
        inject.addListener(SWT.Selection, e -> view.inject());

        SashForm sash = new SashForm(this, SWT.VERTICAL);
        GridDataFactory.fillDefaults().grab(true, true).applyTo(sash);
        table = new Table(sash, SWT.VIRTUAL | SWT.BORDER | SWT.FULL_SELECTION | SWT.MULTI);
        table.setHeaderVisible(true);
        table.setLinesVisible(true);
        table.addListener(SWT.SetData, e -> {
            TableItem item = (TableItem) e.item;
            int i = e.index;
            if (i >= 0 && i < shownRows()) {
                item.setText(texts(rows.row(i)));
            }
        });
        table.addListener(SWT.Selection, e -> showDetails());
        details = new SampleDetails(sash);
        this.sash = sash;
        fitSash();
        sash.addListener(SWT.Resize, e -> fitSash());

        // the status gets its own line under the counters (beside them, a long one covered them); none when empty
        Composite bottom = new Composite(this, SWT.NONE);
        GridLayoutFactory.fillDefaults().spacing(0, 2).applyTo(bottom);
        GridDataFactory.fillDefaults().grab(true, false).applyTo(bottom);
        counters = new Label(bottom, SWT.NONE);
        GridDataFactory.fillDefaults().grab(true, false).applyTo(counters);
        status = new Label(bottom, SWT.NONE);
        GridDataFactory.fillDefaults().grab(true, false).exclude(true).applyTo(status);
        status.setVisible(false);
    }

    /**
     * Details beside the table when the view is wide (the default layout stacks it with the Topics view: wide
     * and low, where details below the table got a few rows), below it when the view is tall. Beside the table
     * they get a third, so that the table shows the key and the first fields next to the reception time in a
     * 1250 pixel wide window; below it about 40 %.
     */
    private void fitSash() {
        var size = sash.getSize();
        int orientation = size.x > size.y * 3 / 2 ? SWT.HORIZONTAL : SWT.VERTICAL;
        if (orientation != sash.getOrientation() || !sashFitted) {
            sash.setOrientation(orientation);
            sash.setWeights(orientation == SWT.HORIZONTAL ? new int[] {67, 33} : new int[] {58, 42});
            sashFitted = size.x > 0;
        }
    }

    /** The details pane's side: {@link SWT#HORIZONTAL} (beside the table) or {@link SWT#VERTICAL} (below). */
    public int detailsOrientation() {
        return sash.getOrientation();
    }

    public int[] sashWeights() {
        return sash.getWeights();
    }

    private static Button toggle(Composite parent, int style, String text, String tip) {
        Button b = new Button(parent, style);
        b.setText(text);
        b.setToolTipText(tip);
        return b;
    }

    private void exportMenu(Button anchor) {
        Menu m = new Menu(anchor);
        MenuItem sel = new MenuItem(m, SWT.PUSH);
        sel.setText(Messages.READER_EXPORT_SELECTED);
        sel.setEnabled(table.getSelectionCount() > 0);
        sel.addListener(SWT.Selection, e -> view.exportWithDialog(true));
        MenuItem all = new MenuItem(m, SWT.PUSH);
        all.setText(Messages.READER_EXPORT_ALL);
        all.addListener(SWT.Selection, e -> view.exportWithDialog(false));
        var p = anchor.toDisplay(0, anchor.getSize().y);
        m.setLocation(p);
        m.setVisible(true);
    }

    /** Sets up the columns for a session (capacity bounds the history rows). */
    /** The type of sample values, for the details (octet sequences as hex); null: unknown. */
    void valueType(org.ddstuner.types.TypeLibrary lib, org.ddstuner.types.DdsType type) {
        details.valueType(lib, type);
    }

    void columns(List<TableColumns.Col> columns, int capacity) {
        for (TableColumn c : table.getColumns()) {
            c.dispose();
        }
        cols = columns;
        rows = new SampleRows(capacity);
        autosized = false;
        GC gc = new GC(table);
        try {
            int charWidth = (int) Math.ceil(gc.getFontMetrics().getAverageCharacterWidth());
            for (TableColumns.Col c : columns) {
                TableColumn tc = new TableColumn(table, c.right() ? SWT.RIGHT : SWT.LEFT);
                tc.setText(c.header());
                tc.setToolTipText(c.tip());
                tc.setWidth(Math.max(gc.textExtent(c.header()).x + 24, c.width() * charWidth + 12));
                tc.setMoveable(true);
            }
        } finally {
            gc.dispose();
        }
        table.setItemCount(0);
        details.show(null);
    }

    private String[] texts(ReceivedSample s) {
        String[] t = new String[cols.size()];
        for (int i = 0; i < t.length; i++) {
            t[i] = cols.get(i).text().apply(s);
        }
        return t;
    }

    /** Applies a feed tick: new rows, counters; keeps the selected samples selected. */
    void apply(ReaderFeed.Update u) {
        long t0 = System.nanoTime();
        long c0 = CPU.getCurrentThreadCpuTime();
        applyTick(u);
        // what a tick costs the UI thread, wall clock and CPU (the box may be busy): bench/reader-ui.sh
        applyMaxNanos = Math.max(applyMaxNanos, System.nanoTime() - t0);
        long cpu = CPU.getCurrentThreadCpuTime() - c0;
        applyCpuNanos += cpu;
        applyMaxCpuNanos = Math.max(applyMaxCpuNanos, cpu);
        applyTicks++;
    }

    private void applyTick(ReaderFeed.Update u) {
        long[] selected = selectedKeys();
        rows.apply(u);
        refreshRows(selected);
        counters(u.stats(), u.missed());
        if (!autosized && rows.size() > 0) {
            autosize();
        }
    }

    private void refreshRows(long[] selected) {
        table.setRedraw(false);
        try {
            int shown = table.getItemCount();
            int want = Math.min(rows.size(), shown + MAX_GROWTH_PER_TICK);
            if (want < shown / 2) {
                table.removeAll(); // one clear of the GTK store instead of a removal per row
            }
            table.setItemCount(want);
            table.clearAll();
            List<Integer> idx = new ArrayList<>();
            for (long key : selected) {
                int i = rows.indexOf(key);
                if (i >= 0) {
                    idx.add(i);
                }
            }
            table.setSelection(idx.stream().mapToInt(Integer::intValue).toArray());
        } finally {
            table.setRedraw(true);
        }
        if (selected.length > 0) {
            showDetails(); // nothing selected any more, or (latest per instance) a newer sample of the instance
        }
    }

    /** What identifies the selected rows across updates: sample numbers, or instances in the latest view. */
    private long[] selectedKeys() {
        return java.util.Arrays.stream(table.getSelectionIndices()).filter(i -> i < rows.size())
                .mapToLong(rows::key).toArray();
    }

    /** Widens the columns to their first rows' content once (never past {@link #MAX_AUTO_WIDTH}). */
    private void autosize() {
        autosized = true;
        GC gc = new GC(table);
        try {
            int n = Math.min(rows.size(), 20);
            for (int c = 0; c < cols.size(); c++) {
                int w = table.getColumn(c).getWidth();
                for (int r = 0; r < n; r++) {
                    w = Math.max(w, gc.textExtent(cols.get(c).text().apply(rows.row(r))).x + 16);
                }
                table.getColumn(c).setWidth(Math.min(w, Math.max(MAX_AUTO_WIDTH, table.getColumn(c).getWidth())));
            }
        } finally {
            gc.dispose();
        }
    }

    private void counters(SessionStats s, long missed) {
        counters.setText(Messages.fill(Messages.READER_COUNTERS, s.received(), rows.size(), s.dropped() + missed,
                s.pausedDiscarded(), s.decodeErrors(), s.instances(), s.matchedWriters()));
        counters.getParent().layout();
    }

    void setLatest(boolean perInstance) {
        if (rows.latest() == perInstance) {
            return;
        }
        table.deselectAll();
        rows.setLatest(perInstance);
        latest.setSelection(perInstance);
        history.setSelection(!perInstance);
        refreshRows(new long[0]);
        details.show(null);
    }

    void clearRows() {
        rows.clear();
        table.setItemCount(0);
        details.show(null);
    }

    void showDetails() {
        int i = table.getSelectionIndex();
        ReceivedSample s = i >= 0 && i < rows.size() ? rows.row(i) : null;
        if (s == null || s.seq() != details.shownSeq()) {
            details.show(s);
        }
    }

    /** Shows a filter problem next to the field (null: none). */
    void filterError(FilterParseException e) {
        filterError.setText(e == null ? "" : Messages.fill(Messages.READER_FILTER_ERROR, e.column(), e.detail()));
        filterError.getParent().layout();
    }

    String statusText() {
        return status.getText();
    }

    /** Whether the status line shows a problem (red) rather than news (the normal colour). */
    boolean statusIsError() {
        return !status.getText().isEmpty() && status.getForeground().equals(getDisplay().getSystemColor(SWT.COLOR_RED));
    }

    /** Shows a problem in red (null: clears the line). */
    void status(String text) {
        showStatus(text, true);
    }

    /** Shows what happened, e.g. a type found or an export written, in the normal colour. */
    void info(String text) {
        showStatus(text, false);
    }

    private void showStatus(String text, boolean error) {
        boolean empty = text == null || text.isEmpty();
        if (status.getText().equals(empty ? "" : text) && statusIsError() == error) {
            return; // the feed repeats a failure every tick: no layout for nothing
        }
        status.setForeground(error ? getDisplay().getSystemColor(SWT.COLOR_RED) : null);
        status.setText(empty ? "" : text);
        status.setToolTipText(empty ? null : text);
        ((org.eclipse.swt.layout.GridData) status.getLayoutData()).exclude = empty;
        status.setVisible(!empty);
        layout(true, true);
    }

    /** Samples of the selected rows, oldest first. */
    List<ReceivedSample> selectedSamples() {
        List<ReceivedSample> out = new ArrayList<>();
        for (int i : table.getSelectionIndices()) {
            if (i < rows.size()) {
                out.add(rows.row(i));
            }
        }
        out.sort(java.util.Comparator.comparingLong(ReceivedSample::seq));
        return out;
    }

    /** Samples of every row shown, oldest first. */
    List<ReceivedSample> shownSamples() {
        List<ReceivedSample> out = new ArrayList<>(rows.all());
        out.sort(java.util.Comparator.comparingLong(ReceivedSample::seq));
        return out;
    }

    public Table table() {
        return table;
    }

    public Text filterField() {
        return filter;
    }

    public String filterErrorText() {
        return filterError.getText();
    }

    public String countersText() {
        return counters.getText();
    }

    public Button pauseButton() {
        return pause;
    }

    /** The details tree, flattened ("  field = value" per row). */
    public List<String> detailLines() {
        return details.lines();
    }

    /** The selected details row as a field of the shown sample, or null (see {@link DetailsField}). */
    public DetailsField selectedField() {
        String[] p = details.selectedPath();
        return p == null ? null
                : new DetailsField(view, details.shownSample(), p[0],
                        org.ddstuner.types.FieldPaths.get(details.shownSample().value(), p[0]));
    }

    public org.eclipse.swt.widgets.Tree detailsTree() {
        return details.tree();
    }

    /** The header texts. */
    public List<String> headers() {
        return cols.stream().map(TableColumns.Col::header).toList();
    }

    /**
     * How far from the table's left edge column {@code header} ends, in the order the columns are shown (before
     * any horizontal scrolling): at most the table's client width when the column is in sight.
     */
    public int columnRight(String header) {
        int c = headers().indexOf(header);
        if (c < 0) {
            throw new IllegalArgumentException("no column " + header + " in " + headers());
        }
        int right = 0;
        for (int i : table.getColumnOrder()) {
            right += table.getColumn(i).getWidth();
            if (i == c) {
                return right;
            }
        }
        return right;
    }

    /** The text of cell (row, column header), as the table shows it. */
    public String cell(int row, String header) {
        int c = headers().indexOf(header);
        if (c < 0) {
            throw new IllegalArgumentException("no column " + header + " in " + headers());
        }
        return table.getItem(row).getText(c);
    }

    /** The feed ticks applied on the UI thread: count, longest (wall clock, CPU) and CPU time in all. */
    String applyCost() {
        return String.format(java.util.Locale.ROOT, "ui_ticks=%d ui_tick_max_ms=%.1f ui_tick_max_cpu_ms=%.1f ui_tick_cpu_ms=%.1f",
                applyTicks, applyMaxNanos / 1e6, applyMaxCpuNanos / 1e6, applyCpuNanos / 1e6);
    }

    /** Rows the table shows (the newest; it catches up with the samples held within a few ticks). */
    int rowCount() {
        return shownRows();
    }

    private int shownRows() {
        return Math.min(rows.size(), table.getItemCount());
    }

    void selectRow(int i) {
        table.setSelection(i);
        showDetails();
    }
}
