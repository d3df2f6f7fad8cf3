package org.ddstuner.pother.ui;

import java.io.IOException;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import org.ddstuner.pother.runs.BenchmarkRun;
import org.ddstuner.pother.runs.RunStore;
import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.TableItem;

/**
 * The saved runs, newest first: show one in the charts (double-click), or select two and overlay them.
 * The list reloads when a run starts or ends.
 */
public final class RunsView extends TableViewPart {

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss")
            .withZone(ZoneId.systemDefault());

    private Label note;
    private List<RunStore.RunInfo> runs = List.of();
    private String seen = "";

    @Override
    public void createPartControl(Composite parent) {
        Composite c = new Composite(parent, SWT.NONE);
        c.setLayout(new GridLayout(4, false));
        button(c, Messages.RUNS_REFRESH, this::reload);
        button(c, Messages.RUNS_SHOW, this::showSelected);
        button(c, Messages.RUNS_OVERLAY, this::overlaySelected).setToolTipText(Messages.RUNS_OVERLAY_TIP);
        note = new Label(c, SWT.NONE);
        note.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
        // the id (what a file, an export and the CLI name a run by) whole, before the long environment text
        int[] widths = { 140, 220, 90, 60, 280, 330 };
        table = TableTexts.create(c, 4, Messages.RUNS_COLUMNS.split(","), widths, i -> i == 3);
        table.addListener(SWT.DefaultSelection, e -> showSelected());
        reload();
        startRefreshing(parent.getDisplay());
    }

    private static Button button(Composite c, String text, Runnable action) {
        Button b = new Button(c, SWT.PUSH);
        b.setText(text);
        b.addListener(SWT.Selection, e -> action.run());
        return b;
    }

    /** Reloads the list from the run directory. */
    public void reload() {
        try {
            runs = BenchmarkSession.get().store().list();
            note.setText(runs.size() + " run(s) in " + BenchmarkSession.get().store().dir());
        } catch (IOException e) {
            runs = List.of();
            note.setText("Cannot list " + BenchmarkSession.get().store().dir() + ": " + e.getMessage());
        }
        table.removeAll();
        for (RunStore.RunInfo r : runs) {
            TableItem item = new TableItem(table, SWT.NONE);
            item.setText(new String[] { TIME.format(r.startedAt()), r.definition().label(),
                r.definition().kind().name().toLowerCase(), Integer.toString(r.definition().size()), r.id(),
                r.environment().summary() });
        }
        TableTexts.widenToFit(table); // an id longer than the column's width still shows whole
        note.getParent().layout();
    }

    /** Shows the runs with these ids: one alone, several overlaid. */
    public void show(List<String> ids) {
        List<BenchmarkRun> loaded = new ArrayList<>();
        for (String id : ids) {
            try {
                BenchmarkRun current = BenchmarkSession.get().current();
                // the run still being written is shown live, not as a snapshot of its file
                loaded.add(current != null && current.id().equals(id) ? current : BenchmarkSession.get().store().load(id));
            } catch (IOException e) {
                note.setText("Cannot load " + id + ": " + e.getMessage());
                return;
            }
        }
        BenchmarkSession.get().show(loaded);
        note.setText(loaded.size() == 1 ? "Showing " + ids.get(0) : "Overlay: A = " + ids.get(0) + ", B = " + ids.get(1));
        note.getParent().layout();
    }

    private List<String> selectedIds() {
        List<String> ids = new ArrayList<>();
        for (int i : table.getSelectionIndices()) {
            ids.add(runs.get(i).id());
        }
        return ids;
    }

    private void showSelected() {
        List<String> ids = selectedIds();
        if (!ids.isEmpty()) {
            show(ids.subList(0, 1));
        }
    }

    private void overlaySelected() {
        List<String> ids = selectedIds();
        if (ids.size() != 2) {
            note.setText(Messages.RUNS_NEED_TWO);
            note.getParent().layout();
            return;
        }
        show(ids);
    }

    @Override
    protected void refresh() {
        BenchmarkRun r = BenchmarkSession.get().current();
        String now = r == null ? "" : r.id() + r.state();
        if (!Objects.equals(now, seen)) {
            seen = now;
            reload();
        }
    }

}
