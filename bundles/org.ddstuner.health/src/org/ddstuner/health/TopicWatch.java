package org.ddstuner.health;

import java.time.Duration;
import java.util.List;

import org.ddstuner.connection.Connection;
import org.ddstuner.dds.ReaderStatuses;
import org.ddstuner.health.internal.CounterHistory;
import org.ddstuner.health.internal.CounterHistory.Counters;
import org.ddstuner.samples.DerivedQos;
import org.ddstuner.samples.QosDeriver;
import org.ddstuner.health.internal.SequenceGaps;
import org.ddstuner.samples.ReaderSession;
import org.ddstuner.samples.ReceivedSample;
import org.ddstuner.samples.SampleBatch;
import org.ddstuner.samples.ResolvedType;
import org.ddstuner.samples.SessionStats;
import org.ddstuner.samples.TypeResolver;
import org.ddstuner.system.SystemSnapshot;

/**
 * The tool's reader on one watched topic: a {@link ReaderSession} (the Reader view's reader: type resolved as there,
 * QoS derived from the writers' offers by {@link QosDeriver}, so it requests their deadline and liveliness and
 * libddsc reports when they are not kept) whose statuses are read each tick into cumulative counters. Only the
 * watcher's thread calls {@link #tick}; the statuses' change counters are this class's alone.
 */
public final class TopicWatch implements AutoCloseable {

    /** Samples kept by the session: a watch counts samples, it does not show them. */
    private static final int RING = 16;
    /**
     * With a sequence field the watch reads every sample: room for a tick's worth of a fast topic (16,384 samples
     * per 100 ms); emptied after each tick so it holds no more than that (a ring kept full of a 16 KiB flood would
     * hold its whole capacity in the heap).
     */
    private static final int SEQUENCE_RING = 16_384;

    private final String topic;
    private final ResolvedType type;
    private final DerivedQos qos;
    private final ReaderSession session;
    private final CounterHistory history = new CounterHistory();
    private final long startNanos;
    private long deadlineMissed;
    private long lost;
    private long rejected;
    private long livelinessChanges;
    private long received;
    private long lastSampleNanos;
    private int alive;
    private int notAlive;
    private int matched;
    private int incompatibleTotal;
    private int lastIncompatiblePolicy;
    private String lastRejectReason = "";
    private final String sequenceField;
    private final SequenceGaps gaps = new SequenceGaps();
    private long nextSeq;
    private long toolMissed;
    private String sequenceProblem;

    private TopicWatch(String topic, ResolvedType type, DerivedQos qos, ReaderSession session, long now,
            String sequenceField) {
        this.topic = topic;
        this.sequenceField = sequenceField;
        this.type = type;
        this.qos = qos;
        this.session = session;
        this.startNanos = now;
        this.lastSampleNanos = now;
    }

    /**
     * Resolves the topic's type and opens the reader.
     *
     * @param sequenceField a field counted up per sample by each writer (gaps are lost samples), or {@code null}
     * @throws org.ddstuner.samples.TypeResolutionException when no source gives a type (RAW excluded)
     */
    public static TopicWatch open(Connection c, TypeResolver resolver, String topic, Duration wireTimeout,
            String sequenceField) {
        SystemSnapshot s = c.model().snapshot(true);
        ResolvedType type = resolver.resolve(topic, TypeResolver.Options.DEFAULT.withWireTimeout(wireTimeout));
        try {
            DerivedQos qos = QosDeriver.forReader(s, topic);
            ReaderSession session = ReaderSession.open(c, type, ReaderSession.Config.of(qos)
                    .withCapacity(sequenceField == null ? RING : SEQUENCE_RING));
            return new TopicWatch(topic, type, qos, session, System.nanoTime(), sequenceField);
        } catch (RuntimeException e) {
            type.close();
            throw e;
        }
    }

    /** Reads the statuses and the received count; the counters' history gets one entry. */
    void tick(long now) {
        ReaderStatuses st = session.endpoint().readerStatuses();
        deadlineMissed = st.deadlineMissed().totalCount();
        if (sequenceField != null) {
            countGaps();
        }
        lost = st.lost().totalCount() + gaps.lost();
        rejected = st.rejected().totalCount();
        if (st.rejected().totalCountChange() > 0) {
            lastRejectReason = st.rejected().reasonText();
        }
        livelinessChanges += Math.abs(st.liveliness().notAliveCountChange());
        alive = st.liveliness().aliveCount();
        notAlive = st.liveliness().notAliveCount();
        incompatibleTotal = st.incompatibleQos().totalCount();
        if (incompatibleTotal > 0) {
            lastIncompatiblePolicy = st.incompatibleQos().lastPolicyId();
        }
        SessionStats stats = session.stats();
        matched = stats.matchedWriters();
        if (stats.received() != received) {
            received = stats.received();
            lastSampleNanos = now;
        }
        history.add(now, new Counters(deadlineMissed, lost, rejected, livelinessChanges, received));
    }

    private void countGaps() {
        SampleBatch b = session.poll(nextSeq, SEQUENCE_RING);
        nextSeq = b.nextSeq();
        session.clear(); // counted below; the ring need not keep them
        if (b.missed() > 0) {
            toolMissed += b.missed();
            gaps.reset();
        }
        for (ReceivedSample x : b.samples()) {
            if (!x.validData()) {
                continue;
            }
            Object v;
            try {
                v = x.field(sequenceField);
            } catch (RuntimeException e) {
                v = e.getMessage();
            }
            if (v instanceof Number n) {
                gaps.accept(x.info().publicationHandle(), n.longValue());
            } else if (sequenceProblem == null) {
                sequenceProblem = "field '" + sequenceField + "' of " + type.typeName() + " is not an integer: " + v
                        + (type.isRaw() ? " (the type is not known: import its IDL)" : "");
            }
        }
    }

    /** Why the sequence field cannot be counted, or {@code null}. */
    public String sequenceProblem() {
        return sequenceProblem;
    }

    /** Samples the watch itself missed (its ring overran), so their gaps were not counted. */
    public long toolMissed() {
        return toolMissed;
    }

    public String topic() {
        return topic;
    }

    /** The field whose gaps count as lost samples, or {@code null}. */
    public String sequenceField() {
        return sequenceField;
    }

    public String typeName() {
        return type.typeName();
    }

    /** The reader's QoS and the notes on how it was derived. */
    public DerivedQos qos() {
        return qos;
    }

    Counters within(Duration window, long now) {
        return history.within(window, now);
    }

    long ageNanos(long now) {
        return now - startNanos;
    }

    long silentNanos(long now) {
        return now - lastSampleNanos;
    }

    long received() {
        return received;
    }

    int alive() {
        return alive;
    }

    int notAlive() {
        return notAlive;
    }

    int matched() {
        return matched;
    }

    int incompatibleTotal() {
        return incompatibleTotal;
    }

    int lastIncompatiblePolicy() {
        return lastIncompatiblePolicy;
    }

    String lastRejectReason() {
        return lastRejectReason;
    }

    List<String> notes() {
        return session.notes();
    }

    @Override
    public void close() {
        try {
            session.close();
        } finally {
            type.close();
        }
    }
}
