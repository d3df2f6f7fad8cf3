package org.ddstuner.samples.tests;

import java.time.Duration;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;
import java.util.function.Supplier;

import org.ddstuner.connection.Connection;
import org.ddstuner.system.Endpoint;
import org.ddstuner.system.SystemSnapshot;
import org.ddstuner.testsupport.live.LiveConnectionTest;

/**
 * Base of the tests with real participants: {@link LiveConnectionTest} (private network namespace, a
 * loopback connection per test, everything registered closed afterwards) plus waiting for the model.
 */
abstract class Live extends LiveConnectionTest {

    static final Duration TIMEOUT = Duration.ofSeconds(15);

    /** Polls every 20 ms until true; fails naming {@code what} and the last state. */
    static void await(String what, BooleanSupplier condition, Supplier<String> state) {
        long end = System.nanoTime() + TIMEOUT.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > end) {
                throw new AssertionError("timed out after " + TIMEOUT.toSeconds() + " s waiting for " + what + "; "
                        + state.get());
            }
            sleep(20);
        }
    }

    /** The first snapshot (own entities included) satisfying {@code p}. */
    static SystemSnapshot awaitModel(Connection c, String what, Predicate<SystemSnapshot> p) {
        SystemSnapshot[] last = new SystemSnapshot[1];
        await(what, () -> p.test(last[0] = c.model().snapshot(true)),
                () -> "endpoints: " + last[0].endpoints().stream().map(Live::describe).toList());
        return last[0];
    }

    static long count(SystemSnapshot s, String topic, boolean readers) {
        return s.endpoints().stream().filter(e -> e.topicName().equals(topic) && !e.own() && e.alive()
                && e.isReader() == readers).count();
    }

    static String describe(Endpoint e) {
        return e.kind().text() + " " + e.topicName() + " " + e.partitions() + (e.own() ? " own" : "");
    }

    static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}
