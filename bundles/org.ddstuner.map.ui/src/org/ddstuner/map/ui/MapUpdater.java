package org.ddstuner.map.ui;

import java.util.List;
import java.util.function.Consumer;
import java.util.function.Supplier;

import org.ddstuner.health.HealthEvent;
import org.ddstuner.map.LaidOutMap;
import org.ddstuner.map.MapBuilder;
import org.ddstuner.map.MapGraph;
import org.ddstuner.map.MapLayout;
import org.ddstuner.system.NameFilter;
import org.ddstuner.system.SystemSnapshot;
import org.eclipse.swt.widgets.Display;

/**
 * Builds and lays out the map off the UI thread: requests (a new snapshot, a new filter, a watch problem) are
 * coalesced, runs are at least {@link #MIN_GAP_MS} apart, and only the latest result is handed to the UI thread.
 * One daemon thread per view, ended by {@link #close()}.
 */
final class MapUpdater implements AutoCloseable {

    static final long MIN_GAP_MS = 250;

    /** What one run reads: taken on the UI thread when the request is made. */
    record Input(SystemSnapshot snapshot, List<HealthEvent> health, NameFilter filter) {
    }

    /** What one run made, with what it cost (shown in the status line, read by the tests). */
    record Result(LaidOutMap map, long buildNanos, long layoutNanos, int recomputedTopics) {
    }

    private final Display display;
    private final Consumer<Result> onResult;
    private final MapBuilder builder = new MapBuilder();
    private final MapLayout layout = new MapLayout();
    private final Thread thread;
    private Supplier<Input> pending;
    private boolean closed;
    private long runs;

    MapUpdater(Display display, Consumer<Result> onResult) {
        this.display = display;
        this.onResult = onResult;
        this.thread = Thread.ofPlatform().daemon().name("System map layout").start(this::loop);
    }

    /** Asks for a new map from what {@code input} returns when the run starts (any thread). */
    synchronized void request(Supplier<Input> input) {
        pending = input;
        notifyAll();
    }

    /** Runs finished so far (tests wait for a run after a change). */
    synchronized long runs() {
        return runs;
    }

    private void loop() {
        long last = 0;
        while (true) {
            Supplier<Input> in;
            synchronized (this) {
                while (pending == null && !closed) {
                    try {
                        wait();
                    } catch (InterruptedException e) {
                        return;
                    }
                }
                if (closed) {
                    return;
                }
                in = pending;
                pending = null;
            }
            long wait = last + MIN_GAP_MS * 1_000_000 - System.nanoTime();
            if (wait > 0) {
                try {
                    Thread.sleep(wait / 1_000_000);
                } catch (InterruptedException e) {
                    return;
                }
            }
            last = System.nanoTime();
            Result r;
            try {
                r = run(in.get());
            } catch (RuntimeException e) {
                System.err.println("DDS Tuner: the system map could not be made: " + e);
                e.printStackTrace();
                continue;
            }
            synchronized (this) {
                runs++;
            }
            if (!display.isDisposed()) {
                display.asyncExec(() -> onResult.accept(r));
            }
        }
    }

    private Result run(Input in) {
        if (in == null || in.snapshot() == null) {
            return new Result(LaidOutMap.EMPTY, 0, 0, 0);
        }
        long t0 = System.nanoTime();
        MapGraph g = builder.build(in.snapshot(), in.health(), in.filter());
        long t1 = System.nanoTime();
        LaidOutMap m = layout.layout(g);
        long t2 = System.nanoTime();
        return new Result(m, t1 - t0, t2 - t1, builder.recomputedTopics());
    }

    @Override
    public synchronized void close() {
        closed = true;
        notifyAll();
        thread.interrupt();
    }
}
