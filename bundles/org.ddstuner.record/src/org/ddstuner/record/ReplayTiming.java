package org.ddstuner.record;

import java.util.Arrays;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/** Timing errors: a bounded reservoir (the first 1,000,000, then every other one replaces at random). */
final class ReplayTiming {
    private static final int MAX = 1_000_000;
    private long[] v = new long[1024];
    private int n;
    private long seen;
    private long max;
    private final java.util.SplittableRandom random = new java.util.SplittableRandom(17);

    void add(long x) {
        seen++;
        max = Math.max(max, x);
        if (n < MAX) {
            if (n == v.length) {
                v = Arrays.copyOf(v, Math.min(MAX, v.length * 2));
            }
            v[n++] = x;
        } else {
            long i = random.nextLong(seen);
            if (i < MAX) {
                v[(int) i] = x;
            }
        }
    }

    long percentile(double p) {
        if (n == 0) {
            return 0;
        }
        long[] s = Arrays.copyOf(v, n);
        Arrays.sort(s);
        return s[(int) Math.min(n - 1, Math.floor(p * (n - 1) + 0.5))];
    }

    long max() {
        return max;
    }

    /** Sleeps most of the way, then spins the last 200 µs (parkNanos overshoots by ~50–100 µs). */
    static void waitUntil(long due, BooleanSupplier stop) {
        while (true) {
            long left = due - System.nanoTime();
            if (left <= 0 || stop.getAsBoolean()) {
                return;
            }
            if (left > 200_000) {
                LockSupport.parkNanos(Math.min(left - 200_000, 50_000_000L));
            } else {
                Thread.onSpinWait();
            }
        }
    }
}
