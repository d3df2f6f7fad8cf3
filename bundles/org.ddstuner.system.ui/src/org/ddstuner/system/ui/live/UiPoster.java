package org.ddstuner.system.ui.live;

import java.util.concurrent.LinkedBlockingQueue;

import org.eclipse.swt.SWTException;
import org.eclipse.swt.widgets.Display;

/**
 * Hands work to the UI thread on behalf of threads that run below its priority ({@link ThreadNice},
 * {@link BackgroundThreads}). SWT's {@code Display.asyncExec} (and {@code isDisposed}) hold one global
 * lock, {@code Device.class}, and wake the UI thread while holding it; the UI thread needs the same lock
 * whenever it makes a graphics resource (every clipped paint). A nice-10 thread preempted right there by
 * the UI thread it just woke leaves the UI thread blocked until the nice-10 thread gets a CPU again: JFR
 * showed the UI thread blocked 173 ms on {@code Device.class} owned by the view refresh thread while
 * 20,000 endpoints arrived. So low-priority threads only queue here, and one thread of normal priority
 * ("ui-poster", not reniced) does the {@code asyncExec}.
 */
public final class UiPoster {

    private record Item(Display display, Runnable runnable) {
    }

    private static final LinkedBlockingQueue<Item> QUEUE = new LinkedBlockingQueue<>();

    static {
        // not named ddstuner-*: BackgroundThreads must leave it at normal priority
        Thread.ofPlatform().daemon().name("ui-poster").start(UiPoster::loop);
    }

    private UiPoster() {
    }

    /** Runs {@code r} on {@code display}'s UI thread soon, unless the display is disposed; any thread. */
    public static void asyncExec(Display display, Runnable r) {
        QUEUE.add(new Item(display, r));
    }

    private static void loop() {
        while (true) {
            Item item;
            try {
                item = QUEUE.take();
            } catch (InterruptedException e) {
                return;
            }
            try {
                if (!item.display().isDisposed()) {
                    item.display().asyncExec(item.runnable());
                }
            } catch (SWTException e) {
                // disposed meanwhile: the work is moot
            }
        }
    }
}
