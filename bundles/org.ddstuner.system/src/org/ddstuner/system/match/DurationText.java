package org.ddstuner.system.match;

import java.math.BigDecimal;
import java.time.Duration;

import org.ddstuner.dds.Qos;

/** Formats a DDS duration for people: "infinite", "0 s", "250 µs", "100 ms", "1.5 s". */
public final class DurationText {

    private DurationText() {
    }

    public static String format(Duration d) {
        if (d == null) {
            return "not set";
        }
        if (Qos.isInfinite(d)) {
            return "infinite";
        }
        if (d.isZero()) {
            return "0 s";
        }
        long nanos;
        try {
            nanos = d.toNanos();
        } catch (ArithmeticException tooLong) {
            return d.getSeconds() + " s";
        }
        if (Math.abs(nanos) < 1_000L) {
            return nanos + " ns";
        }
        if (Math.abs(nanos) < 1_000_000L) {
            return scaled(nanos, 3) + " µs";
        }
        if (Math.abs(nanos) < 1_000_000_000L) {
            return scaled(nanos, 6) + " ms";
        }
        return scaled(nanos, 9) + " s";
    }

    private static String scaled(long nanos, int decimals) {
        return BigDecimal.valueOf(nanos, decimals).stripTrailingZeros().toPlainString();
    }
}
