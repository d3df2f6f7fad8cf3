package org.ddstuner.system;

import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The model's single notifier thread: every interval it purges expired entities and hands the
 * coalesced delta (if any) to each listener. Fixed delay, so two deltas are at least one interval
 * apart however slow a listener is; DDS threads never call listeners.
 */
final class DeltaNotifier implements AutoCloseable {

    private static final System.Logger LOG = System.getLogger(DeltaNotifier.class.getName());

    private final SystemModel model;
    private final Duration interval;
    private final List<ModelListener> listeners = new CopyOnWriteArrayList<>();
    private ScheduledExecutorService executor;

    DeltaNotifier(SystemModel model, Duration interval) {
        this.model = model;
        this.interval = interval;
    }

    void addListener(ModelListener l) {
        listeners.add(l);
    }

    void removeListener(ModelListener l) {
        listeners.remove(l);
    }

    synchronized void start() {
        if (executor != null) {
            return;
        }
        executor = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "ddstuner-model-notifier");
            t.setDaemon(true);
            return t;
        });
        long nanos = interval.toNanos();
        executor.scheduleWithFixedDelay(this::tick, nanos, nanos, TimeUnit.NANOSECONDS);
    }

    private void tick() {
        try {
            model.purgeExpired();
            ModelDelta d = model.drainDelta();
            if (d == null) {
                return;
            }
            for (ModelListener l : listeners) {
                try {
                    l.modelChanged(d);
                } catch (RuntimeException e) {
                    // one broken listener must not stop the others or kill the thread
                    LOG.log(Level.WARNING, "model listener " + l + " failed", e);
                }
            }
        } catch (RuntimeException e) {
            LOG.log(Level.ERROR, "model notifier tick failed", e);
        }
    }

    @Override
    public synchronized void close() {
        if (executor != null) {
            executor.shutdownNow();
            executor = null;
        }
    }
}
