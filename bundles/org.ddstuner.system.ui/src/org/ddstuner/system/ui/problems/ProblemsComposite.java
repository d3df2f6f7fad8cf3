package org.ddstuner.system.ui.problems;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

import org.ddstuner.dds.Guid;
import org.ddstuner.system.Problem;
import org.ddstuner.system.SystemSnapshot;
import org.ddstuner.system.ui.Messages;
import org.ddstuner.system.ui.live.BackgroundRefresher;
import org.ddstuner.system.ui.live.LiveConnection;
import org.ddstuner.system.ui.live.LiveSystems;
import org.ddstuner.system.ui.tree.GoneTrail;
import org.ddstuner.system.ui.tree.Labels;
import org.eclipse.jface.layout.TableColumnLayout;
import org.eclipse.jface.viewers.ILazyContentProvider;
import org.eclipse.jface.viewers.Viewer;
import org.eclipse.jface.viewers.ColumnLabelProvider;
import org.eclipse.jface.viewers.ColumnLayoutData;
import org.eclipse.jface.viewers.ColumnPixelData;
import org.eclipse.jface.viewers.ColumnViewerToolTipSupport;
import org.eclipse.jface.viewers.ColumnWeightData;
import org.eclipse.jface.viewers.TableViewer;
import org.eclipse.jface.viewers.TableViewerColumn;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Color;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Image;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Table;
import org.eclipse.ui.ISharedImages;
import org.eclipse.ui.PlatformUI;

/**
 * Lost participants, endpoints without a match (with the nearest candidate's reasons) and
 * unreadable discovery data of every open connection, and what other bundles contribute
 * ({@link ProblemContributions}: the topic watches' problems, with the time they cleared). The rows are made off the UI thread (a snapshot
 * finds its problems on first use, O(endpoints)); the table is virtual and lazy: the UI thread sets the
 * row count and clears the rows, and only visible rows are asked for their text.
 */
public final class ProblemsComposite extends Composite {

    private final TableViewer viewer;
    private final TableColumnLayout columns;
    private final TableViewerColumn kind;
    private final TableViewerColumn connection;
    private final BackgroundRefresher<List<ProblemRow>> refresher;
    private final Runnable liveListener;
    /** The rows shown; replaced as a whole on the UI thread, read by the refresher to skip equal lists. */
    private volatile List<ProblemRow> rows = List.of();

    public ProblemsComposite(Composite parent) {
        super(parent, SWT.NONE);
        TableColumnLayout layout = new TableColumnLayout();
        setLayout(layout);
        viewer = new TableViewer(this, SWT.VIRTUAL | SWT.MULTI | SWT.FULL_SELECTION | SWT.H_SCROLL | SWT.V_SCROLL);
        viewer.getTable().setHeaderVisible(true);
        viewer.getTable().setLinesVisible(true);
        viewer.setContentProvider(new ILazyContentProvider() {
            @Override
            public void updateElement(int index) {
                List<ProblemRow> r = rows;
                if (index < r.size()) {
                    viewer.replace(r.get(index), index);
                }
            }

            @Override
            public void inputChanged(Viewer v, Object oldInput, Object newInput) {
                // the rows live in this composite; the input only tells the viewer to start
            }
        });
        viewer.setUseHashlookup(true);
        // the description is the point: it comes first with the severity as its icon (as in Eclipse's own
        // Problems view), the other columns are as wide as what they show now (see fitColumns), and the
        // description has all the rest
        TableViewerColumn message = column(layout, Messages.COL_MESSAGE, new ColumnWeightData(100, 240, true),
                r -> r.problem().summary(), true);
        kind = column(layout, Messages.COL_KIND, fixed(List.of(Messages.PROBLEM_UNMATCHED), 0), ProblemRow::kindText,
                false);
        connection = column(layout, Messages.COL_CONNECTION, fixed(List.of(Messages.COL_CONNECTION), 0),
                r -> r.connection() == null ? "" : r.connection().label(), false);
        column(layout, Messages.COL_SINCE, fixed(List.of("00:00:00"), 0), r -> Labels.time(r.problem().since()),
                false);
        column(layout, Messages.COL_CLEARED, fixed(List.of("00:00:00", Messages.COL_CLEARED), 0),
                r -> r.cleared() == null ? "" : Labels.time(r.cleared()), false);
        this.columns = layout;
        message.getColumn().setToolTipText(Messages.COL_MESSAGE_TIP);
        ColumnViewerToolTipSupport.enableFor(viewer);
        LiveSystems live = LiveSystems.get();
        refresher = new BackgroundRefresher<>("Problems", this, getDisplay(), () -> computeRows(live), this::show);
        liveListener = refresher::request;
        live.addListener(liveListener);
        ProblemContributions.addListener(liveListener);
        addDisposeListener(e -> {
            live.removeListener(liveListener);
            ProblemContributions.removeListener(liveListener);
            refresher.dispose();
        });
        viewer.setInput(this);
        refresher.request();
    }

    /** A resizable column as wide as the widest of {@code texts} (plus {@code extra} pixels) and padding. */
    private ColumnPixelData fixed(Collection<String> texts, int extra) {
        GC gc = new GC(viewer.getTable());
        try {
            int w = 0;
            for (String t : texts) {
                w = Math.max(w, gc.textExtent(t).x);
            }
            return new ColumnPixelData(w + extra + 24, true, false);
        } finally {
            gc.dispose();
        }
    }

    /**
     * Kind, Connection and Since as wide as their header and the texts the rows show now (a few distinct
     * ones: three kinds, one label per connection, one time format), so that the description gets the rest.
     */
    private void fitColumns(List<ProblemRow> shown) {
        Set<String> kinds = new LinkedHashSet<>(List.of(Messages.COL_KIND));
        Set<String> connections = new LinkedHashSet<>(List.of(Messages.COL_CONNECTION));
        for (ProblemRow r : shown) {
            kinds.add(r.kindText());
            connections.add(r.connection() == null ? "" : r.connection().label());
        }
        ColumnPixelData k = fixed(kinds, 0);
        ColumnPixelData c = fixed(connections, 0);
        if (k.width != kind.getColumn().getWidth() || c.width != connection.getColumn().getWidth()) {
            columns.setColumnData(kind.getColumn(), k);
            columns.setColumnData(connection.getColumn(), c);
            layout(true);
        }
    }

    private TableViewerColumn column(TableColumnLayout layout, String title, ColumnLayoutData width,
            Function<ProblemRow, String> text, boolean icon) {
        TableViewerColumn col = new TableViewerColumn(viewer, SWT.LEFT);
        col.getColumn().setText(title);
        col.setLabelProvider(new ColumnLabelProvider() {
            @Override
            public String getText(Object element) {
                return text.apply((ProblemRow) element);
            }

            @Override
            public String getToolTipText(Object element) {
                return tooltip((ProblemRow) element);
            }

            @Override
            public Color getForeground(Object element) {
                // the last picture of a connection whose link is down, as the trees show it; a contributed problem
                // that cleared is history: grey too, so what still fires stands out
                ProblemRow row = (ProblemRow) element;
                if (row.stale()) {
                    return getDisplay().getSystemColor(SWT.COLOR_WIDGET_DISABLED_FOREGROUND);
                }
                return row.cleared() != null ? getDisplay().getSystemColor(SWT.COLOR_DARK_GRAY) : null;
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
        layout.setColumnData(col.getColumn(), width);
        return col;
    }

    /**
     * The full explanation (the column shows its short summary, which may still be cut), how bad, what kind,
     * where and since when.
     */
    public static String tooltip(ProblemRow r) {
        return r.problem().message() + "\n\n" + r.problem().severity().name().toLowerCase() + " · " + r.kindText()
                + (r.connection() == null ? "" : " · " + r.connection().label()) + " · "
                + String.format(Messages.PROBLEM_SINCE, Labels.time(r.problem().since()))
                + (r.cleared() == null ? "" : " · " + Messages.COL_CLEARED.toLowerCase() + " " + Labels.time(r.cleared()));
    }

    /** Background: the rows of every connection's latest snapshot, or null when they are the shown ones. */
    private List<ProblemRow> computeRows(LiveSystems live) {
        List<ProblemRow> fresh = new ArrayList<>();
        for (LiveConnection c : live.connections()) {
            SystemSnapshot s = c.snapshot();
            Set<Guid> trail = GoneTrail.of(s);
            for (Problem p : s.problems()) {
                if (!inTrail(p, trail)) {
                    fresh.add(new ProblemRow(c, p));
                }
            }
        }
        // contributed problems firing first (topic watches a person asked for), those that cleared last
        List<ProblemRow> contributed = ProblemContributions.rows();
        List<ProblemRow> all = new ArrayList<>(contributed.stream().filter(r -> r.cleared() == null).toList());
        all.addAll(fresh);
        all.addAll(contributed.stream().filter(r -> r.cleared() != null).toList());
        return all.equals(rows) ? null : List.copyOf(all);
    }

    /**
     * The loss of a participant the views no longer show ({@link GoneTrail}: one of the same name came back,
     * or went again later): its problem row would repeat the newer one's.
     */
    private static boolean inTrail(Problem p, Set<Guid> trail) {
        if (p.kind() != Problem.Kind.PARTICIPANT_LOST || trail.isEmpty() || p.subject() == null) {
            return false;
        }
        try {
            return trail.contains(Guid.parse(p.subject()));
        } catch (IllegalArgumentException notAGuid) {
            return false;
        }
    }

    private void show(List<ProblemRow> fresh) {
        if (fresh == null || isDisposed()) { // null: the same as shown (compared off the UI thread)
            return;
        }
        rows = fresh;
        fitColumns(fresh);
        Table table = viewer.getTable();
        table.setRedraw(false);
        try {
            // the selection is kept by position: put it back on the same problems where they still are
            List<?> selected = viewer.getStructuredSelection().toList();
            table.setItemCount(fresh.size());
            table.clearAll(); // rows are asked again for their text when in sight
            if (!selected.isEmpty()) {
                Set<Object> wanted = new HashSet<>(selected);
                int[] keep = new int[selected.size()];
                int n = 0;
                for (int i = 0; i < fresh.size() && n < keep.length; i++) {
                    if (wanted.contains(fresh.get(i))) {
                        keep[n++] = i;
                    }
                }
                table.setSelection(Arrays.copyOf(keep, n));
            }
        } finally {
            table.setRedraw(true);
        }
    }

    /** Asks for fresh rows now (tests). */
    public void refresh() {
        refresher.request();
    }

    public List<ProblemRow> rows() {
        return rows;
    }

    public TableViewer viewer() {
        return viewer;
    }
}
