package org.ddstuner.cli;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Ctrl-C / SIGTERM for commands that run until stopped: the JVM's shutdown hook only raises a flag the
 * command's loop polls, then waits (briefly) until the command has deleted its DDS entities, so peers see
 * our reader/writer leave instead of timing out on it. Closing the signal removes the hook.
 */
final class StopSignal implements AutoCloseable {

    /** How long a Ctrl-C waits for the command to close its entities before the JVM exits anyway. */
    private static final long CLOSE_GRACE_MS = 3000;

    private final CountDownLatch requested = new CountDownLatch(1);
    private final CountDownLatch closed = new CountDownLatch(1);
    private final Thread hook;

    private StopSignal(String name, long graceMillis) {
        hook = new Thread(() -> {
            requested.countDown();
            try {
                closed.await(graceMillis, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "ddstuner-" + name + "-stop");
    }

    static StopSignal install(String name) {
        return install(name, CLOSE_GRACE_MS);
    }

    /** As {@link #install(String)}, waiting up to {@code graceMillis} for the command to clean up. */
    static StopSignal install(String name, long graceMillis) {
        StopSignal s = new StopSignal(name, graceMillis);
        Runtime.getRuntime().addShutdownHook(s.hook);
        return s;
    }

    boolean requested() {
        return requested.getCount() == 0;
    }

    /** Sleeps up to {@code millis}, waking early when a stop is requested; true if one was. */
    boolean await(long millis) throws InterruptedException {
        return requested.await(millis, TimeUnit.MILLISECONDS);
    }

    @Override
    public void close() {
        closed.countDown();
        if (!requested()) {
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException e) {
                // the JVM is shutting down already: the hook runs and returns at once
            }
        }
    }
}
