package org.ddstuner.system.ui.problems;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

import org.ddstuner.system.Problem;
import org.ddstuner.system.ui.Messages;
import org.ddstuner.system.ui.live.LiveConnection;
import org.ddstuner.system.ui.live.LiveSystems;
import org.ddstuner.system.ui.tree.Labels;
import org.eclipse.jface.layout.TableColumnLayout;
import org.eclipse.jface.viewers.ArrayContentProvider;
import org.eclipse.jface.viewers.ColumnLabelProvider;
import org.eclipse.jface.viewers.ColumnWeightData;
import org.eclipse.jface.viewers.TableViewer;
import org.eclipse.jface.viewers.TableViewerColumn;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Image;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.ui.ISharedImages;
import org.eclipse.ui.PlatformUI;

/**
 * Lost participants, endpoints without a match (with the nearest candidate's reasons) and
 * unreadable discovery data of every open connection. The table is virtual: only visible rows cost.
 */
public final class ProblemsComposite extends Composite {

    private final TableViewer viewer;
    private final Runnable liveListener = this::refreshContent;
    private List<ProblemRow> rows = List.of();

    public ProblemsComposite(Composite parent) {
        super(parent, SWT.NONE);
        TableColumnLayout layout = new TableColumnLayout();
        setLayout(layout);
        viewer = new TableViewer(this, SWT.VIRTUAL | SWT.MULTI | SWT.FULL_SELECTION | SWT.H_SCROLL | SWT.V_SCROLL);
        viewer.getTable().setHeaderVisible(true);
        viewer.getTable().setLinesVisible(true);
        viewer.setContentProvider(ArrayContentProvider.getInstance());
        viewer.setUseHashlookup(true);
        column(layout, Messages.COL_SEVERITY, 8, r -> r.problem().severity().name().toLowerCase(), true);
        column(layout, Messages.COL_KIND, 12, ProblemRow::kindText, false);
        column(layout, Messages.COL_MESSAGE, 60, r -> r.problem().message(), false);
        column(layout, Messages.COL_CONNECTION, 10, r -> r.connection().label(), false);
        column(layout, Messages.COL_SINCE, 7, r -> Labels.time(r.problem().since()), false);
        LiveSystems.get().addListener(liveListener);
        addDisposeListener(e -> LiveSystems.get().removeListener(liveListener));
        refreshContent();
    }

    private void column(TableColumnLayout layout, String title, int weight, Function<ProblemRow, String> text,
            boolean icon) {
        TableViewerColumn col = new TableViewerColumn(viewer, SWT.LEFT);
        col.getColumn().setText(title);
        col.setLabelProvider(new ColumnLabelProvider() {
            @Override
            public String getText(Object element) {
                return text.apply((ProblemRow) element);
            }

            @Override
            public String getToolTipText(Object element) {
                return ((ProblemRow) element).problem().message();
            }

            @Override
            public Image getImage(Object element) {
                if (!icon) {
                    return null;
                }
                ISharedImages images = PlatformUI.getWorkbench().getSharedImages();
                return switch (((ProblemRow) element).problem().severity()) {
                    case ERROR -> images.getImage(ISharedImages.IMG_OBJS_ERROR_TSK);
                    case WARNING -> images.getImage(ISharedImages.IMG_OBJS_WARN_TSK);
                    case INFO -> images.getImage(ISharedImages.IMG_OBJS_INFO_TSK);
                };
            }
        });
        layout.setColumnData(col.getColumn(), new ColumnWeightData(weight, 50, true));
    }

    private void refreshContent() {
        if (isDisposed()) {
            return;
        }
        List<ProblemRow> fresh = new ArrayList<>();
        for (LiveConnection c : LiveSystems.get().connections()) {
            for (Problem p : c.snapshot().problems()) {
                fresh.add(new ProblemRow(c, p));
            }
        }
        if (!fresh.equals(rows)) {
            rows = List.copyOf(fresh);
            viewer.setInput(rows);
        }
    }

    public List<ProblemRow> rows() {
        return rows;
    }

    public TableViewer viewer() {
        return viewer;
    }
}
