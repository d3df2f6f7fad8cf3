package org.ddstuner.samples;

import java.util.Map;
import java.util.WeakHashMap;

import org.ddstuner.connection.Connection;

/**
 * Writing into a live system is an explicit act: the person confirms it once per connection, and
 * {@link WriterSession#open} refuses to write until then. The front end asks (dialog, console prompt)
 * through {@link Confirmer}; the answer is remembered for the connection's lifetime only.
 */
public final class InjectionGuard {

    /** Asks the person; true means "yes, write into this system". */
    @FunctionalInterface
    public interface Confirmer {
        boolean confirm(String connectionLabel, String topic);
    }

    private static final Map<Connection, InjectionGuard> GUARDS = new WeakHashMap<>();

    private final String label;
    private volatile boolean confirmed;

    private InjectionGuard(String label) {
        this.label = label;
    }

    /** The guard of a connection (one per connection). */
    public static InjectionGuard of(Connection connection) {
        synchronized (GUARDS) {
            return GUARDS.computeIfAbsent(connection, c -> new InjectionGuard(c.label()));
        }
    }

    public boolean isConfirmed() {
        return confirmed;
    }

    /** Records the person's confirmation (for front ends that asked on their own, or a CLI --yes flag). */
    public void confirm() {
        confirmed = true;
    }

    /** Forgets the confirmation: the next injection asks again. */
    public void revoke() {
        confirmed = false;
    }

    /**
     * Asks once: true if confirmed before, else whatever {@code asker} answers (remembered when yes).
     */
    public synchronized boolean ensureConfirmed(Confirmer asker, String topic) {
        if (!confirmed && asker.confirm(label, topic)) {
            confirmed = true;
        }
        return confirmed;
    }

    @Override
    public String toString() {
        return "InjectionGuard[" + label + (confirmed ? ", confirmed" : "") + "]";
    }
}
