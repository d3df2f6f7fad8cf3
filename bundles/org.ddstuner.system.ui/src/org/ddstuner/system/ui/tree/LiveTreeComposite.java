package org.ddstuner.system.ui.tree;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.ddstuner.system.NameFilter;
import org.ddstuner.system.ui.Messages;
import org.ddstuner.system.ui.live.BackgroundRefresher;
import org.ddstuner.system.ui.live.LiveSystems;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.jface.viewers.DelegatingStyledCellLabelProvider;
import org.eclipse.jface.viewers.TreePath;
import org.eclipse.jface.viewers.TreeSelection;
import org.eclipse.jface.viewers.TreeViewer;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.TreeItem;

/**
 * A filter bar over a lazy tree of the open connections, rebuilt from the latest snapshots off the UI
 * thread whenever a snapshot, the connection list, the filter or the "own" switch changes. Used by
 * the System, Topics and Partitions views, each with its own {@link TreeBuilder}.
 */
public final class LiveTreeComposite extends Composite {

    /** Above this many rows a filter result is not expanded automatically. */
    private static final int AUTO_EXPAND_LIMIT = 500;
    /** A new connection's hosts and processes are opened when there are at most this many of them. */
    private static final int FIRST_SIGHT_GROUPS = 4;
    /** Open rows remembered; past this, rows not in the tree any more are forgotten. */
    private static final int MAX_REMEMBERED = 10_000;

    private final TreeBuilder builder;
    private final LiveSystems live;
    private final FilterBar filterBar;
    private final TreeViewer viewer;
    private final LazyNodeContentProvider.Roots roots = new LazyNodeContentProvider.Roots();
    private final BackgroundRefresher<List<Node>> refresher;
    private final Runnable liveListener;
    private final Set<String> expandedOnce = new HashSet<>();
    /** Paths of the rows that are open, kept across refreshes and filtering. */
    private final Set<String> expanded = new HashSet<>();
    private volatile NameFilter filter = NameFilter.ALL;
    private boolean filterChanged;
    private long refreshCount;

    public LiveTreeComposite(Composite parent, TreeBuilder builder) {
        super(parent, SWT.NONE);
        this.builder = builder;
        this.live = LiveSystems.get();
        GridLayoutFactory.fillDefaults().spacing(0, 2).applyTo(this);
        filterBar = new FilterBar(this, f -> {
            filter = f;
            filterChanged = true;
            requestRefresh();
        });
        GridDataFactory.fillDefaults().grab(true, false).applyTo(filterBar);
        viewer = new TreeViewer(this, SWT.VIRTUAL | SWT.MULTI | SWT.H_SCROLL | SWT.V_SCROLL | SWT.FULL_SELECTION);
        viewer.setUseHashlookup(true);
        viewer.setContentProvider(new LazyNodeContentProvider(viewer));
        viewer.setLabelProvider(new DelegatingStyledCellLabelProvider(new NodeLabelProvider()));
        GridDataFactory.fillDefaults().grab(true, true).applyTo(viewer.getControl());
        viewer.setInput(roots);
        trackExpansion();
        refresher = new BackgroundRefresher<>("Refresh " + builder.getClass().getSimpleName(), this, getDisplay(),
                () -> builder.build(live.connections(), filter), this::show);
        liveListener = this::requestRefresh;
        live.addListener(liveListener);
        addDisposeListener(e -> {
            live.removeListener(liveListener);
            refresher.dispose();
        });
        requestRefresh();
    }

    /** Asks for a rebuild; coalesced, cheap. */
    public void requestRefresh() {
        refresher.request();
    }

    private void show(List<Node> nodes) {
        if (viewer.getControl().isDisposed()) {
            return;
        }
        if (nodes.isEmpty()) {
            List<String> pending = LiveSystems.connectingTo();
            String text = pending.isEmpty() ? Messages.NO_CONNECTION
                    : String.format(Messages.CONNECTING_TO, String.join(", ", pending));
            nodes = List.of(new Node(Node.Kind.GROUP, "empty", text, null, null, false, false));
        }
        viewer.getTree().setRedraw(false);
        try {
            List<String> selected = selectedPaths();
            if (expanded.size() > MAX_REMEMBERED) {
                expanded.clear(); // entities come and go: forget the long-gone rather than grow without end
            }
            // rows the viewer opened by itself (revealing a selection) count as opened too
            noteOpenRows(viewer.getTree().getItems());
            roots.set(nodes);
            viewer.refresh();
            restoreExpansion(viewer.getTree().getItems(), nodes.toArray(new Node[0]));
            restoreSelection(selected);
            for (int i = 0; i < nodes.size(); i++) {
                Node n = nodes.get(i);
                if (n.kind() == Node.Kind.CONNECTION && expandedOnce.add(n.path())
                        && i < viewer.getTree().getItemCount()) {
                    // first sight of a connection: show its top level. A virtual row has no data until it
                    // is asked for its text, and the viewer can only expand rows it knows.
                    expandFirstSight(viewer.getTree().getItem(i), n);
                }
            }
            if (filterChanged && !filter.isAll() && countRows(nodes, AUTO_EXPAND_LIMIT) < AUTO_EXPAND_LIMIT) {
                viewer.expandAll();
                noteOpenRows(viewer.getTree().getItems());
            }
            filterChanged = false;
        } finally {
            viewer.getTree().setRedraw(true);
        }
        refreshCount++;
    }

    /**
     * Keeps {@link #expanded} up to date with what the user opens and closes. The rows they click are
     * in sight, so their data is current (a virtual row out of sight may still hold an old entity).
     */
    private void trackExpansion() {
        viewer.getTree().addListener(SWT.Expand, e -> {
            if (e.item.getData() instanceof Node n) {
                expanded.add(n.path());
            }
        });
        viewer.getTree().addListener(SWT.Collapse, e -> {
            if (e.item.getData() instanceof Node n) {
                expanded.remove(n.path());
            }
        });
    }

    /** Closes every row and forgets that any was open. */
    public void collapseAll() {
        expanded.clear();
        viewer.collapseAll();
    }

    /**
     * Notes every open row as open. The viewer refreshes open rows' data on every refresh, and
     * {@link #restoreExpansion} leaves only remembered rows open, so their data names the right entity.
     */
    private void noteOpenRows(TreeItem[] items) {
        for (TreeItem item : items) {
            if (item.getExpanded() && item.getData() instanceof Node n) {
                expanded.add(n.path());
                noteOpenRows(item.getItems());
            }
        }
    }

    /**
     * Opens and closes rows to match what was noted. The virtual tree keeps expansion by row position
     * across a refresh, so a row inserted above would otherwise shift it onto a different entity.
     */
    private void restoreExpansion(TreeItem[] items, Node[] nodes) {
        for (int i = 0; i < items.length && i < nodes.length; i++) {
            TreeItem item = items[i];
            Node n = nodes[i];
            if (expanded.contains(n.path()) && n.children().length > 0) {
                item.getText(); // a virtual row has no data until asked, and the viewer only opens rows it knows
                if (!item.getExpanded()) {
                    viewer.setExpandedState(n, true);
                }
                // SWT/GTK answers getExpanded() from a flag that misses GTK closing a row by itself (when
                // its children were replaced); setExpanded asks GTK, so this reopens such a row
                item.setExpanded(true);
                restoreExpansion(item.getItems(), n.children());
            } else if (item.getExpanded()) {
                item.setExpanded(false);
            }
        }
    }

    private List<String> selectedPaths() {
        List<String> paths = new ArrayList<>();
        for (TreeItem item : viewer.getTree().getSelection()) {
            if (item.getData() instanceof Node n) {
                paths.add(n.path());
            }
        }
        return paths;
    }

    /**
     * Puts the selection back on the same entities if the refresh moved it to other rows; through the
     * viewer, so Details hears of it.
     */
    private void restoreSelection(List<String> before) {
        if (before.isEmpty() || before.equals(selectedPaths())) {
            return;
        }
        List<TreeItem> items = new ArrayList<>();
        findItems(viewer.getTree().getItems(), new HashSet<>(before), items);
        List<TreePath> paths = new ArrayList<>();
        for (TreeItem item : items) {
            List<Object> segments = new ArrayList<>();
            for (Node x = (Node) item.getData(); x != null; x = x.parent()) {
                segments.add(0, x);
            }
            paths.add(new TreePath(segments.toArray()));
        }
        viewer.setSelection(new TreeSelection(paths.toArray(new TreePath[0])), false);
    }

    private static void findItems(TreeItem[] items, Set<String> paths, List<TreeItem> out) {
        for (TreeItem item : items) {
            if (item.getData() instanceof Node n) {
                if (paths.contains(n.path())) {
                    out.add(item);
                }
                if (item.getExpanded()) {
                    findItems(item.getItems(), paths, out);
                }
            }
        }
    }

    /**
     * Opens a new connection's row, and its host and process rows while there are few of them, so the
     * participants are in sight at once. A virtual row has no data until it is asked for its text, and
     * the viewer can only expand rows whose data it knows: hence the getText() calls.
     */
    private void expandFirstSight(TreeItem item, Node node) {
        item.getText();
        viewer.setExpandedState(node, true);
        expanded.add(node.path());
        Node[] kids = node.children();
        if (kids.length > FIRST_SIGHT_GROUPS) {
            return;
        }
        for (int i = 0; i < kids.length && i < item.getItemCount(); i++) {
            if (kids[i].kind() == Node.Kind.HOST || kids[i].kind() == Node.Kind.PROCESS) {
                expandFirstSight(item.getItem(i), kids[i]);
            }
        }
    }

    private static int countRows(List<Node> nodes, int limit) {
        int n = 0;
        java.util.ArrayDeque<Node> todo = new java.util.ArrayDeque<>(nodes);
        while (!todo.isEmpty() && n < limit) {
            Node x = todo.pop();
            n++;
            for (Node c : x.children()) {
                todo.push(c);
            }
        }
        return n;
    }

    public TreeViewer viewer() {
        return viewer;
    }

    public FilterBar filterBar() {
        return filterBar;
    }

    /** The rows last shown (roots); for tests and actions. */
    public List<Node> roots() {
        return List.of(roots.nodes());
    }

    /** The paths of the rows kept open across refreshes; for tests. */
    public Set<String> expandedPaths() {
        return Set.copyOf(expanded);
    }

    /** How many times the tree was refreshed; lets tests see that updates are coalesced. */
    public long refreshCount() {
        return refreshCount;
    }
}
