package org.ddstuner.pother;

import java.time.Duration;

import org.ddstuner.dds.DdsTime;
import org.ddstuner.dds.Participant;
import org.ddstuner.dds.SampleBuffer;
import org.ddstuner.dds.StructType;
import org.ddstuner.dds.Topic;
import org.ddstuner.dds.Writer;

/**
 * The sending half of a Pother throughput pair: bursts of samples on {@code Pother_NAME_Data} at a rate
 * (or as fast as the writer takes them), each with the next sequence number and its send time, from one
 * prepared {@link SampleBuffer} (no allocation per sample). Paced like ddsperf's publisher: the average
 * rate since the start is held at or below the target, flushing the write batch whenever it pauses.
 * Every write is timed (see {@link #writeTimes}): a reliable writer blocks in {@code dds_write} while its
 * history is full of samples its readers have not acknowledged.
 */
public final class Transmitter implements AutoCloseable {

    /** Samples per lock when sending as fast as possible (bursts only matter for pacing). */
    static final int FLAT_OUT_BURST = 64;

    private final TransmitterDefinition definition;
    private final Topic topic;
    private final Writer writer;
    private final SampleBuffer buffer;
    private final Object sendLock = new Object();
    private final PeriodTimes writeTimes = new PeriodTimes(LatencyColumn.SEND, DdsTime.now());
    private volatile boolean running;
    private volatile long sent;
    private volatile Throwable failure;
    private int nextSeq;
    private long[] burstTimes = new long[FLAT_OUT_BURST]; // under sendLock: this burst's write times
    private volatile long limit = Long.MAX_VALUE;
    private Thread thread;

    public Transmitter(Participant participant, TransmitterDefinition definition) {
        this.definition = definition;
        if (definition.writeBatching()) {
            Writer.setWriteBatching(true);
        }
        StructType type = PotherType.create();
        int payload = PotherType.payloadFor(definition.size());
        topic = participant.createTopic(PotherType.topicName(definition.name(), "Data"), type, null);
        writer = participant.createWriter(topic, definition.qos());
        buffer = new SampleBuffer(type).setInt32(PotherType.SENDER, definition.senderId())
                .setOctets(PotherType.PAYLOAD, payload, (byte) 0xee);
    }

    public TransmitterDefinition definition() {
        return definition;
    }

    /** Waits until at least one receiver reads our data. */
    public boolean awaitReceiver(Duration timeout) {
        return Matching.await(() -> writer.publicationMatched().currentCount() > 0, timeout);
    }

    /**
     * Writes one sample with sequence number {@code seq} (the loop uses 0, 1, 2, …; tests use this to
     * leave gaps or change the order).
     */
    public void send(int seq) {
        synchronized (sendLock) {
            long t = DdsTime.now();
            buffer.setInt32(PotherType.SEQ, seq);
            buffer.setInt64(PotherType.SEND_TIME, t);
            writer.write(buffer, t);
            writeTimes.record(DdsTime.now() - t);
            sent++;
        }
    }

    /**
     * One burst (at most the samples still allowed): the lock and the volatile count once per burst,
     * not per sample; as fast as possible, bursts of {@link #FLAT_OUT_BURST} so {@link #stop()} still
     * gets in quickly.
     */
    private void sendBurst(int burst) {
        synchronized (sendLock) {
            long s = sent;
            long n = Math.min(burst, limit - s);
            long[] times = burstTimes.length >= n ? burstTimes : (burstTimes = new long[(int) n]);
            int timed = 0;
            try {
                long t = DdsTime.now();
                for (long i = 0; i < n; i++) {
                    buffer.setInt32(PotherType.SEQ, nextSeq++);
                    buffer.setInt64(PotherType.SEND_TIME, t);
                    writer.write(buffer, t);
                    long after = DdsTime.now(); // also the next sample's send time: one clock read per sample
                    times[timed++] = after - t;
                    t = after;
                    s++; // a write that throws (blocked too long) does not count
                }
            } finally {
                sent = s;
                writeTimes.record(times, timed); // one lock per burst, not per sample
            }
        }
    }

    /**
     * How long each write of this period spent inside {@code dds_write} (column {@link LatencyColumn#SEND};
     * its count is the samples written in the period); a new period begins.
     */
    public LatencyReport writeTimes(long now) {
        return writeTimes.endPeriod(now);
    }

    /** Sends what write batching still holds. */
    public void flush() {
        writer.flush();
    }

    /** Starts the sending loop on its own thread until {@link #stop()}. */
    public synchronized void start() {
        start(Long.MAX_VALUE);
    }

    /** Starts the sending loop until {@link #stop()} or until {@code count} samples were sent in total. */
    public synchronized void start(long count) {
        if (count <= 0) {
            throw new IllegalArgumentException("sample count must be positive, not " + count);
        }
        limit = count;
        if (running) {
            throw new IllegalStateException("transmitter " + definition.name() + " is already running");
        }
        running = true;
        thread = Thread.ofPlatform().name("pother-transmitter-" + definition.name()).start(this::loop);
    }

    public synchronized void stop() {
        running = false;
        if (thread != null) {
            try {
                thread.join(15_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            thread = null;
        }
        writer.flush();
    }

    public long sent() {
        return sent;
    }

    /** True while the sending loop runs. */
    public boolean running() {
        return running;
    }

    /** Readers matched right now (for discovery timing). */
    public int matchedReaders() {
        return writer.publicationMatched().currentCount();
    }

    /** What stopped the loop early (e.g. a write blocked longer than the reliability max blocking time), or null. */
    public Throwable failure() {
        return failure;
    }

    private void loop() {
        int burst = definition.burst();
        double rate = definition.rate();
        long start = System.nanoTime();
        long bursts = 0;
        try {
            while (running && sent < limit) {
                sendBurst(rate > 0 ? burst : Math.max(burst, FLAT_OUT_BURST));
                bursts++;
                if (rate > 0) {
                    // as ddsperf: average rate over the run (+5 ms so the first burst doesn't stall)
                    while (running && bursts / ((System.nanoTime() - start) / 1e9 + 5e-3) > rate) {
                        writer.flush();
                        Thread.sleep(1);
                    }
                }
            }
            writer.flush();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            failure = e;
        } finally {
            running = false;
        }
    }

    @Override
    public void close() {
        stop();
        writer.close();
        topic.close();
        buffer.close();
    }
}
