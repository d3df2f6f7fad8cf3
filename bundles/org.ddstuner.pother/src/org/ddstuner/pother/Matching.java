package org.ddstuner.pother;

import java.time.Duration;
import java.util.function.BooleanSupplier;

/** Waiting for the other side of a pair to be discovered and matched. */
final class Matching {

    private Matching() {
    }

    static boolean await(BooleanSupplier matched, Duration timeout) {
        long end = System.nanoTime() + timeout.toNanos();
        while (!matched.getAsBoolean()) {
            if (System.nanoTime() - end > 0) {
                return false;
            }
            try {
                Thread.sleep(5);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
        return true;
    }
}
