package org.ddstuner.samples;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongFunction;

/**
 * Writes samples at a rate on a background thread until it has written its count, is stopped, its
 * writer closes, or a write fails. Paced by absolute deadlines (i / rate after the start), so the rate
 * does not drift with the time each write takes.
 */
public final class RepeatJob {

    private final long count;
    private final double rate;
    private final AtomicLong written = new AtomicLong();
    private final CountDownLatch done = new CountDownLatch(1);
    private volatile boolean stopped;
    private volatile String failure;
    private Thread thread;

    private RepeatJob(long count, double rate) {
        if (count < 0 || rate < 0 || Double.isNaN(rate)) {
            throw new IllegalArgumentException("count and rate must not be negative");
        }
        this.count = count;
        this.rate = rate;
    }

    static RepeatJob start(WriterSession session, LongFunction<Object> values, long count, double ratePerSecond) {
        RepeatJob job = new RepeatJob(count, ratePerSecond);
        job.thread = Thread.ofPlatform().daemon().name("ddstuner-writer-" + session.type().topicName())
                .start(() -> job.run(session, values));
        return job;
    }

    private void run(WriterSession session, LongFunction<Object> values) {
        long start = System.nanoTime();
        try {
            for (long i = 0; (count == 0 || i < count) && !stopped && !session.isClosed(); i++) {
                if (rate > 0) {
                    long due = start + (long) (i * 1e9 / rate);
                    long wait;
                    while ((wait = due - System.nanoTime()) > 0 && !stopped) {
                        LockSupport.parkNanos(Math.min(wait, 50_000_000L));
                    }
                    if (stopped) {
                        break;
                    }
                }
                session.writeEncodedOrValue(values.apply(i));
                written.incrementAndGet();
            }
        } catch (RuntimeException e) {
            if (!session.isClosed()) {
                failure = "write " + (written.get() + 1) + " failed: " + TypeResolver.message(e);
            }
        } finally {
            done.countDown();
        }
    }

    /** Samples written so far. */
    public long written() {
        return written.get();
    }

    /** The requested count (0: until stopped). */
    public long count() {
        return count;
    }

    public boolean isRunning() {
        return done.getCount() > 0;
    }

    /** Why the job ended early, or {@code null}. */
    public String failure() {
        return failure;
    }

    /** Asks the job to stop after the current write. */
    public void stop() {
        stopped = true;
    }

    /** Waits until the job ends; true if it did within the timeout. */
    public boolean await(Duration timeout) throws InterruptedException {
        return done.await(timeout.toNanos(), TimeUnit.NANOSECONDS);
    }
}
