package org.ddstuner.pother;

import java.time.Duration;
import java.util.List;

import org.ddstuner.dds.DdsTime;
import org.ddstuner.dds.Participant;
import org.ddstuner.dds.Reader;
import org.ddstuner.dds.SampleView;
import org.ddstuner.dds.StructType;
import org.ddstuner.dds.Topic;

/**
 * The receiving half of a Pother throughput pair: takes {@code Pother_NAME_Data} in batches (from a
 * waitset thread, or from the data-available listener as ddsperf sub does: see
 * {@link ReceiverDefinition.Trigger}), reading sequence number, sender and payload length in
 * place in the reader's reused sample slots; tracks sequence gaps per sender and writer ({@link SenderTrackers}) and counts
 * samples and bytes per period, and the time from each sample's send time to its arrival
 * ({@link #endToEnd}: one way from a transmitter, end to end through a relay, which keeps the source's send
 * time; arrival = when the take that got it returned its first sample, one clock read per take).
 */
public final class Receiver implements AutoCloseable {

    private static final int LISTENER_TAKE = 32;

    private final ReceiverDefinition definition;
    private final Topic topic;
    private final Reader reader;
    private final SampleView.Visitor onSample = this::onSample;
    private final Object lock = new Object();
    private final Thread drainer;
    private volatile boolean closing;
    private volatile Throwable failure;

    // guarded by lock
    private final SenderTrackers trackers = new SenderTrackers();
    private long samples;
    private long bytes;
    private long periodSamples;
    private long periodBytes;
    private long periodStart;
    private long reportedLost; // lost as of the last report: what the next one finds lost is the difference
    private long firstSeq = -1;
    private long firstArrival = -1;
    private long takeTime;
    private long[] takeTimes; // under lock: this take's send → arrival times
    private int takeTimed;
    private List<SenderCount> reportedSenders = List.of();
    private final PeriodTimes endToEnd = new PeriodTimes(LatencyColumn.SEND_ARRIVAL, DdsTime.now());

    /** What one sender's samples looked like here so far (cumulative). */
    public record SenderCount(int sender, long received, long lost, long outOfOrder) { }

    public Receiver(Participant participant, ReceiverDefinition definition) {
        this.definition = definition;
        takeTimes = new long[Math.max(1, definition.takeBatch())];
        StructType type = PotherType.create();
        topic = participant.createTopic(PotherType.topicName(definition.name(), "Data"), type, null);
        reader = participant.createReader(topic, definition.qos());
        periodStart = DdsTime.now();
        if (definition.trigger() == ReceiverDefinition.Trigger.LISTENER) {
            reader.setListener(this::drain);
            drainer = null;
        } else {
            drainer = DrainThread.start("pother-receiver-" + definition.name(), reader, () -> closing, this::drain, e -> {
                if (!closing) {
                    failure = e;
                }
            });
        }
    }

    /** What stopped the waitset thread, or null. */
    public Throwable failure() {
        return failure;
    }

    public ReceiverDefinition definition() {
        return definition;
    }

    /** Waits until a transmitter writes to us. */
    public boolean awaitTransmitter(Duration timeout) {
        return Matching.await(() -> reader.subscriptionMatched().currentCount() > 0, timeout);
    }

    /** Writers matched right now (for discovery timing). */
    public int matchedWriters() {
        return reader.subscriptionMatched().currentCount();
    }

    /** Sequence number of the first sample received, or −1 before it. */
    public long firstSequence() {
        synchronized (lock) {
            return firstSeq;
        }
    }

    /** When the first sample arrived (Cyclone's clock, ns), or −1 before it. */
    public long firstArrivalNanos() {
        synchronized (lock) {
            return firstArrival;
        }
    }

    /** Waits until {@code count} samples have arrived in total. */
    public boolean awaitSamples(long count, Duration timeout) {
        return Matching.await(() -> received() >= count, timeout);
    }

    /** Takes everything the reader holds now (the listener does this on every arrival). */
    public void drain() {
        // from the listener a take mostly finds one sample: small takes there (small sample slots that
        // stay in cache), full batches from the waitset thread
        int batch = drainer == null ? Math.min(definition.takeBatch(), LISTENER_TAKE) : definition.takeBatch();
        synchronized (lock) {
            int n;
            do { // more may be waiting while takes come back full: a data-available listener only fires again for new data
                takeTime = -1; // read at the first sample: after the take has everything it returns
                takeTimed = 0;
                n = reader.take(batch, onSample);
                endToEnd.record(takeTimes, takeTimed); // one lock per take, not per sample
            } while (n == batch);
        }
    }

    private void onSample(SampleView v) {
        if (!v.validData()) {
            return;
        }
        int seq = v.getInt32(PotherType.SEQ);
        if (firstArrival < 0) {
            firstArrival = DdsTime.now();
            firstSeq = Integer.toUnsignedLong(seq);
        }
        trackers.accept(v.getInt32(PotherType.SENDER), v.publicationHandle(), seq);
        if (takeTime < 0) {
            takeTime = DdsTime.now();
        }
        if (takeTimed < takeTimes.length) {
            takeTimes[takeTimed++] = takeTime - v.getInt64(PotherType.SEND_TIME);
        }
        long size = PotherType.FIXED_BYTES + v.octetsLength(PotherType.PAYLOAD);
        samples++;
        bytes += size;
        periodSamples++;
        periodBytes += size;
    }

    /** Samples received since the start. */
    public long received() {
        synchronized (lock) {
            return samples;
        }
    }

    public long bytesReceived() {
        synchronized (lock) {
            return bytes;
        }
    }

    /** Samples missing in the sequence numbers so far, over all senders. */
    public long lost() {
        synchronized (lock) {
            return trackers.lost();
        }
    }

    /** Samples that arrived after a later sequence number of the same sender. */
    public long outOfOrder() {
        synchronized (lock) {
            return trackers.outOfOrder();
        }
    }

    /** Send time → arrival of this period's samples (column {@link LatencyColumn#SEND_ARRIVAL}); a new period begins. */
    public LatencyReport endToEnd(long now) {
        return endToEnd.endPeriod(now);
    }

    /**
     * Per sender (the samples' key, in the order they first arrived), as of the last {@link #report()}: taken
     * with it, so the senders' counts add up to the report's.
     */
    public List<SenderCount> senders() {
        synchronized (lock) {
            return reportedSenders;
        }
    }

    /**
     * Counts since the previous report (lost and out-of-order since the start), the theoretical rate from the
     * sequence numbers (received + newly lost, per second) and the expected one; a new period begins.
     */
    public ThroughputReport report() {
        synchronized (lock) {
            long now = DdsTime.now();
            long lost = trackers.lost();
            ThroughputReport r = new ThroughputReport(now - periodStart, periodSamples, periodBytes, lost,
                    trackers.outOfOrder(), ThroughputReport.bySequence(periodSamples, lost - reportedLost, now - periodStart),
                    definition.expectedSamplesPerSecond());
            reportedLost = lost;
            periodStart = now;
            periodSamples = 0;
            periodBytes = 0;
            reportedSenders = trackers.counts();
            return r;
        }
    }

    @Override
    public void close() {
        closing = true;
        if (drainer != null) {
            try {
                drainer.join(5000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        reader.close();
        topic.close();
    }
}
