package org.ddstuner.system.ui.tree;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.ddstuner.system.NameFilter;
import org.ddstuner.system.ui.Messages;
import org.ddstuner.system.ui.live.BackgroundRefresher;
import org.ddstuner.system.ui.live.LiveSystems;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
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

    private final TreeBuilder builder;
    private final LiveSystems live;
    private final FilterBar filterBar;
    private final TreeViewer viewer;
    private final LazyNodeContentProvider.Roots roots = new LazyNodeContentProvider.Roots();
    private final BackgroundRefresher<List<Node>> refresher;
    private final Runnable liveListener;
    private final Set<String> expandedOnce = new HashSet<>();
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
        viewer.setLabelProvider(new NodeLabelProvider());
        GridDataFactory.fillDefaults().grab(true, true).applyTo(viewer.getControl());
        viewer.setInput(roots);
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
            nodes = List.of(new Node(Node.Kind.GROUP, "empty", Messages.NO_CONNECTION, null, null, false, false));
        }
        viewer.getTree().setRedraw(false);
        try {
            roots.set(nodes);
            viewer.refresh();
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
            }
            filterChanged = false;
        } finally {
            viewer.getTree().setRedraw(true);
        }
        refreshCount++;
    }

    /**
     * Opens a new connection's row, and its host and process rows while there are few of them, so the
     * participants are in sight at once. A virtual row has no data until it is asked for its text, and
     * the viewer can only expand rows whose data it knows: hence the getText() calls.
     */
    private void expandFirstSight(TreeItem item, Node node) {
        item.getText();
        viewer.setExpandedState(node, true);
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

    /** How many times the tree was refreshed; lets tests see that updates are coalesced. */
    public long refreshCount() {
        return refreshCount;
    }
}
