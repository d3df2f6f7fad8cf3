package org.ddstuner.system.ui.live;

import java.util.function.Consumer;
import java.util.function.Supplier;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.swt.widgets.Display;

/**
 * Computes something off the UI thread and hands the result to the UI thread. Requests made while a
 * computation runs are coalesced into one more run after it (a running {@link Job} that is scheduled
 * again runs once more), so a burst of requests never queues a burst of UI updates; and runs start at
 * least {@link #MIN_GAP_MS} apart, so the UI thread gets at most ~10 results a second from each.
 *
 * @param <T> what is computed (immutable, so it may cross threads)
 */
public final class BackgroundRefresher<T> {

    /** Shortest time between the starts of two runs. */
    static final long MIN_GAP_MS = 100;

    private final Display display;
    private volatile long lastStart;
    private final Supplier<T> compute;
    private final Consumer<T> apply;
    private final Job job;
    private volatile boolean disposed;

    /**
     * @param compute runs in a background job; reads only thread-safe state
     * @param apply   runs on the UI thread with the result, unless disposed meanwhile
     */
    public BackgroundRefresher(String name, Object family, Display display, Supplier<T> compute, Consumer<T> apply) {
        this.display = display;
        this.compute = compute;
        this.apply = apply;
        this.job = new Job(name) {
            @Override
            protected IStatus run(IProgressMonitor monitor) {
                if (disposed || monitor.isCanceled()) {
                    return Status.CANCEL_STATUS;
                }
                lastStart = System.currentTimeMillis();
                T result = BackgroundRefresher.this.compute.get();
                deliver(result);
                return Status.OK_STATUS;
            }

            @Override
            public boolean belongsTo(Object f) {
                return family != null && family.equals(f);
            }
        };
        job.setSystem(true);
        job.setPriority(Job.SHORT);
    }

    /** Asks for a fresh result; cheap, callable from any thread. */
    public void request() {
        if (disposed) {
            return;
        }
        int state = job.getState();
        if (state == Job.WAITING || state == Job.SLEEPING) {
            return; // a run is coming; scheduling again would only push it back
        }
        // while running, schedule() makes it run once more afterwards
        long wait = lastStart + MIN_GAP_MS - System.currentTimeMillis();
        job.schedule(Math.max(0, Math.min(wait, MIN_GAP_MS)));
    }

    private void deliver(T result) {
        if (disposed || display.isDisposed()) {
            return;
        }
        display.asyncExec(() -> {
            if (!disposed && !display.isDisposed()) {
                apply.accept(result);
            }
        });
    }

    public void dispose() {
        disposed = true;
        job.cancel();
    }
}
