package org.ddstuner.samples.internal;

import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

import org.ddstuner.dds.SampleInfo;
import org.ddstuner.samples.ReceivedSample;
import org.ddstuner.types.DdsType;
import org.ddstuner.types.cdr.CdrCodec;
import org.ddstuner.types.cdr.CdrException;
import org.ddstuner.types.cdr.DecodeResult;

/**
 * Decodes the samples of a reader session's ring in the background, oldest first, so values are ready
 * when a consumer polls while the drain thread only copies bytes. It never holds up the drain: samples
 * the ring overwrites before the worker reaches them are skipped (and decoded on demand if somebody still
 * holds them). Every sample is decoded at most once, by this worker or by the first thread asking.
 */
public final class DecodeWorker implements SampleDecoder {

    private static final int BATCH = 512;
    private static final long IDLE_NANOS = TimeUnit.MILLISECONDS.toNanos(50);

    private final CdrCodec codec;
    private final DdsType type;
    private final SampleRing ring;
    private final AtomicLong errors = new AtomicLong();
    private final AtomicLong skipped = new AtomicLong();
    private final Thread thread;
    private volatile boolean stopped;

    public DecodeWorker(CdrCodec codec, DdsType type, SampleRing ring, String name) {
        this.codec = codec;
        this.type = type;
        this.ring = ring;
        this.thread = Thread.ofPlatform().daemon().name(name).unstarted(this::run);
    }

    public void start() {
        thread.start();
    }

    /** New samples are in the ring. */
    public void wake() {
        LockSupport.unpark(thread);
    }

    @Override
    public Decoded decode(byte[] data, SampleInfo info) {
        if (data.length == 0) {
            return Decoded.NONE;
        }
        try {
            DecodeResult r = codec.decode(type, data);
            return new Decoded(r.value(), null, r.notes());
        } catch (CdrException | IllegalArgumentException e) {
            // a key-only sample (dispose, unregister) that does not decode as a whole value is normal
            return info.validData() ? new Decoded(null, e.getMessage(), List.of()) : Decoded.NONE;
        }
    }

    @Override
    public void decoded(Decoded outcome) {
        if (outcome.error() != null) {
            errors.incrementAndGet();
        }
    }

    /** Samples whose bytes did not decode. */
    public long errors() {
        return errors.get();
    }

    /** Samples overwritten in (or cleared from) the ring before the worker reached them. */
    public long skipped() {
        return skipped.get();
    }

    private void run() {
        long next = 0;
        while (!stopped) {
            long first = ring.firstSeq();
            if (next < first) {
                skipped.addAndGet(first - next);
                next = first;
            }
            List<ReceivedSample> batch = ring.from(next, BATCH);
            if (batch.isEmpty()) {
                LockSupport.parkNanos(this, IDLE_NANOS);
                continue;
            }
            for (ReceivedSample s : batch) {
                s.value(); // decodes and keeps the outcome, unless a consumer did already
            }
            next = batch.getLast().seq() + 1;
        }
    }

    /** Stops the worker and waits for it (briefly). */
    public void stop() {
        stopped = true;
        LockSupport.unpark(thread);
        try {
            thread.join(2000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
