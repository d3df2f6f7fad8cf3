package org.ddstuner.system.ui.live;

import java.util.function.Consumer;
import java.util.function.Supplier;

import org.eclipse.core.runtime.ILog;
import org.eclipse.swt.widgets.Display;

/**
 * Computes something off the UI thread and hands the result to the UI thread. Requests made while a
 * computation runs are coalesced into one more run after it, so a burst of requests never queues a
 * burst of UI updates; runs start at least {@link #MIN_GAP_MS} apart, so the UI thread gets at most
 * ~10 results a second from each. All refreshers compute on one shared, low-priority thread that
 * rests in proportion to the work it did ({@link RefreshThread}): their CPU use stays bounded when the
 * model changes all the time, e.g. while thousands of endpoints are discovered.
 *
 * @param <T> what is computed (immutable, so it may cross threads)
 */
public final class BackgroundRefresher<T> {

    /** Shortest time between the starts of two runs. */
    static final long MIN_GAP_MS = 100;

    private final String name;
    private final Display display;
    private final Supplier<T> compute;
    private final Consumer<T> apply;
    private long lastStart;
    /** A run is queued on the refresh thread. */
    private boolean scheduled;
    /** A run is computing now. */
    private boolean running;
    /** A request came while running: run once more afterwards. */
    private boolean again;
    private volatile boolean disposed;

    /**
     * @param name    what is refreshed, for error reports
     * @param family  unused (kept for callers that name what the refresh belongs to)
     * @param compute runs on the refresh thread; reads only thread-safe state
     * @param apply   runs on the UI thread with the result, unless disposed meanwhile
     */
    public BackgroundRefresher(String name, Object family, Display display, Supplier<T> compute, Consumer<T> apply) {
        this.name = name;
        this.display = display;
        this.compute = compute;
        this.apply = apply;
    }

    /** Asks for a fresh result; cheap, callable from any thread. */
    public synchronized void request() {
        if (disposed) {
            return;
        }
        if (running) {
            again = true;
        } else if (!scheduled) {
            scheduleLocked();
        } // else a run is coming; it will see the newest state
    }

    private void scheduleLocked() {
        scheduled = true;
        long wait = lastStart + MIN_GAP_MS - System.currentTimeMillis();
        RefreshThread.schedule(this::run, Math.min(wait, MIN_GAP_MS));
    }

    private void run() {
        synchronized (this) {
            scheduled = false;
            if (disposed) {
                return;
            }
            running = true;
            lastStart = System.currentTimeMillis();
        }
        try {
            deliver(compute.get());
        } catch (RuntimeException | LinkageError e) {
            ILog.get().error("Refreshing " + name + " failed", e);
        } finally {
            synchronized (this) {
                running = false;
                if (again && !disposed) {
                    again = false;
                    scheduleLocked();
                }
            }
        }
    }

    private void deliver(T result) {
        if (disposed) {
            return;
        }
        // through the poster: this (low-priority) thread must not hold SWT's global lock (see UiPoster)
        UiPoster.asyncExec(display, () -> {
            if (!disposed && !display.isDisposed()) {
                apply.accept(result);
            }
        });
    }

    public void dispose() {
        disposed = true;
    }
}
