package org.ddstuner.health.internal;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

import org.ddstuner.health.HealthEvent;

/**
 * The listeners of a {@link org.ddstuner.health.HealthWatch} (local or remote): events and notes handed out on the
 * watch's thread; a listener that throws is reported and does not stop the others.
 */
public final class WatchListeners {

    private final List<Consumer<HealthEvent>> events = new CopyOnWriteArrayList<>();
    private final List<Consumer<String>> notes = new CopyOnWriteArrayList<>();

    public void add(Consumer<HealthEvent> l) {
        events.add(l);
    }

    public void remove(Consumer<HealthEvent> l) {
        events.remove(l);
    }

    public void addNotes(Consumer<String> l) {
        notes.add(l);
    }

    public void emit(HealthEvent e) {
        for (Consumer<HealthEvent> l : events) {
            try {
                l.accept(e);
            } catch (RuntimeException ex) {
                System.err.println("DDS Tuner: a health listener threw " + ex);
            }
        }
    }

    public void note(String text) {
        for (Consumer<String> l : notes) {
            try {
                l.accept(text);
            } catch (RuntimeException ex) {
                System.err.println("DDS Tuner: a health note listener threw " + ex);
            }
        }
    }
}
