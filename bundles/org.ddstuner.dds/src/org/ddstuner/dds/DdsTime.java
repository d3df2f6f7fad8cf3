package org.ddstuner.dds;

import org.ddstuner.dds.internal.DdsC;

/**
 * Cyclone's clock (dds_time: wall-clock nanoseconds since 1970, the clock of source timestamps), read
 * without allocating, for latency measurements that compare with {@link SampleView#sourceTimestampNanos()}.
 */
public final class DdsTime {

    private DdsTime() {
    }

    /** dds_time(): nanoseconds since the Unix epoch. */
    public static long now() {
        return DdsC.dds_time();
    }
}
