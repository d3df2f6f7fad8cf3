package org.ddstuner.pother.ui;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import org.eclipse.swt.widgets.Display;

/**
 * One timer on the UI thread for all Benchmarks views: every {@value #PERIOD_MS} ms it lets each
 * registered view pull what is new from the runs. Reports arrive on DDS and runner threads at any rate;
 * they never post to the UI themselves, so the UI does one pass per tick however many reports came.
 */
public final class RefreshTicker {

    public static final int PERIOD_MS = 250;

    private static final List<Runnable> VIEWS = new CopyOnWriteArrayList<>();
    private static boolean scheduled; // UI thread only

    private RefreshTicker() {
    }

    /** Registers a view's refresh (UI thread). */
    public static void add(Display display, Runnable refresh) {
        VIEWS.add(refresh);
        if (!scheduled) {
            scheduled = true;
            display.timerExec(PERIOD_MS, () -> tick(display));
        }
    }

    public static void remove(Runnable refresh) {
        VIEWS.remove(refresh);
    }

    private static void tick(Display display) {
        if (display.isDisposed()) {
            return;
        }
        for (Runnable r : VIEWS) {
            try {
                r.run();
            } catch (RuntimeException e) {
                UiLog.error("Refreshing a Benchmarks view failed: " + e.getMessage(), e);
            }
        }
        if (VIEWS.isEmpty()) {
            scheduled = false;
        } else {
            display.timerExec(PERIOD_MS, () -> tick(display));
        }
    }
}
