package org.ddstuner.remote.internal;

import java.net.InetAddress;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Slows down guessing: after a failed login from an address, its next login is answered only after a delay that
 * doubles with each failure (base, 2×base, 4×base… at most 20×base); a success clears it, and an address not heard
 * of for 15 minutes is forgotten. Bounded: the oldest of more than 4096 addresses is forgotten first.
 */
public final class LoginThrottle {

    private static final int MAX_ADDRESSES = 4096;
    private static final long FORGET_NANOS = Duration.ofMinutes(15).toNanos();

    private record Entry(int failures, long lastNanos) {
    }

    private final long baseNanos;
    private final Map<InetAddress, Entry> entries = new LinkedHashMap<>(16, 0.75f, true) {
        private static final long serialVersionUID = 1L;

        @Override
        protected boolean removeEldestEntry(Map.Entry<InetAddress, Entry> eldest) {
            return size() > MAX_ADDRESSES;
        }
    };

    public LoginThrottle(Duration base) {
        this.baseNanos = base.toNanos();
    }

    /** How long to wait before checking a login from {@code address}. */
    public synchronized Duration delay(InetAddress address) {
        Entry e = entries.get(address);
        if (e == null || System.nanoTime() - e.lastNanos > FORGET_NANOS) {
            return Duration.ZERO;
        }
        long factor = Math.min(20, 1L << Math.min(30, e.failures - 1));
        return Duration.ofNanos(baseNanos * factor);
    }

    public synchronized void failed(InetAddress address) {
        Entry e = entries.get(address);
        int n = e == null || System.nanoTime() - e.lastNanos > FORGET_NANOS ? 1 : e.failures + 1;
        entries.put(address, new Entry(n, System.nanoTime()));
    }

    public synchronized void succeeded(InetAddress address) {
        entries.remove(address);
    }
}
