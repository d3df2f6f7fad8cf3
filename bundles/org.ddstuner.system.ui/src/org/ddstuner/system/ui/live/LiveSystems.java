package org.ddstuner.system.ui.live;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

import org.ddstuner.connection.SystemConnection;
import org.ddstuner.connection.ConnectionManager;
import org.eclipse.swt.widgets.Display;

/**
 * The open connections as the views see them (UI-thread object, one per workbench). Mirrors
 * {@link ConnectionManager#systems()} (local and remote), owns the "show own entities" switch shared by all views
 * and tells its listeners, on the UI thread, whenever a connection came, went or has a new snapshot.
 */
public final class LiveSystems {

    private static LiveSystems instance;
    /** Names of the connections being opened right now (any thread). */
    private static final Set<String> CONNECTING = ConcurrentHashMap.newKeySet();

    private final Display display;
    private final List<LiveConnection> connections = new CopyOnWriteArrayList<>();
    private final List<Runnable> listeners = new CopyOnWriteArrayList<>();
    private final Runnable managerListener = this::connectionsChangedAnyThread;
    private volatile boolean showOwn;

    private LiveSystems(Display display) {
        this.display = display;
        ConnectionManager.get().addListener(managerListener);
        sync();
    }

    /** The instance of the current display; call on the UI thread. */
    public static synchronized LiveSystems get() {
        Display d = Display.getCurrent();
        if (d == null) {
            throw new IllegalStateException("LiveSystems.get() must be called on the UI thread");
        }
        if (instance == null || instance.display.isDisposed()) {
            instance = new LiveSystems(d);
            d.disposeExec(instance::dispose);
        }
        return instance;
    }

    /**
     * Tells the views that a connection named {@code name} is being opened ({@code true}) or no longer
     * is; callable from any thread (a connect job). Until it is open the views say "Connecting…"
     * rather than "No connection".
     */
    public static void connecting(String name, boolean on) {
        boolean changed = on ? CONNECTING.add(name) : CONNECTING.remove(name);
        LiveSystems live;
        synchronized (LiveSystems.class) {
            live = instance;
        }
        if (changed && live != null && !live.display.isDisposed()) {
            live.display.asyncExec(() -> {
                if (!live.display.isDisposed()) {
                    live.fireChanged();
                }
            });
        }
    }

    /** Names of the connections being opened, sorted. */
    public static List<String> connectingTo() {
        return CONNECTING.stream().sorted().toList();
    }

    /** Open connections in the order they were opened; safe to read from any thread. */
    public List<LiveConnection> connections() {
        return List.copyOf(connections);
    }

    /** The live view of {@code c}, or null when it is not (or no longer) open. */
    public LiveConnection find(SystemConnection c) {
        for (LiveConnection l : connections) {
            if (l.system() == c) {
                return l;
            }
        }
        return null;
    }

    public boolean showOwn() {
        return showOwn;
    }

    /** Shows or hides the tool's own participants and endpoints in every view. */
    public void setShowOwn(boolean show) {
        if (showOwn == show) {
            return;
        }
        showOwn = show;
        connections.forEach(c -> c.setIncludeOwn(show));
        fireChanged();
    }

    /** {@code r} runs on the UI thread after every change. */
    public void addListener(Runnable r) {
        listeners.add(r);
    }

    public void removeListener(Runnable r) {
        listeners.remove(r);
    }

    void fireChanged() {
        for (Runnable r : listeners) {
            r.run();
        }
    }

    private void connectionsChangedAnyThread() {
        if (!display.isDisposed()) {
            display.asyncExec(() -> {
                if (!display.isDisposed()) {
                    sync();
                }
            });
        }
    }

    /** Brings our list in line with the manager's. */
    private void sync() {
        List<SystemConnection> open = ConnectionManager.get().systems();
        boolean changed = false;
        for (LiveConnection l : new ArrayList<>(connections)) {
            if (!open.contains(l.system())) {
                connections.remove(l);
                l.dispose();
                changed = true;
            }
        }
        for (SystemConnection c : open) {
            if (find(c) == null) {
                connections.add(new LiveConnection(c, this, display, showOwn));
                changed = true;
            }
        }
        if (changed) {
            fireChanged();
        }
    }

    private void dispose() {
        ConnectionManager.get().removeListener(managerListener);
        connections.forEach(LiveConnection::dispose);
        connections.clear();
        listeners.clear();
    }
}
