package org.ddstuner.pother.ui.tests;

import java.time.Duration;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

import org.ddstuner.testsupport.ui.WorkbenchUi;

/**
 * UI test helpers: {@link WorkbenchUi} (event loop, views, screenshots) under the name the tests use, with
 * a longer wait: benchmark runs take their time.
 */
final class Ui extends WorkbenchUi {

    static final Duration TIMEOUT = Duration.ofSeconds(60);

    private Ui() {
    }

    /** Spins the event loop until {@code condition} holds; fails after {@link #TIMEOUT} with {@code what}. */
    public static void waitUntil(String what, BooleanSupplier condition, Supplier<String> stateWhenFailing) {
        waitUntil(TIMEOUT, what, condition, stateWhenFailing);
    }
}
