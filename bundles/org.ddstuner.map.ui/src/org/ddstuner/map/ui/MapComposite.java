package org.ddstuner.map.ui;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

import org.ddstuner.health.HealthEvent;
import org.ddstuner.health.ui.HealthUi;
import org.ddstuner.map.LaidOutMap;
import org.ddstuner.map.MapBuilder;
import org.ddstuner.map.MapEdge;
import org.ddstuner.map.MapGraph;
import org.ddstuner.map.MapNode;
import org.ddstuner.map.SvgCanvas;
import org.ddstuner.system.EntityKind;
import org.ddstuner.system.NameFilter;
import org.ddstuner.system.ui.live.EntityRef;
import org.ddstuner.system.ui.live.LiveConnection;
import org.ddstuner.system.ui.live.LiveSystems;
import org.ddstuner.system.ui.tree.FilterBar;
import org.eclipse.core.runtime.ListenerList;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.jface.viewers.ISelection;
import org.eclipse.jface.viewers.ISelectionChangedListener;
import org.eclipse.jface.viewers.ISelectionProvider;
import org.eclipse.jface.viewers.SelectionChangedEvent;
import org.eclipse.jface.viewers.StructuredSelection;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;

/**
 * The System Map: a connection chooser and the trees' filter bar above the map, a status line below. It follows
 * {@link LiveSystems} (whose snapshots are already spaced out) and the topic watches' problems (looked at every
 * {@link #HEALTH_POLL_MS} ms), hands the work to a {@link MapUpdater} and shows its latest result. Selecting a
 * participant, topic or edge publishes the {@link EntityRef} the System view would, so Details follows.
 */
public final class MapComposite extends Composite implements ISelectionProvider {

    static final int HEALTH_POLL_MS = 1000;

    private final LiveSystems live = LiveSystems.get();
    private final Runnable liveListener = this::requestUpdate;
    private final FilterBar filter;
    private final Combo connections;
    private final MapCanvasControl canvas;
    private final Label status;
    private final MapUpdater updater;
    private final ListenerList<ISelectionChangedListener> selectionListeners = new ListenerList<>();
    private List<LiveConnection> shown = List.of();
    private LiveConnection connection;
    private List<HealthEvent> health = List.of();
    private ISelection selection = StructuredSelection.EMPTY;
    private MapUpdater.Result last;

    public MapComposite(Composite parent) {
        super(parent, SWT.NONE);
        GridLayoutFactory.fillDefaults().spacing(0, 2).applyTo(this);
        Composite top = new Composite(this, SWT.NONE);
        GridLayoutFactory.fillDefaults().numColumns(3).applyTo(top);
        GridDataFactory.fillDefaults().grab(true, false).applyTo(top);
        filter = new FilterBar(top, f -> requestUpdate());
        GridDataFactory.fillDefaults().grab(true, false).applyTo(filter);
        new Label(top, SWT.NONE).setText(Messages.CONNECTION);
        connections = new Combo(top, SWT.READ_ONLY);
        connections.addListener(SWT.Selection, e -> {
            int i = connections.getSelectionIndex();
            connection = i >= 0 && i < shown.size() ? shown.get(i) : null;
            requestUpdate();
        });
        canvas = new MapCanvasControl(this, this::selected);
        GridDataFactory.fillDefaults().grab(true, true).applyTo(canvas);
        status = new Label(this, SWT.NONE);
        GridDataFactory.fillDefaults().grab(true, false).indent(8, 0).applyTo(status);
        updater = new MapUpdater(getDisplay(), this::show);
        live.addListener(liveListener);
        addListener(SWT.Dispose, e -> {
            live.removeListener(liveListener);
            updater.close();
        });
        getDisplay().timerExec(HEALTH_POLL_MS, this::pollHealth);
        requestUpdate();
    }

    /** UI thread: takes what the next map is made of and asks the updater. */
    private void requestUpdate() {
        if (isDisposed()) {
            return;
        }
        List<LiveConnection> now = live.connections();
        if (!now.equals(shown)) {
            shown = now;
            connections.setItems(now.stream().map(LiveConnection::label).toArray(String[]::new));
            if (connection == null || !now.contains(connection)) {
                connection = now.isEmpty() ? null : now.get(0);
            }
            connections.select(now.indexOf(connection));
            connections.getParent().layout();
        }
        LiveConnection c = connection;
        NameFilter f = filter.filter();
        List<HealthEvent> h = health;
        updater.request(() -> new MapUpdater.Input(c == null ? null : c.snapshot(), h, f));
    }

    /** Looks at the watches' problems; a change (fired or cleared) redraws the edges. */
    private void pollHealth() {
        if (isDisposed()) {
            return;
        }
        LiveConnection c = connection;
        List<HealthEvent> now = c == null ? List.of() : HealthUi.activeOf(c);
        if (!now.equals(health)) {
            health = now;
            requestUpdate();
        }
        getDisplay().timerExec(HEALTH_POLL_MS, this::pollHealth);
    }

    private void show(MapUpdater.Result r) {
        if (isDisposed()) {
            return;
        }
        last = r;
        MapGraph g = r.map().graph();
        String msg = connection == null ? Messages.NO_CONNECTION
                : filter.filter().isAll() ? Messages.EMPTY : Messages.NOTHING_MATCHES;
        canvas.setMap(r.map(), msg);
        String text = String.format(Messages.STATUS, Messages.count(g.participants(), "participant"),
                Messages.count(g.topics(), "topic"), Messages.count(g.endpoints(), "endpoint"));
        if (g.aggregated()) {
            text += String.format(Messages.STATUS_COLLAPSED, g.level().text(), MapBuilder.DEFAULT_MAX_NODES);
        }
        text += "  ·  " + Messages.HELP;
        status.setText(text);
        status.setToolTipText(String.format("map made in %.1f ms, laid out in %.1f ms (%d topics recomputed)",
                r.buildNanos() / 1e6, r.layoutNanos() / 1e6, r.recomputedTopics()));
    }

    /** A click on the map: the entity behind it becomes the selection. */
    private void selected(String id) {
        EntityRef ref = refOf(id);
        setSelection(ref == null ? StructuredSelection.EMPTY : new StructuredSelection(ref));
    }

    private EntityRef refOf(String id) {
        LiveConnection c = connection;
        MapGraph g = canvas.map().graph();
        if (c == null || id == null) {
            return null;
        }
        MapEdge e = g.edge(id);
        if (e != null) {
            return new EntityRef(c, EntityKind.ENDPOINT, e.representative());
        }
        MapNode n = g.node(id);
        return n == null || n.refKind() == null ? null : new EntityRef(c, n.refKind(), n.refKey());
    }

    public void exportPng(Path file) {
        MapExport.png(getDisplay(), canvas.map(), canvas.selected(), file);
    }

    public void exportSvg(Path file) throws IOException {
        SvgCanvas.write(canvas.map(), canvas.selected(), file);
    }

    public void zoomIn() {
        canvas.zoomCentre(1.25);
    }

    public void zoomOut() {
        canvas.zoomCentre(1 / 1.25);
    }

    public void fit() {
        canvas.fit();
    }

    // for tests and the view

    public FilterBar filterBar() {
        return filter;
    }

    public LaidOutMap map() {
        return canvas.map();
    }

    public MapCanvasControl canvas() {
        return canvas;
    }

    public String statusText() {
        return status.getText();
    }

    /** Runs of the updater so far. */
    public long updates() {
        return updater.runs();
    }

    /** Build and layout time of the map shown, in ms. */
    public double lastMillis() {
        return last == null ? 0 : (last.buildNanos() + last.layoutNanos()) / 1e6;
    }

    @Override
    public void addSelectionChangedListener(ISelectionChangedListener l) {
        selectionListeners.add(l);
    }

    @Override
    public void removeSelectionChangedListener(ISelectionChangedListener l) {
        selectionListeners.remove(l);
    }

    @Override
    public ISelection getSelection() {
        return selection;
    }

    @Override
    public void setSelection(ISelection s) {
        if (Objects.equals(s, selection)) {
            return;
        }
        selection = s;
        SelectionChangedEvent ev = new SelectionChangedEvent(this, s);
        for (ISelectionChangedListener l : selectionListeners) {
            l.selectionChanged(ev);
        }
    }
}
