package org.ddstuner.samples.ui.reader;

import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

import org.ddstuner.samples.InstanceView;
import org.ddstuner.samples.ReaderSession;
import org.ddstuner.samples.ReceivedSample;
import org.ddstuner.samples.SampleBatch;
import org.ddstuner.samples.SampleFilter;
import org.ddstuner.samples.SessionStats;
import org.eclipse.swt.widgets.Display;

/**
 * Moves samples from a {@link ReaderSession} to the Reader view on a throttle: a background thread polls
 * the session every {@link #PERIOD} (at most 4 times a second), filters what is new and hands it to the UI
 * in one {@code asyncExec} per tick, skipping a tick while the previous one is still queued, so a
 * 50,000 samples/s topic costs the UI thread four updates a second and never a runnable per sample.
 */
final class ReaderFeed implements AutoCloseable {

    static final Duration PERIOD = Duration.ofMillis(250);

    /**
     * What one tick brings.
     *
     * @param replace   true: {@code added} replaces everything shown (after a filter change or clear)
     * @param added     new samples that pass the filter, oldest first
     * @param instances latest sample per instance passing the filter, most recently updated first
     * @param stats     the session's counters
     * @param missed    samples the ring overwrote before this feed polled them
     */
    record Update(boolean replace, List<ReceivedSample> added, List<InstanceView> instances, SessionStats stats,
            long missed) {
    }

    private final ReaderSession session;
    private final Display display;
    private final Consumer<Update> sink;
    private final ScheduledExecutorService exec;
    private final AtomicBoolean queued = new AtomicBoolean();
    private final AtomicBoolean rebuild = new AtomicBoolean(true);
    private volatile SampleFilter filter = SampleFilter.ALL;
    private long next;
    private long missed;

    ReaderFeed(ReaderSession session, Display display, Consumer<Update> sink) {
        this.session = session;
        this.display = display;
        this.sink = sink;
        this.exec = Executors.newSingleThreadScheduledExecutor(r -> Thread.ofPlatform().daemon()
                .name("ddstuner-reader-view-" + session.type().topicName()).unstarted(r));
    }

    void start() {
        exec.scheduleWithFixedDelay(this::tick, 0, PERIOD.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** Filters from now on and re-filters what the session holds. */
    void setFilter(SampleFilter f) {
        filter = f;
        rebuild.set(true);
    }

    /** Takes everything the session holds again at the next tick (after clear). */
    void rebuild() {
        rebuild.set(true);
    }

    private void tick() {
        if (session.isClosed() || display.isDisposed() || queued.get()) {
            return;
        }
        try {
            SampleFilter f = filter;
            boolean replace = rebuild.getAndSet(false);
            List<ReceivedSample> added;
            SessionStats stats;
            if (replace) {
                List<ReceivedSample> all = session.samples();
                next = all.isEmpty() ? session.poll(next, 0).nextSeq() : all.getLast().seq() + 1;
                added = f.apply(all);
                stats = session.stats();
            } else {
                SampleBatch b = session.poll(next, session.config().capacity());
                next = b.nextSeq();
                missed += b.missed();
                added = f.apply(b.samples());
                stats = b.stats();
            }
            List<InstanceView> instances = session.instances().stream()
                    .filter(i -> i.latest() != null && f.test(i.latest()))
                    .sorted(Comparator.comparingLong(InstanceView::lastSeq).reversed()).toList();
            Update u = new Update(replace, added, instances, stats, missed);
            queued.set(true);
            display.asyncExec(() -> {
                queued.set(false);
                sink.accept(u);
            });
        } catch (RuntimeException e) {
            // session closed between the check and the poll: the view is going away
        }
    }

    @Override
    public void close() {
        exec.shutdownNow();
    }
}
