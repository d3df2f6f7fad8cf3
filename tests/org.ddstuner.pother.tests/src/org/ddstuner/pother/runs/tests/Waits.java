package org.ddstuner.pother.runs.tests;

import java.time.Duration;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/** Polling waits shared by the agent liveness tests. */
final class Waits {

    private Waits() {
    }

    /** Polls {@code done} every 20 ms; fails naming {@code what} and {@code detail} after {@code timeout}. */
    static void waitFor(String what, Duration timeout, BooleanSupplier done, Supplier<?> detail)
            throws InterruptedException {
        long end = System.nanoTime() + timeout.toNanos();
        while (!done.getAsBoolean()) {
            if (System.nanoTime() > end) {
                throw new AssertionError("waited " + timeout.toSeconds() + " s for " + what + ": " + detail.get());
            }
            Thread.sleep(20);
        }
    }
}
