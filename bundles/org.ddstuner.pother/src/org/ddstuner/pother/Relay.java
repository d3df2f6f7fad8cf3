package org.ddstuner.pother;

import org.ddstuner.dds.DdsTime;
import org.ddstuner.dds.DdsTimeoutException;
import org.ddstuner.dds.Participant;
import org.ddstuner.dds.Reader;
import org.ddstuner.dds.SampleBuffer;
import org.ddstuner.dds.SampleView;
import org.ddstuner.dds.StructType;
import org.ddstuner.dds.Topic;
import org.ddstuner.dds.Writer;

/**
 * The middle stage of a pipeline: takes {@code Pother_UPSTREAM_Data} on a thread of its own (waitset, batches)
 * into a {@link RelayQueue}, and a second thread writes every queued sample again on {@code Pother_NAME_Data} from
 * one prepared {@link SampleBuffer}: its own sequence numbers 0, 1, 2, … and sender id, the source's send time
 * kept, {@code source_time} = when it was written here and {@code arrival_time} = when it was taken here. The
 * incoming sequence numbers are tracked per upstream sender and writer (lost, out of order: the first stage),
 * every write is timed ({@link #writeTimes}).
 * <p>
 * Why two threads (bench/results/2026-11-23-relay-deadlock.md): while a reliable write waits for the sink's
 * acknowledgements, the upstream reader must keep draining. In libddsc 0.10 a full reader history makes the
 * receive thread wait for room, and that same thread is the one that processes the acknowledgements the write
 * waits for: taking and writing on one thread deadlocks until the max blocking time. When the downstream
 * stays slower than the upstream for longer than the queue holds, the relay drops and counts
 * ({@link #dropped()}, reported as lost at the first stage) instead of stalling Cyclone.
 */
public final class Relay implements AutoCloseable {

    /** Samples the queue holds between taking and writing: many acknowledgement round trips at 100,000/s. */
    static final int QUEUE_CAPACITY = 1 << 16;

    private final RelayDefinition definition;
    private final Topic inTopic;
    private final Topic outTopic;
    private final Reader reader;
    private final Writer writer;
    private final SampleBuffer buffer;
    private final SampleView.Visitor onSample = this::onSample;
    private final PeriodTimes writeTimes = new PeriodTimes(LatencyColumn.SEND, DdsTime.now());
    private final RelayQueue queue = new RelayQueue(QUEUE_CAPACITY);
    private final Object lock = new Object();
    private final Thread taker;
    private final Thread forwarder;
    private volatile boolean closing;
    private volatile Throwable failure;
    private final long start = System.nanoTime();

    // taker thread only
    private long takeTime;

    // forwarder thread only
    private int nextSeq;
    private int payload = -1;
    private volatile long written;

    // guarded by lock
    private final SenderTrackers trackers = new SenderTrackers();
    private long received;
    private long periodSamples;
    private long periodBytes;
    private long periodStart = DdsTime.now();
    private long reportedGaps; // upstream sequence gaps as of the last report

    public Relay(Participant participant, RelayDefinition definition) {
        this.definition = definition;
        if (definition.writeBatching()) {
            Writer.setWriteBatching(true);
        }
        StructType type = PotherType.create();
        inTopic = participant.createTopic(PotherType.topicName(definition.upstream(), "Data"), type, null);
        outTopic = participant.createTopic(PotherType.topicName(definition.name(), "Data"), type, null);
        writer = participant.createWriter(outTopic, definition.qos());
        buffer = new SampleBuffer(type).setInt32(PotherType.SENDER, definition.senderId());
        reader = participant.createReader(inTopic, definition.qos());
        taker = DrainThread.start("pother-relay-take-" + definition.name(), reader, () -> closing || failure != null,
                this::drain, e -> {
                    if (!closing) {
                        failure = e;
                    }
                });
        forwarder = Thread.ofPlatform().daemon().name("pother-relay-write-" + definition.name()).start(this::writeLoop);
    }

    public RelayDefinition definition() {
        return definition;
    }

    static final String BLOCKED = "the relay's write blocked past the reliability max blocking time: the sink did "
            + "not acknowledge in time (is it still running and keeping up?)";

    private void drain() {
        int batch = definition.takeBatch();
        int n;
        do {
            takeTime = -1; // read at the first sample: after the take has everything it returns
            n = reader.take(batch, onSample);
            queue.publish();
        } while (n == batch && !closing);
    }

    private void onSample(SampleView v) {
        if (!v.validData() || closing) {
            return;
        }
        if (takeTime < 0) {
            takeTime = DdsTime.now();
        }
        int len = v.octetsLength(PotherType.PAYLOAD);
        long size = PotherType.FIXED_BYTES + len;
        synchronized (lock) {
            trackers.accept(v.getInt32(PotherType.SENDER), v.publicationHandle(), v.getInt32(PotherType.SEQ));
            received++;
            periodSamples++;
            periodBytes += size;
        }
        queue.stage(v.getInt64(PotherType.SEND_TIME), takeTime, len);
    }

    private void writeLoop() {
        RelayQueue.Batch b = new RelayQueue.Batch(QUEUE_CAPACITY);
        try {
            while (!closing) {
                if (queue.poll(b, 100)) {
                    for (int i = 0; i < b.size() && !closing; i++) {
                        forward(b.sendTime(i), b.takeTime(i), b.length(i));
                    }
                    if (definition.writeBatching()) {
                        writer.flush();
                    }
                }
            }
        } catch (DdsTimeoutException e) {
            if (!closing) {
                failure = new IllegalStateException(BLOCKED, e);
            }
        } catch (RuntimeException e) {
            if (!closing) {
                failure = e;
            }
        }
    }

    private void forward(long sendTime, long takenAt, int len) {
        if (len != payload) {
            buffer.setOctets(PotherType.PAYLOAD, len, (byte) 0xee);
            payload = len;
        }
        pace();
        long t = DdsTime.now();
        buffer.setInt32(PotherType.SEQ, nextSeq++);
        buffer.setInt64(PotherType.SEND_TIME, sendTime);
        buffer.setInt64(PotherType.SOURCE_TIME, t);
        buffer.setInt64(PotherType.ARRIVAL_TIME, takenAt);
        writer.write(buffer, t);
        writeTimes.record(DdsTime.now() - t);
        written++; // only this thread writes it
    }

    /** With a rate, holds the average since the start at or below it (as the transmitter paces). */
    private void pace() {
        double rate = definition.rate();
        if (rate <= 0) {
            return;
        }
        while (!closing && written / ((System.nanoTime() - start) / 1e9 + 5e-3) > rate) {
            if (definition.writeBatching()) {
                writer.flush();
            }
            try {
                Thread.sleep(1);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /** Samples taken from upstream since the start. */
    public long received() {
        synchronized (lock) {
            return received;
        }
    }

    /** Samples taken but not forwarded because the queue was full (the downstream slower than the upstream). */
    public long dropped() {
        return queue.dropped();
    }

    /** Samples written downstream since the start. */
    public long written() {
        return written;
    }

    /** Upstream readers' view: this period's samples and bytes taken, lost/out-of-order since the start. */
    public ThroughputReport report() {
        synchronized (lock) {
            long now = DdsTime.now();
            // sequence gaps upstream only: what the relay dropped itself was sent to it, so it is not "theoretical"
            long gaps = trackers.lost();
            ThroughputReport r = new ThroughputReport(now - periodStart, periodSamples, periodBytes,
                    gaps + queue.dropped(), trackers.outOfOrder(),
                    ThroughputReport.bySequence(periodSamples, gaps - reportedGaps, now - periodStart), definition.rate());
            reportedGaps = gaps;
            periodStart = now;
            periodSamples = 0;
            periodBytes = 0;
            return r;
        }
    }

    /** Time inside {@code dds_write} of this period's writes (column {@link LatencyColumn#SEND}); a new period begins. */
    public LatencyReport writeTimes(long now) {
        return writeTimes.endPeriod(now);
    }

    /** Writers of the upstream topic matched now. */
    public int matchedUpstream() {
        return reader.subscriptionMatched().currentCount();
    }

    /** Readers of our topic matched now. */
    public int matchedDownstream() {
        return writer.publicationMatched().currentCount();
    }

    /** What stopped the relay thread (e.g. a write blocked past the reliability max blocking time), or null. */
    public Throwable failure() {
        return failure;
    }

    @Override
    public void close() {
        closing = true;
        try {
            taker.join(15_000);
            forwarder.join(15_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        reader.close();
        writer.close();
        inTopic.close();
        outTopic.close();
        buffer.close();
    }
}
