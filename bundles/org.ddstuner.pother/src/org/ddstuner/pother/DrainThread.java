package org.ddstuner.pother;

import java.time.Duration;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

import org.ddstuner.dds.Reader;

/**
 * The waitset thread of a reader that takes in batches (a receiver's, a relay's): waits for data, then runs
 * the owner's drain, until the owner stops it. Waits at most {@value #POLL_MILLIS} ms at a time, which bounds
 * how long the owner's close waits for this thread.
 */
final class DrainThread {

    static final int POLL_MILLIS = 100;

    private DrainThread() {
    }

    /**
     * Starts the thread.
     *
     * @param stop checked before every wait: true ends the thread
     * @param failed gets what a wait or a drain threw; the thread ends with it (the owner decides whether it
     *        was a failure or its own close)
     */
    static Thread start(String name, Reader reader, BooleanSupplier stop, Runnable drain, Consumer<RuntimeException> failed) {
        return Thread.ofPlatform().daemon().name(name).start(() -> {
            Duration poll = Duration.ofMillis(POLL_MILLIS);
            while (!stop.getAsBoolean()) {
                try {
                    if (reader.waitForData(poll)) {
                        drain.run();
                    }
                } catch (RuntimeException e) {
                    failed.accept(e);
                    return;
                }
            }
        });
    }
}
