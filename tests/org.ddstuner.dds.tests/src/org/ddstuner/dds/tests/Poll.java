package org.ddstuner.dds.tests;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;

import org.ddstuner.dds.ReaderBase;
import org.ddstuner.dds.Sample;

/** Polling helpers with short timeouts: discovery on loopback takes ~30 ms, so 5 s means "broken". */
final class Poll {

    static final Duration TIMEOUT = Duration.ofSeconds(5);

    private Poll() {
    }

    static boolean until(BooleanSupplier condition) {
        long end = System.nanoTime() + TIMEOUT.toNanos();
        while (System.nanoTime() < end) {
            if (condition.getAsBoolean()) {
                return true;
            }
            sleep(5);
        }
        return condition.getAsBoolean();
    }

    /** Takes from {@code reader} until a sample matches; returns it, or null after the timeout. */
    static <T> Sample<T> takeUntil(ReaderBase<T> reader, Predicate<Sample<T>> match) {
        long end = System.nanoTime() + TIMEOUT.toNanos();
        while (System.nanoTime() < end) {
            for (Sample<T> s : reader.take(64)) {
                if (match.test(s)) {
                    return s;
                }
            }
            sleep(5);
        }
        return null;
    }

    /** Everything taken within {@code d}. */
    static <T> List<Sample<T>> takeFor(ReaderBase<T> reader, Duration d) {
        List<Sample<T>> all = new ArrayList<>();
        long end = System.nanoTime() + d.toNanos();
        while (System.nanoTime() < end) {
            all.addAll(reader.take(64));
            sleep(5);
        }
        return all;
    }

    static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
