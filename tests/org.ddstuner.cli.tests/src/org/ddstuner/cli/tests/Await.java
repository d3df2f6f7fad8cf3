package org.ddstuner.cli.tests;

import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/** Polling for a condition the test cannot be told about (another process's state), every 100 ms. */
final class Await {

    private Await() {
    }

    /** True as soon as {@code condition} holds; false when it still does not after {@code seconds}. */
    static boolean until(BooleanSupplier condition, long seconds) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > end) {
                return false;
            }
            Thread.sleep(100);
        }
        return true;
    }
}
