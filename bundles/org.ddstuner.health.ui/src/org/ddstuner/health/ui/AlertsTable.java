package org.ddstuner.health.ui;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.Function;

import org.ddstuner.health.AlertLog;
import org.ddstuner.health.HealthEvent;
import org.ddstuner.system.ui.live.LiveConnection;
import org.ddstuner.system.ui.live.LiveSystems;
import org.ddstuner.system.ui.tree.Labels;
import org.eclipse.jface.layout.TableColumnLayout;
import org.eclipse.jface.viewers.ArrayContentProvider;
import org.eclipse.jface.viewers.ColumnLabelProvider;
import org.eclipse.jface.viewers.ColumnPixelData;
import org.eclipse.jface.viewers.ColumnViewerToolTipSupport;
import org.eclipse.jface.viewers.ColumnWeightData;
import org.eclipse.jface.viewers.TableViewer;
import org.eclipse.jface.viewers.TableViewerColumn;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Color;
import org.eclipse.swt.graphics.Image;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.ui.ISharedImages;
import org.eclipse.ui.PlatformUI;

/**
 * The Alerts view's content: a status line (rules file, problems firing, topics watched) and the history table. It
 * looks at the {@link AlertLog}'s version on a UI timer and redraws only when it moved (the log is written by the
 * watchers' threads, which never touch widgets).
 */
public final class AlertsTable extends Composite {

    private static final int POLL_MS = 300;
    private final HealthUi health;
    private final Label status;
    /** Why a connection cannot be watched; hidden when every open connection can be (local and remote agents' can). */
    private final Label unwatchable;
    private final TableViewer viewer;
    private long shownVersion = -1;
    private List<AlertLog.Entry> rows = List.of();
    private Runnable alsoRefresh = () -> {
    };

    AlertsTable(Composite parent, HealthUi health) {
        super(parent, SWT.NONE);
        this.health = health;
        GridLayout gl = new GridLayout(1, false);
        gl.marginWidth = 0;
        gl.marginHeight = 0;
        setLayout(gl);
        status = new Label(this, SWT.NONE);
        status.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
        unwatchable = new Label(this, SWT.WRAP);
        GridData ug = new GridData(SWT.FILL, SWT.CENTER, true, false);
        ug.exclude = true;
        unwatchable.setLayoutData(ug);
        unwatchable.setVisible(false);
        Composite holder = new Composite(this, SWT.NONE);
        holder.setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true));
        TableColumnLayout layout = new TableColumnLayout();
        holder.setLayout(layout);
        viewer = new TableViewer(holder, SWT.MULTI | SWT.FULL_SELECTION | SWT.H_SCROLL | SWT.V_SCROLL);
        viewer.getTable().setHeaderVisible(true);
        viewer.getTable().setLinesVisible(true);
        viewer.setContentProvider(ArrayContentProvider.getInstance());
        column(layout, Messages.COL_TIME, new ColumnPixelData(90, true), e -> Labels.time(e.event().time()), true);
        column(layout, Messages.COL_EVENT, new ColumnPixelData(70, true), e -> e.event().kind().id(), false);
        column(layout, Messages.COL_RULE, new ColumnPixelData(130, true), e -> e.event().rule(), false);
        column(layout, Messages.COL_TOPIC, new ColumnPixelData(120, true), e -> e.event().topic(), false);
        column(layout, Messages.COL_PARTICIPANT, new ColumnPixelData(130, true),
                e -> e.event().participant() == null ? "" : e.event().participant(), false);
        column(layout, Messages.COL_CONNECTION, new ColumnPixelData(150, true), AlertLog.Entry::connection, false);
        column(layout, Messages.COL_DETAIL, new ColumnWeightData(100, 200, true), e -> e.event().detail(), false);
        ColumnViewerToolTipSupport.enableFor(viewer);
        refresh();
        getDisplay().timerExec(POLL_MS, this::poll);
    }

    private void column(TableColumnLayout layout, String title, org.eclipse.jface.viewers.ColumnLayoutData width,
            Function<AlertLog.Entry, String> text, boolean icon) {
        TableViewerColumn col = new TableViewerColumn(viewer, SWT.LEFT);
        col.getColumn().setText(title);
        col.setLabelProvider(new ColumnLabelProvider() {
            @Override
            public String getText(Object element) {
                return text.apply((AlertLog.Entry) element);
            }

            @Override
            public Image getImage(Object element) {
                if (!icon) {
                    return null;
                }
                ISharedImages images = PlatformUI.getWorkbench().getSharedImages();
                return switch (((AlertLog.Entry) element).event().severity()) {
                    case ERROR -> images.getImage(ISharedImages.IMG_OBJS_ERROR_TSK);
                    case WARNING -> images.getImage(ISharedImages.IMG_OBJS_WARN_TSK);
                    case INFO -> images.getImage(ISharedImages.IMG_OBJS_INFO_TSK);
                };
            }

            @Override
            public Color getForeground(Object element) {
                // a cleared event is history: grey, so what fires stands out
                return ((AlertLog.Entry) element).event().kind() == HealthEvent.Kind.CLEARED
                        ? getDisplay().getSystemColor(SWT.COLOR_DARK_GRAY) : null;
            }

            @Override
            public String getToolTipText(Object element) {
                HealthEvent e = ((AlertLog.Entry) element).event();
                return e.toText() + "\nfired " + e.firedAt();
            }
        });
        layout.setColumnData(col.getColumn(), width);
    }

    /** Runs {@code r} at each poll too (the watches list). */
    void alsoRefresh(Runnable r) {
        alsoRefresh = r;
    }

    private void poll() {
        if (isDisposed()) {
            return;
        }
        refresh();
        alsoRefresh.run();
        getDisplay().timerExec(POLL_MS, this::poll);
    }

    /** Redraws when the history changed; the status line always. */
    public void refresh() {
        String rules = health.rulesError() != null ? Messages.RULES_ERROR + ": " + health.rulesError()
                : health.rulesFile() == null ? Messages.NO_RULES
                        : String.format(Messages.RULES, health.rulesFile(), health.rules().rules().size());
        List<String> topics = health.watchedTopics();
        String s = String.format(Messages.STATUS, rules, health.activeCount(), topics.isEmpty() ? "no topic" : topics);
        List<String> why = new ArrayList<>();
        for (LiveConnection c : LiveSystems.get().connections()) {
            if (HealthUi.unavailable(c) != null) {
                why.add(HealthUi.unavailable(c));
            }
        }
        why.addAll(health.refusals());
        String note = String.join("\n", why);
        if (!note.equals(unwatchable.getText())) {
            unwatchable.setText(note);
            unwatchable.setVisible(!note.isEmpty());
            ((GridData) unwatchable.getLayoutData()).exclude = note.isEmpty();
            layout(true, true);
        }
        if (!s.equals(status.getText())) {
            status.setText(s);
            status.setToolTipText(s);
        }
        long v = health.log().version();
        if (v == shownVersion) {
            return;
        }
        shownVersion = v;
        List<AlertLog.Entry> fresh = new ArrayList<>(health.log().entries());
        Collections.reverse(fresh); // newest first
        rows = fresh;
        viewer.setInput(fresh);
    }

    /** The status line's text and, on a second line, why a connection is not watched (tests). */
    public String statusText() {
        return status.getText() + "\n" + unwatchable.getText();
    }

    /** The rows shown, newest first (tests). */
    public List<AlertLog.Entry> rows() {
        return rows;
    }

    public TableViewer viewer() {
        return viewer;
    }
}
