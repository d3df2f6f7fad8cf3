package org.ddstuner.connection;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import org.ddstuner.dds.PreconditionNotMetException;

/**
 * The connections open in this process, side by side: local ones ({@link Connection}, joined here) and others
 * (e.g. through a remote agent) added by whoever opened them. Cyclone allows one configuration per domain id
 * per process, so two local connections to the same domain id are refused with a clear message.
 */
public final class ConnectionManager {

    private static final ConnectionManager INSTANCE = new ConnectionManager();

    private final List<SystemConnection> connections = new CopyOnWriteArrayList<>();
    private final List<Runnable> listeners = new CopyOnWriteArrayList<>();

    public static ConnectionManager get() {
        return INSTANCE;
    }

    /**
     * Opens a connection (blocks for roughly 100 ms; call it off the UI thread).
     *
     * @throws IllegalStateException if a connection to that domain id is already open
     */
    public Connection open(ConnectionProfile profile) {
        Connection c;
        synchronized (this) {
            for (Connection existing : connections()) {
                if (existing.profile().domainId() == profile.domainId()) {
                    throw new IllegalStateException("Domain " + profile.domainId() + " is already open in connection \""
                            + existing.profile().name() + "\". Cyclone DDS allows one configuration per domain per "
                            + "process: close that connection first.");
                }
            }
            try {
                c = Connection.open(profile);
            } catch (PreconditionNotMetException e) {
                throw new IllegalStateException("Domain " + profile.domainId()
                        + " is already in use in this process (e.g. by a reader or benchmark): " + e.getMessage(), e);
            }
            connections.add(c);
        }
        fire();
        return c;
    }

    /**
     * Adds a connection opened elsewhere (a remote agent's); closed with the others.
     *
     * @throws IllegalStateException if a connection of that name is already open
     */
    public void add(SystemConnection c) {
        synchronized (this) {
            for (SystemConnection existing : connections) {
                if (existing.name().equals(c.name())) {
                    throw new IllegalStateException("A connection named \"" + c.name() + "\" is already open: close "
                            + "it first.");
                }
            }
            connections.add(c);
        }
        fire();
    }

    /** The open local connections (joined domains), in the order they were opened. */
    public List<Connection> connections() {
        List<Connection> out = new ArrayList<>();
        for (SystemConnection c : connections) {
            if (c instanceof Connection l) {
                out.add(l);
            }
        }
        return out;
    }

    /** Every open connection, local and remote, in the order they were opened. */
    public List<SystemConnection> systems() {
        return new ArrayList<>(connections);
    }

    public void close(SystemConnection c) {
        if (connections.remove(c)) {
            c.close();
            fire();
        }
    }

    public void closeAll() {
        for (SystemConnection c : systems()) {
            close(c);
        }
    }

    public void addListener(Runnable onConnectionsChanged) {
        listeners.add(onConnectionsChanged);
    }

    public void removeListener(Runnable l) {
        listeners.remove(l);
    }

    private void fire() {
        for (Runnable l : listeners) {
            l.run();
        }
    }
}
