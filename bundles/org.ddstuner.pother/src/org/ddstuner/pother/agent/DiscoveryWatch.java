package org.ddstuner.pother.agent;

import java.util.concurrent.locks.LockSupport;
import java.util.function.IntSupplier;

import org.ddstuner.dds.DdsTime;

/**
 * Notes when an endpoint first matches, by polling its matched status every 200 µs on a thread of its own
 * (discovery on loopback takes 15–30 ms, so this resolves it to well under 1 %). Gives up after
 * {@value #GIVE_UP_SECONDS} s or when closed.
 */
final class DiscoveryWatch implements AutoCloseable {

    static final int GIVE_UP_SECONDS = 120;

    private final Thread thread;
    private volatile long firstMatch = -1;
    private volatile boolean closed;

    /**
     * Prepares the watch; {@link #start()} begins polling. Two steps, because the callback usually reads the
     * owner's field holding this watch: started from the constructor, a match that is already there (the
     * partner existed first, and local matching is synchronous) ran the callback before that field was set.
     */
    DiscoveryWatch(String name, IntSupplier matchedCount, Runnable onMatch) {
        thread = Thread.ofPlatform().daemon().name("pother-discovery-" + name).unstarted(() -> {
            long end = System.nanoTime() + GIVE_UP_SECONDS * 1_000_000_000L;
            while (!closed && System.nanoTime() - end < 0) {
                boolean matched;
                try {
                    matched = matchedCount.getAsInt() > 0;
                } catch (RuntimeException e) {
                    return; // the endpoint was closed under us
                }
                if (matched) {
                    firstMatch = DdsTime.now();
                    onMatch.run(); // a failure here is a bug: it reaches the uncaught-exception handler, not silence
                    return;
                }
                LockSupport.parkNanos(200_000);
            }
        });
    }

    /** Begins polling (once). */
    void start() {
        thread.start();
    }

    /** When the endpoint first matched (Cyclone's clock, ns), or −1. */
    long firstMatchNanos() {
        return firstMatch;
    }

    @Override
    public void close() {
        closed = true;
        if (!thread.isAlive()) {
            return;
        }
        try {
            thread.join(1000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
