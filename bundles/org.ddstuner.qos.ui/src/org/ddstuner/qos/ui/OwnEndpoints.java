package org.ddstuner.qos.ui;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import org.ddstuner.dds.Guid;
import org.ddstuner.system.ui.details.QosChangeNotes;
import org.eclipse.swt.widgets.Display;

/**
 * The own readers and writers the QoS editor knows, in the order they were first edited or created (the
 * "Own entities" list). UI thread only; listeners are told after every add and remove.
 */
public final class OwnEndpoints {

    private static final OwnEndpoints INSTANCE = new OwnEndpoints();

    private final List<OwnEndpoint> endpoints = new CopyOnWriteArrayList<>();
    private final List<Runnable> listeners = new CopyOnWriteArrayList<>();

    private OwnEndpoints() {
        // the Details view shows old → new for what was changed here (any thread asks)
        QosChangeNotes.addSource(this::notes);
    }

    private Map<String, String> notes(Guid guid) {
        for (OwnEndpoint e : endpoints) {
            try {
                if (e.guid().equals(guid)) {
                    return e.notes();
                }
            } catch (RuntimeException closed) {
                // deleted meanwhile: nothing to say about it
            }
        }
        return Map.of();
    }

    public static OwnEndpoints get() {
        return INSTANCE;
    }

    /** The known ones; those of Reader/Writer views that were closed since are dropped here. */
    public List<OwnEndpoint> all() {
        endpoints.removeIf(e -> e.hasView() && gone(e));
        return List.copyOf(endpoints);
    }

    private static boolean gone(OwnEndpoint e) {
        try {
            return e.entity().isClosed();
        } catch (RuntimeException closed) {
            return true;
        }
    }

    void add(OwnEndpoint e) {
        endpoints.add(e);
        listeners.forEach(Runnable::run);
    }

    /** Tells the listeners that {@code e} was made again (another GUID); any thread. */
    void remade(OwnEndpoint e) {
        Display.getDefault().asyncExec(() -> {
            if (endpoints.contains(e)) {
                listeners.forEach(Runnable::run);
            }
        });
    }

    /** Forgets {@code e}, whose entity is gone with its connection; any thread. */
    void connectionClosed(OwnEndpoint e) {
        Display.getDefault().asyncExec(() -> remove(e));
    }

    /** Forgets it; deletes it too unless a view owns it. */
    void remove(OwnEndpoint e) {
        if (endpoints.remove(e)) {
            if (!e.hasView()) {
                e.close();
            }
            listeners.forEach(Runnable::run);
        }
    }

    /** The entry of a view's session, identified by the session object. */
    OwnEndpoint find(Object key) {
        return endpoints.stream().filter(e -> e.key == key).findFirst().orElse(null);
    }

    void addListener(Runnable r) {
        listeners.add(r);
    }

    void removeListener(Runnable r) {
        listeners.remove(r);
    }
}
