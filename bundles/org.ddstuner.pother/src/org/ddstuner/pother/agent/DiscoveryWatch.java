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

    DiscoveryWatch(String name, IntSupplier matchedCount, Runnable onMatch) {
        thread = Thread.ofPlatform().daemon().name("pother-discovery-" + name).start(() -> {
            long end = System.nanoTime() + GIVE_UP_SECONDS * 1_000_000_000L;
            while (!closed && System.nanoTime() - end < 0) {
                try {
                    if (matchedCount.getAsInt() > 0) {
                        firstMatch = DdsTime.now();
                        onMatch.run();
                        return;
                    }
                } catch (RuntimeException e) {
                    return; // the endpoint was closed under us
                }
                LockSupport.parkNanos(200_000);
            }
        });
    }

    /** When the endpoint first matched (Cyclone's clock, ns), or −1. */
    long firstMatchNanos() {
        return firstMatch;
    }

    @Override
    public void close() {
        closed = true;
        try {
            thread.join(1000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
