package org.ddstuner.system.ui.live;

import org.ddstuner.connection.Connection;
import org.ddstuner.system.ModelListener;
import org.ddstuner.system.SystemSnapshot;
import org.eclipse.swt.widgets.Display;

/**
 * One open connection as the views see it: the latest {@link SystemSnapshot}, refreshed at most every
 * {@link BackgroundRefresher#MIN_GAP_MS} ms however many discovery events arrive. The model's notifier
 * thread only asks the refresher; the snapshot is taken on the refresh thread and published on the UI
 * thread.
 */
public final class LiveConnection {

    private final Connection connection;
    private final LiveSystems owner;
    private final BackgroundRefresher<SystemSnapshot> refresher;
    private final ModelListener listener;
    private volatile boolean includeOwn;
    private volatile SystemSnapshot snapshot;

    LiveConnection(Connection connection, LiveSystems owner, Display display, boolean includeOwn) {
        this.connection = connection;
        this.owner = owner;
        this.includeOwn = includeOwn;
        this.refresher = new BackgroundRefresher<>("Snapshot of " + connection.label(), this, display,
                () -> connection.model().snapshot(this.includeOwn), this::publish);
        // notifier thread: no widget work and no SWT call here (a Throttler would asyncExec, taking SWT's
        // global lock on a low-priority thread, see UiPoster); the refresher coalesces and spaces its runs
        this.listener = delta -> refresher.request();
        connection.model().addListener(listener);
        this.snapshot = connection.model().snapshot(includeOwn);
    }

    private void publish(SystemSnapshot s) {
        snapshot = s;
        owner.fireChanged();
    }

    public Connection connection() {
        return connection;
    }

    public String label() {
        return connection.label();
    }

    /** The latest snapshot; never null. Safe from any thread. */
    public SystemSnapshot snapshot() {
        return snapshot;
    }

    void setIncludeOwn(boolean include) {
        if (includeOwn != include) {
            includeOwn = include;
            refresher.request();
        }
    }

    /** Asks for a new snapshot now (e.g. after a display option changed). */
    public void refresh() {
        refresher.request();
    }

    void dispose() {
        connection.model().removeListener(listener);
        refresher.dispose();
    }
}
