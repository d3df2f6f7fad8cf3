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
import org.eclipse.jface.viewers.TreePath;
import org.eclipse.jface.viewers.TreeSelection;
import org.eclipse.jface.viewers.TreeViewer;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Tree;
import org.eclipse.swt.widgets.TreeItem;
import org.eclipse.swt.widgets.Widget;

/**
 * A filter bar over a lazy tree of the open connections, rebuilt from the latest snapshots off the UI
 * thread whenever a snapshot, the connection list, the filter or the "own" switch changes. Used by
 * the System, Topics and Partitions views, each with its own {@link TreeBuilder}.
 *
 * <p>The UI thread only compares the new build with the shown one where rows are open (cheap Java
 * comparisons) and touches the widget for what changed there: a changed row is cleared (re-asked
 * for its text when it is in sight), a list of rows that changed (rows came, went or moved) is
 * replaced. A closed row's children are made afresh when it is opened. So a refresh costs what the
 * open, changed part costs, not the 20,000 endpoints behind closed rows. The builders hand out the
 * previous build's very row for what did not change ({@link ReusingTreeBuilder}), so a reused row is
 * skipped with everything below it, and a refresh makes little garbage for the UI thread to wait on.
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
    private final BackgroundRefresher<LazyNodeContentProvider.Built> refresher;
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
        viewer = new TreeViewer(this, SWT.VIRTUAL | SWT.MULTI | SWT.H_SCROLL | SWT.V_SCROLL | SWT.FULL_SELECTION) {
            // rows opened or closed through the viewer (actions, tests) send no SWT event: note them here
            @Override
            public void setExpandedState(Object elementOrTreePath, boolean open) {
                super.setExpandedState(elementOrTreePath, open);
                Object last = elementOrTreePath instanceof TreePath p ? p.getLastSegment() : elementOrTreePath;
                if (last instanceof Node n) {
                    if (open) {
                        expanded.add(n.path());
                    } else {
                        expanded.remove(n.path());
                    }
                }
            }

            @Override
            public void expandToLevel(Object elementOrTreePath, int level) {
                super.expandToLevel(elementOrTreePath, level);
                noteOpenRows(getTree().getItems());
            }
        };
        viewer.setUseHashlookup(true);
        viewer.setContentProvider(new LazyNodeContentProvider(viewer, roots));
        viewer.setLabelProvider(new NodeLabelProvider());
        // one column: without any, SWT/GTK re-measures every open row below a row whenever it draws it
        new WidthTracker(viewer.getTree());
        GridDataFactory.fillDefaults().grab(true, true).applyTo(viewer.getControl());
        viewer.setInput(roots);
        trackExpansion();
        refresher = new BackgroundRefresher<>("Refresh " + builder.getClass().getSimpleName(), this, getDisplay(),
                () -> LazyNodeContentProvider.Built.of(withMessage(builder.build(live.connections(), filter))),
                this::show);
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

    /** The roots, or one row saying why there are none. */
    private static List<Node> withMessage(List<Node> nodes) {
        if (!nodes.isEmpty()) {
            return nodes;
        }
        List<String> pending = LiveSystems.connectingTo();
        String text = pending.isEmpty() ? Messages.NO_CONNECTION
                : Fmt.fill(Messages.CONNECTING_TO, String.join(", ", pending));
        return List.of(new Node(Node.Kind.GROUP, "empty", text, null, null, false, false));
    }

    private void show(LazyNodeContentProvider.Built built) {
        Tree tree = viewer.getTree();
        if (tree.isDisposed()) {
            return;
        }
        Node[] before = roots.nodes();
        Node[] nodes = built.roots();
        List<String> selected = selectedPaths();
        if (expanded.size() > MAX_REMEMBERED) {
            expanded.clear(); // entities come and go: forget the long-gone rather than grow without end
        }
        roots.set(built);
        boolean moved;
        if (samePaths(before, nodes) && tree.getItemCount() == nodes.length) {
            moved = update(tree, before, nodes);
        } else {
            // connections came or went (rare): every row is asked again
            tree.setItemCount(nodes.length);
            tree.clearAll(true);
            reopen(tree, nodes);
            moved = true;
        }
        if (moved) {
            restoreSelection(selected);
        }
        for (int i = 0; i < nodes.length; i++) {
            Node n = nodes[i];
            if (n.kind() == Node.Kind.CONNECTION && expandedOnce.add(n.path()) && i < tree.getItemCount()) {
                // first sight of a connection: show its top level. A virtual row has no data until it
                // is asked for its text, and the viewer can only expand rows it knows.
                expandFirstSight(tree.getItem(i), n);
            }
        }
        if (filterChanged && !filter.isAll() && countRows(List.of(nodes), AUTO_EXPAND_LIMIT) < AUTO_EXPAND_LIMIT) {
            viewer.expandAll();
            noteOpenRows(tree.getItems());
        }
        filterChanged = false;
        refreshCount++;
    }

    /**
     * Brings the children of {@code parent} (the tree or an open row), shown as {@code before}, in line
     * with {@code after} (same paths in the same order). Descends only into open rows.
     *
     * @return whether rows were replaced somewhere (the selection may have to be put back)
     */
    private boolean update(Widget parent, Node[] before, Node[] after) {
        boolean moved = false;
        int count = itemCount(parent);
        for (int i = 0; i < after.length && i < count; i++) {
            Node a = after[i];
            Node b = before[i];
            if (a == b) {
                continue; // the builder reused the row: it and everything below it are as shown
            }
            if (!sameRow(a, b)) {
                clear(parent, i); // asked again for its text and child count once it is in sight
            }
            if (!expanded.contains(a.path()) || a.children().length == 0) {
                continue; // closed (or to be closed): its children are made afresh when it is opened
            }
            TreeItem item = getItem(parent, i);
            if (!item.getExpanded()) {
                continue;
            }
            if (samePaths(b.children(), a.children())) {
                moved |= update(item, b.children(), a.children());
            } else {
                // rows came, went or moved: every row below is asked again when in sight, and rows are
                // opened and closed to match what was open (the widget keeps that by position)
                item.setItemCount(a.children().length);
                item.clearAll(true);
                reopen(item, a.children());
                moved = true;
            }
        }
        return moved;
    }

    /** Same text, colour, icon and child count: nothing to redraw. */
    private static boolean sameRow(Node a, Node b) {
        return a.kind() == b.kind() && a.gone() == b.gone() && a.warning() == b.warning() && a.stale() == b.stale()
                && a.children().length == b.children().length && a.text().equals(b.text())
                && a.note().equals(b.note());
    }

    private static boolean samePaths(Node[] a, Node[] b) {
        if (a.length != b.length) {
            return false;
        }
        for (int i = 0; i < a.length; i++) {
            if (!a[i].path().equals(b[i].path())) {
                return false;
            }
        }
        return true;
    }

    private static int itemCount(Widget w) {
        return w instanceof Tree t ? t.getItemCount() : ((TreeItem) w).getItemCount();
    }

    private static TreeItem getItem(Widget w, int i) {
        return w instanceof Tree t ? t.getItem(i) : ((TreeItem) w).getItem(i);
    }

    private static void clear(Widget w, int i) {
        if (w instanceof Tree t) {
            t.clear(i, false);
        } else {
            ((TreeItem) w).clear(i, false);
        }
    }

    /**
     * Opens the remembered rows among {@code parent}'s children, and theirs, and closes the others. The
     * virtual tree keeps expansion by row position when rows are replaced, so a row inserted above would
     * otherwise shift it onto a different entity. Costs one look per child of {@code parent}.
     */
    private void reopen(Widget parent, Node[] kids) {
        int count = itemCount(parent);
        for (int i = 0; i < kids.length && i < count; i++) {
            Node n = kids[i];
            if (!(n.children().length > 0 && expanded.contains(n.path()))) {
                TreeItem item = getItem(parent, i);
                if (item.getExpanded()) {
                    item.setExpanded(false);
                }
            } else {
                TreeItem item = getItem(parent, i);
                item.getText(); // a virtual row has no data (nor child count) until asked
                if (!item.getExpanded()) {
                    viewer.setExpandedState(n, true);
                }
                // SWT/GTK answers getExpanded() from a flag that misses GTK closing a row by itself (when
                // its children were replaced); setExpanded asks GTK, so this reopens such a row
                item.setExpanded(true);
                reopen(item, n.children());
            }
        }
    }

    /**
     * Keeps {@link #expanded} up to date with what the user opens and closes. The rows they click are
     * in sight, so their data is current (a virtual row out of sight may still hold an old entity).
     */
    private void trackExpansion() {
        viewer.getTree().addListener(SWT.Expand, e -> {
            if (e.item instanceof TreeItem item && item.getData() instanceof Node n) {
                expanded.add(n.path());
                // refreshes leave closed rows alone: their children may be old, so make them afresh
                // (SWT allows changing the row's children while it is being opened)
                Node current = roots.built().current(n);
                item.setItemCount(current.children().length);
                item.clearAll(true);
                getDisplay().asyncExec(() -> {
                    if (!item.isDisposed() && item.getExpanded()) {
                        reopen(item, roots.built().current(n).children());
                    }
                });
            }
        });
        // the viewer opens rows by itself to reveal a selection: those count as opened too
        viewer.addSelectionChangedListener(e -> {
            for (TreeItem item : viewer.getTree().getSelection()) {
                for (TreeItem p = item.getParentItem(); p != null; p = p.getParentItem()) {
                    if (p.getExpanded() && p.getData() instanceof Node n) {
                        expanded.add(n.path());
                    }
                }
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

    /** Notes every open row as open (after the viewer opened rows by itself). */
    private void noteOpenRows(TreeItem[] items) {
        for (TreeItem item : items) {
            if (item.getExpanded() && item.getData() instanceof Node n) {
                expanded.add(n.path());
                noteOpenRows(item.getItems());
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
            paths.add(((Node) item.getData()).treePath());
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
