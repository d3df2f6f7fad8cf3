package org.ddstuner.remote;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What operations created for one client and the agent must free when that client goes (its readers, writers,
 * watches): kept under a key the operation chooses (e.g. {@code "writer/3"}), closed in reverse order of creation
 * when the session ends, whatever ended it (logout, timeout, a killed client, the agent stopping). A client that
 * reconnects starts with none: it creates again what it needs (the desktop does on reconnect).
 */
public final class SessionResources {

    /** Per client at most; a client that asks for more gets a clear refusal rather than exhausting the agent. */
    public static final int MAX = 64;

    private final Map<String, AutoCloseable> held = new LinkedHashMap<>();
    private long next = 1;
    private boolean closed;

    /** A new key {@code prefix/N}, unique in this session. */
    public synchronized String newKey(String prefix) {
        return prefix + "/" + next++;
    }

    /**
     * Keeps {@code r} until {@link #release} or the session's end.
     *
     * @throws OperationException {@code too-many} when the client holds {@value #MAX} already, {@code closed} when the
     *             session has ended (then {@code r} is closed here)
     */
    public synchronized void hold(String key, AutoCloseable r) throws OperationException {
        if (closed) {
            closeQuietly(r);
            throw new OperationException("closed", "the client's session has ended");
        }
        if (held.size() >= MAX && !held.containsKey(key)) {
            throw new OperationException("too-many", "a client holds at most " + MAX + " readers, writers and watches "
                    + "on the agent; delete some first");
        }
        AutoCloseable old = held.put(key, r);
        if (old != null && old != r) {
            closeQuietly(old);
        }
    }

    /** What is held under {@code key} if it is a {@code type}, or {@code null}. */
    public synchronized <T> T get(String key, Class<T> type) {
        AutoCloseable r = held.get(key);
        return type.isInstance(r) ? type.cast(r) : null;
    }

    /** The keys held now that start with {@code prefix}, in order of creation. */
    public synchronized List<String> keys(String prefix) {
        return held.keySet().stream().filter(k -> k.startsWith(prefix)).toList();
    }

    /** Closes and forgets what {@code key} holds; false when nothing was held under it. */
    public boolean release(String key) {
        AutoCloseable r;
        synchronized (this) {
            r = held.remove(key);
        }
        if (r == null) {
            return false;
        }
        closeQuietly(r);
        return true;
    }

    /** The session's end: closes everything, newest first; later {@link #hold}s are refused. */
    void closeAll() {
        List<AutoCloseable> all;
        synchronized (this) {
            closed = true;
            all = new ArrayList<>(held.values());
            held.clear();
        }
        for (int i = all.size() - 1; i >= 0; i--) {
            closeQuietly(all.get(i));
        }
    }

    private static void closeQuietly(AutoCloseable r) {
        try {
            r.close();
        } catch (Exception | LinkageError e) {
            // freeing one must not keep the others alive; the agent goes on serving
        }
    }
}
