package org.ddstuner.plot;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import org.ddstuner.samples.ReaderSession;
import org.ddstuner.samples.ReceivedSample;

/**
 * The series of one chart and the thread that feeds them. Memory is bounded by construction: at most
 * {@link #MAX_SERIES} series of at most {@link #MAX_POINTS} points each (24 bytes a point: under 4 MB in all),
 * whatever the topics' rates. A background thread polls the readers every {@link #PERIOD_MS} ms; the chart
 * redraws when {@link #version()} moved, on its own throttle.
 */
public final class PlotStore implements AutoCloseable {

    /** Points kept per series: the newest; older ones scroll out. */
    public static final int MAX_POINTS = 10_000;
    /** Series in one chart: more are unreadable, and this bounds the memory. */
    public static final int MAX_SERIES = 16;
    /** How often the feed thread takes new samples from the readers. */
    public static final long PERIOD_MS = 100;
    /** Samples taken from one reader per poll at most (its ring holds 10,000 by default). */
    static final int MAX_PER_POLL = 50_000;

    private final List<PlotSeries> series = new CopyOnWriteArrayList<>();
    private final AtomicLong version = new AtomicLong();
    private final int capacity;
    private ScheduledExecutorService feed;

    public PlotStore() {
        this(MAX_POINTS);
    }

    /** A store whose series keep {@code pointsPerSeries} points (at most {@link #MAX_POINTS}). */
    public PlotStore(int pointsPerSeries) {
        if (pointsPerSeries < 1 || pointsPerSeries > MAX_POINTS) {
            throw new IllegalArgumentException("points per series " + pointsPerSeries + " not in 1.." + MAX_POINTS);
        }
        this.capacity = pointsPerSeries;
    }

    /**
     * Plots field {@code path} of what {@code session} receives, labelled by {@code source} (the topic); the same
     * field of the same source again returns the series already there.
     *
     * @throws IllegalStateException when the chart has {@link #MAX_SERIES} series already
     */
    public PlotSeries add(String source, ReaderSession session, String path) {
        return add(source, session, path, null);
    }

    /**
     * Plots field {@code path} of the samples of {@code instanceOf}'s instance (null, or a topic without a key:
     * every sample), labelled with its key values.
     */
    public synchronized PlotSeries add(String source, ReaderSession session, String path, ReceivedSample instanceOf) {
        String label = instanceOf == null ? "" : PlotSeries.instanceLabel(session, instanceOf);
        long instance = label.isEmpty() ? 0 : instanceOf.info().instanceHandle();
        for (PlotSeries s : series) {
            if (s.session() == session && s.path().equals(path) && s.instance() == instance) {
                return s;
            }
        }
        if (series.size() >= MAX_SERIES) {
            throw new IllegalStateException("a chart plots at most " + MAX_SERIES + " fields; remove one first");
        }
        PlotSeries s = new PlotSeries(uniqueSource(source, session), session, path, instance, label, capacity);
        series.add(s);
        version.incrementAndGet();
        return s;
    }

    /** Two readers of one topic (two connections) get "Topic (2)" for the second. */
    private String uniqueSource(String source, ReaderSession session) {
        String name = source;
        for (int n = 2; ; n++) {
            String candidate = name;
            if (series.stream().noneMatch(s -> s.source().equals(candidate) && s.session() != session)) {
                return name;
            }
            name = source + " (" + n + ")";
        }
    }

    public synchronized void remove(PlotSeries s) {
        if (series.remove(s)) {
            version.incrementAndGet();
        }
    }

    /** Forgets every series' points; the series stay and plot what comes next. */
    public synchronized void clearPoints() {
        for (PlotSeries s : series) {
            s.clear();
        }
        version.incrementAndGet();
    }

    public List<PlotSeries> series() {
        return List.copyOf(series);
    }

    /** Changes with every point, series added or removed: the chart redraws only when it moved. */
    public long version() {
        return version.get();
    }

    /** Memory the series' rings hold: never more than MAX_SERIES × points per series × 24 bytes. */
    public long retainedBytes() {
        return series.stream().mapToLong(s -> s.ring().retainedBytes()).sum();
    }

    /** Polls every reader once on the calling thread; returns the points added. */
    public int pollNow() {
        int added = 0;
        for (PlotSeries s : series) {
            added += s.pull(MAX_PER_POLL);
        }
        if (added > 0) {
            version.incrementAndGet();
        }
        return added;
    }

    /** Starts the feed thread (idempotent). */
    public synchronized void start() {
        if (feed == null) {
            feed = Executors.newSingleThreadScheduledExecutor(r -> Thread.ofPlatform().daemon()
                    .name("ddstuner-plot-feed").unstarted(r));
            feed.scheduleWithFixedDelay(this::tick, 0, PERIOD_MS, TimeUnit.MILLISECONDS);
        }
    }

    private void tick() {
        try {
            pollNow();
        } catch (RuntimeException e) {
            // a reader closing under the poll: the next tick sees it ended
        }
    }

    @Override
    public synchronized void close() {
        if (feed != null) {
            feed.shutdownNow();
            feed = null;
        }
    }
}
