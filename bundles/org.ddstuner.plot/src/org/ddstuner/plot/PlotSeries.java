package org.ddstuner.plot;

import java.util.concurrent.atomic.AtomicLong;

import org.ddstuner.samples.ReaderSession;
import org.ddstuner.samples.ReceivedSample;
import org.ddstuner.samples.SampleBatch;
import org.ddstuner.samples.SampleColumns;

/**
 * One plotted field of one reader: where its samples come from ({@link ReaderSession}, polled by sequence number
 * like the Reader view's own feed, so the view is not slowed by the plot), the field's path and its
 * bounded {@link SeriesRing}. The x of a point is the sample's reception time or its index among the samples
 * this series has seen (0, 1, 2…).
 */
public final class PlotSeries {

    private final String id;
    private final String source;
    private final String path;
    private final ReaderSession session;
    private final long instance;
    private final String instanceLabel;
    private final SeriesRing ring;
    private final AtomicLong skipped = new AtomicLong();
    private final AtomicLong missed = new AtomicLong();
    private long next;
    private long index;

    PlotSeries(String source, ReaderSession session, String path, long instance, String instanceLabel, int capacity) {
        this.id = source + " \u00b7 " + path + (instanceLabel.isEmpty() ? "" : " [" + instanceLabel + "]");
        this.source = source;
        this.path = path;
        this.session = session;
        this.instance = instance;
        this.instanceLabel = instanceLabel;
        this.ring = new SeriesRing(capacity);
    }

    /**
     * The key values of a sample's instance as a label ("sensor_id=4"); "" for a topic without a key. A series of a
     * keyed topic follows one instance: the values of several sensors in one line would be a zigzag.
     */
    public static String instanceLabel(ReaderSession session, ReceivedSample s) {
        StringBuilder b = new StringBuilder();
        for (SampleColumns.Column c : session.columns().fieldColumns()) {
            if (c.key()) {
                b.append(b.isEmpty() ? "" : ", ").append(c.path()).append('=').append(SampleColumns.text(s, c));
            }
        }
        return b.toString();
    }

    /** The instance handle followed, 0 for every sample of the topic. */
    public long instance() {
        return instance;
    }

    public String instanceLabel() {
        return instanceLabel;
    }

    /** Unique in a store: "topic · path [key=value]". */
    public String id() {
        return id;
    }

    /** What the samples come from, e.g. the topic name. */
    public String source() {
        return source;
    }

    public String path() {
        return path;
    }

    public SeriesRing ring() {
        return ring;
    }

    public ReaderSession session() {
        return session;
    }

    /** Samples without a number at the path (absent optional member, other union branch, key-only samples). */
    public long skipped() {
        return skipped.get();
    }

    /** Samples the reader's ring overwrote before this series polled them (the plot fell behind). */
    public long missed() {
        return missed.get();
    }

    /** Whether the reader has gone (the points stay). */
    public boolean ended() {
        return session == null || session.isClosed();
    }

    /**
     * Takes what the reader received since the last call (from the oldest sample it holds, the first time) into
     * the ring; returns the points added. Only the feed thread calls this.
     */
    int pull(int max) {
        if (ended()) {
            return 0;
        }
        SampleBatch b;
        try {
            b = session.poll(next, max);
        } catch (RuntimeException closing) {
            return 0; // closed between the check and the poll
        }
        next = b.nextSeq();
        missed.addAndGet(b.missed());
        int added = 0;
        for (ReceivedSample s : b.samples()) {
            if (instance != 0 && s.info().instanceHandle() != instance) {
                continue;
            }
            if (add(s)) {
                added++;
            }
        }
        return added;
    }

    /** Appends the sample's value at the path; false (counted as skipped) when it has none. */
    boolean add(ReceivedSample s) {
        double v = s.validData() ? NumericValues.at(s.value(), path) : Double.NaN;
        if (Double.isNaN(v) && !isNaNValue(s)) {
            skipped.incrementAndGet();
            return false;
        }
        var t = s.receivedAt();
        ring.append(t.getEpochSecond() * 1_000_000L + t.getNano() / 1000, index++, v);
        return true;
    }

    /** A float field that really holds NaN is plotted (as a gap), not skipped. */
    private boolean isNaNValue(ReceivedSample s) {
        return s.validData() && s.value() != null
                && org.ddstuner.types.FieldPaths.get(s.value(), path) instanceof Number;
    }

    /** Forgets the points (the reader keeps its samples; new ones are plotted from now on). */
    void clear() {
        ring.clear();
        index = 0;
        skipped.set(0);
    }

    @Override
    public String toString() {
        return id + " (" + ring.size() + " of " + ring.appended() + " points, " + skipped() + " skipped)";
    }
}
