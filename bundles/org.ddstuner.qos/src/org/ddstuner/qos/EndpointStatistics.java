package org.ddstuner.qos;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

import org.ddstuner.dds.Entity;
import org.ddstuner.dds.RawReader;
import org.ddstuner.dds.RawWriter;
import org.ddstuner.dds.Reader;
import org.ddstuner.dds.Statistics;
import org.ddstuner.dds.Writer;

/**
 * libddsc's statistics of one own writer or reader, sampled into a bounded {@link StatisticsSeries}: writers
 * {@code rexmit_bytes}, {@code throttle_count}, {@code time_throttle}, {@code time_rexmit}; readers
 * {@code discarded_bytes}. {@link #sample()} refreshes once; {@link #start} samples at a period on a daemon
 * thread of its own until {@link #close()}.
 */
public final class EndpointStatistics implements AutoCloseable {

    public static final List<String> WRITER_KEYS = List.of("rexmit_bytes", "throttle_count", "time_throttle", "time_rexmit");
    public static final List<String> READER_KEYS = List.of("discarded_bytes");

    private final Statistics stats;
    private final StatisticsSeries series;
    private ScheduledExecutorService timer;
    private ScheduledFuture<?> task;

    public EndpointStatistics(Entity endpoint, int capacity) {
        if (!(endpoint instanceof Writer) && !(endpoint instanceof Reader) && !(endpoint instanceof RawWriter)
                && !(endpoint instanceof RawReader)) {
            throw new IllegalArgumentException("statistics are kept for own readers and writers, not a "
                    + endpoint.getClass().getSimpleName());
        }
        this.stats = Statistics.of(endpoint);
        this.series = new StatisticsSeries(capacity);
    }

    /** Whether the loaded libddsc has the statistics API at all. */
    public static boolean supported() {
        return Statistics.supported();
    }

    /** The counters libddsc documents for this kind of endpoint. */
    public List<String> keys() {
        return stats.entity() instanceof Writer || stats.entity() instanceof RawWriter ? WRITER_KEYS : READER_KEYS;
    }

    /** Refreshes and appends one point. */
    public StatisticsSeries.Point sample() {
        stats.refresh();
        StatisticsSeries.Point p = new StatisticsSeries.Point(stats.time(), stats.values());
        series.add(p);
        return p;
    }

    public StatisticsSeries series() {
        return series;
    }

    /** Samples every {@code period} until closed (or until the entity is gone). */
    public synchronized void start(Duration period) {
        if (timer != null) {
            return;
        }
        timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "ddstuner-statistics");
            t.setDaemon(true);
            return t;
        });
        task = timer.scheduleAtFixedRate(() -> {
            try {
                sample();
            } catch (RuntimeException gone) {
                task.cancel(false); // the entity was deleted: stop quietly, the series keeps what it had
            }
        }, 0, period.toMillis(), TimeUnit.MILLISECONDS);
    }

    @Override
    public synchronized void close() {
        if (timer != null) {
            timer.shutdownNow();
            timer = null;
        }
        stats.close();
    }
}
