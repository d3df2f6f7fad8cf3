package org.ddstuner.pother;

import java.time.Duration;
import java.util.Arrays;

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
 * and writes every valid sample again on {@code Pother_NAME_Data} from one prepared {@link SampleBuffer}:
 * its own sequence numbers 0, 1, 2, … and sender id, the source's send time kept, {@code source_time} = when
 * it was written here and {@code arrival_time} = when it was taken here. The incoming sequence numbers are
 * tracked per upstream sender (lost, out of order: the first stage), every write is timed ({@link #writeTimes}).
 * A write is made while the take's loan is held, so a blocked write holds up the reading too: back-pressure
 * travels upstream as it would in an application that forwards in its data callback.
 */
public final class Relay implements AutoCloseable {

    private final RelayDefinition definition;
    private final Topic inTopic;
    private final Topic outTopic;
    private final Reader reader;
    private final Writer writer;
    private final SampleBuffer buffer;
    private final SampleView.Visitor onSample = this::onSample;
    private final PeriodTimes writeTimes = new PeriodTimes(LatencyColumn.SEND, DdsTime.now());
    private final Object lock = new Object();
    private final Thread thread;
    private volatile boolean closing;
    private volatile Throwable failure;
    private final long start = System.nanoTime();

    // relay thread only
    private int nextSeq;
    private int payload = -1;
    private long takeTime;
    private volatile long written;

    // guarded by lock
    private int[] senders = new int[0];
    private SequenceTracker[] trackers = new SequenceTracker[0];
    private long received;
    private long periodSamples;
    private long periodBytes;
    private long periodStart = DdsTime.now();

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
        thread = Thread.ofPlatform().daemon().name("pother-relay-" + definition.name()).start(this::loop);
    }

    public RelayDefinition definition() {
        return definition;
    }

    /**
     * Why a relay's write times out flat out (bench/README.md, "relay deadlock"): while this thread waits in
     * {@code dds_write} for the sink's acknowledgements, nobody takes from the reader; once its history is
     * full, libddsc 0.10's receive thread sleeps until there is room, and that same thread is the one that
     * would process the acknowledgements. Nothing but the max blocking time ends it.
     */
    static final String BLOCKED = "the relay's write blocked past the reliability max blocking time: with a full "
            + "upstream reader, Cyclone's receive thread waits for room and cannot process the downstream "
            + "acknowledgements (a deadlock of forwarding with back-pressure in one process); give the source a rate";

    private void loop() {
        Duration poll = Duration.ofMillis(100); // bounds how long close() waits for this thread
        while (!closing) {
            try {
                if (reader.waitForData(poll)) {
                    drain();
                }
            } catch (DdsTimeoutException e) {
                if (!closing) {
                    failure = new IllegalStateException(BLOCKED, e);
                }
                return;
            } catch (RuntimeException e) {
                if (!closing) {
                    failure = e;
                }
                return;
            }
        }
    }

    private void drain() {
        int batch = definition.takeBatch();
        int n;
        do {
            takeTime = -1; // read at the first sample: after the take has everything it returns
            n = reader.take(batch, onSample);
            if (definition.writeBatching()) {
                writer.flush();
            }
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
        synchronized (lock) { // not around the write: a blocked write must not hold up the agent's report
            tracker(v.getInt32(PotherType.SENDER)).accept(v.getInt32(PotherType.SEQ));
            received++;
            periodSamples++;
            periodBytes += size;
        }
        if (len != payload) {
            buffer.setOctets(PotherType.PAYLOAD, len, (byte) 0xee);
            payload = len;
        }
        pace();
        long t = DdsTime.now();
        buffer.setInt32(PotherType.SEQ, nextSeq++);
        buffer.setInt64(PotherType.SEND_TIME, v.getInt64(PotherType.SEND_TIME));
        buffer.setInt64(PotherType.SOURCE_TIME, t);
        buffer.setInt64(PotherType.ARRIVAL_TIME, takeTime);
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

    private SequenceTracker tracker(int sender) {
        for (int i = 0; i < senders.length; i++) {
            if (senders[i] == sender) {
                return trackers[i];
            }
        }
        senders = Arrays.copyOf(senders, senders.length + 1);
        trackers = Arrays.copyOf(trackers, trackers.length + 1);
        senders[senders.length - 1] = sender;
        trackers[trackers.length - 1] = new SequenceTracker();
        return trackers[trackers.length - 1];
    }

    /** Samples taken from upstream since the start. */
    public long received() {
        synchronized (lock) {
            return received;
        }
    }

    /** Samples written downstream since the start. */
    public long written() {
        return written;
    }

    /** Upstream readers' view: this period's samples and bytes taken, lost/out-of-order since the start. */
    public ThroughputReport report() {
        synchronized (lock) {
            long now = DdsTime.now();
            ThroughputReport r = new ThroughputReport(now - periodStart, periodSamples, periodBytes,
                    Arrays.stream(trackers).mapToLong(SequenceTracker::lost).sum(),
                    Arrays.stream(trackers).mapToLong(SequenceTracker::outOfOrder).sum(), definition.rate());
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
            thread.join(15_000);
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
