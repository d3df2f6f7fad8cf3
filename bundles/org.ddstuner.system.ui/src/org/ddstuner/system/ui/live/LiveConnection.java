package org.ddstuner.system.ui.live;

import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.function.Consumer;

import org.ddstuner.connection.Connection;
import org.ddstuner.connection.SystemConnection;
import org.ddstuner.connection.SystemConnection.Link;
import org.ddstuner.connection.SystemConnection.LinkState;
import org.ddstuner.system.ModelListener;
import org.ddstuner.system.SystemSnapshot;
import org.eclipse.swt.widgets.Display;

/**
 * One open connection as the views see it: the latest {@link SystemSnapshot}, refreshed at most every
 * {@link BackgroundRefresher#MIN_GAP_MS} ms however many discovery events arrive. The model's notifier
 * thread only asks the refresher; the snapshot is taken on the refresh thread and published on the UI
 * thread. A connection whose link is down (a remote agent out of reach) keeps its last snapshot, shown greyed
 * with "disconnected since HH:MM:SS" on its label until the link is up again.
 */
public final class LiveConnection {

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss")
            .withZone(ZoneId.systemDefault());

    private final SystemConnection connection;
    private final Consumer<Link> linkListener;
    private volatile Link link;
    private final LiveSystems owner;
    private final BackgroundRefresher<SystemSnapshot> refresher;
    private final ModelListener listener;
    private volatile boolean includeOwn;
    private volatile SystemSnapshot snapshot;

    LiveConnection(SystemConnection connection, LiveSystems owner, Display display, boolean includeOwn) {
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
        // the client's thread: only remember and ask for a refresh, which tells the views on the UI thread
        this.linkListener = l -> {
            link = l;
            refresher.request();
        };
        connection.addLinkListener(linkListener);
        this.link = connection.link();
    }

    private void publish(SystemSnapshot s) {
        snapshot = s;
        owner.fireChanged();
    }

    /** The connection, local or remote. */
    public SystemConnection system() {
        return connection;
    }

    /** Whether this is a local connection (joined here), which can do everything. */
    public boolean isLocal() {
        return connection instanceof Connection;
    }

    /**
     * The local connection, for what needs the domain itself (readers, writers, type lookup); ask
     * {@link SystemConnection#can} first.
     *
     * @throws IllegalStateException for a remote connection, saying what it cannot do
     */
    public Connection connection() {
        if (connection instanceof Connection c) {
            return c;
        }
        throw new IllegalStateException(connection.label() + " is not a local connection: only its system model is "
                + "available here.");
    }

    /** The link now (always up for a local connection). */
    public Link link() {
        return link;
    }

    /** True while the link is down: the views show the last picture greyed. */
    public boolean stale() {
        Link l = link;
        return l != null && (l.state() == LinkState.DISCONNECTED || l.state() == LinkState.REFUSED);
    }

    /**
     * "Local demo (domain 77)"; for a link that is down "Robot (agent 10.0.0.5:7700) — disconnected since 14:02:17"
     * (the time the link was lost, not of the last attempt to get it back).
     */
    public String label() {
        return connection.label() + linkNote(link);
    }

    /** " — disconnected since 14:02:17", " — refused: …", " — connecting…" or "" when up. */
    public static String linkNote(Link l) {
        if (l == null) {
            return "";
        }
        return switch (l.state()) {
            case CONNECTED, CLOSED -> "";
            case CONNECTING -> " — connecting…";
            case DISCONNECTED -> " — disconnected since " + TIME.format(l.since());
            case REFUSED -> " — refused: " + l.reason();
        };
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
        connection.removeLinkListener(linkListener);
        connection.model().removeListener(listener);
        refresher.dispose();
    }
}
