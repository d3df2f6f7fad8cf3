package org.ddstuner.health.ui;

import java.util.List;
import java.util.function.Function;

import org.eclipse.jface.layout.TableColumnLayout;
import org.eclipse.jface.viewers.ArrayContentProvider;
import org.eclipse.jface.viewers.ColumnLabelProvider;
import org.eclipse.jface.viewers.ColumnPixelData;
import org.eclipse.jface.viewers.ColumnWeightData;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.jface.viewers.TableViewer;
import org.eclipse.jface.viewers.TableViewerColumn;
import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Menu;
import org.eclipse.swt.widgets.MenuItem;

/**
 * The Alerts view's list of the watches asked for (topic or participant, connection, parameters), each stoppable
 * from its menu or the view's "Stop Watch". Refreshed by the Alerts table's poll.
 */
final class WatchesTable extends Composite {

    private final HealthUi health;
    private final Label title;
    private final TableViewer viewer;
    private List<HealthUi.Watch> shown = List.of();

    WatchesTable(Composite parent, HealthUi health) {
        super(parent, SWT.NONE);
        this.health = health;
        GridLayout gl = new GridLayout(1, false);
        gl.marginWidth = 0;
        gl.marginHeight = 0;
        setLayout(gl);
        title = new Label(this, SWT.NONE);
        title.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
        Composite holder = new Composite(this, SWT.NONE);
        GridData gd = new GridData(SWT.FILL, SWT.FILL, true, true);
        gd.heightHint = 72;
        holder.setLayoutData(gd);
        TableColumnLayout layout = new TableColumnLayout();
        holder.setLayout(layout);
        viewer = new TableViewer(holder, SWT.MULTI | SWT.FULL_SELECTION | SWT.V_SCROLL);
        viewer.getTable().setHeaderVisible(true);
        viewer.setContentProvider(ArrayContentProvider.getInstance());
        column(layout, Messages.COL_WATCH, new ColumnPixelData(260, true), w -> w.request().label());
        column(layout, Messages.COL_CONNECTION, new ColumnPixelData(170, true), w -> w.connection().label());
        column(layout, Messages.COL_RULES, new ColumnWeightData(100, 200, true), w -> w.request().parameters());
        Menu menu = new Menu(viewer.getTable());
        MenuItem stop = new MenuItem(menu, SWT.PUSH);
        stop.setText(Messages.STOP_WATCH);
        stop.addListener(SWT.Selection, e -> stopSelected());
        viewer.getTable().setMenu(menu);
        refresh();
    }

    private void column(TableColumnLayout layout, String name, org.eclipse.jface.viewers.ColumnLayoutData width,
            Function<HealthUi.Watch, String> text) {
        TableViewerColumn c = new TableViewerColumn(viewer, SWT.LEFT);
        c.getColumn().setText(name);
        c.setLabelProvider(new ColumnLabelProvider() {
            @Override
            public String getText(Object element) {
                return text.apply((HealthUi.Watch) element);
            }
        });
        layout.setColumnData(c.getColumn(), width);
    }

    /** Stops the selected watches. */
    void stopSelected() {
        for (Object o : ((IStructuredSelection) viewer.getSelection()).toList()) {
            HealthUi.Watch w = (HealthUi.Watch) o;
            health.stopWatch(w.connection(), w.request());
        }
        refresh();
    }

    void refresh() {
        List<HealthUi.Watch> now = health.watches();
        String t = now.isEmpty() ? Messages.NO_WATCH : Messages.WATCHES + " (" + now.size() + ")";
        if (!t.equals(title.getText())) {
            title.setText(t);
        }
        if (!now.equals(shown)) {
            shown = now;
            viewer.setInput(now);
        }
    }

    /** The watches shown (tests). */
    List<HealthUi.Watch> rows() {
        return shown;
    }

    TableViewer viewer() {
        return viewer;
    }
}
