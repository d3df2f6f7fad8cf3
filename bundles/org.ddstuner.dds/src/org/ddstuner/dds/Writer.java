package org.ddstuner.dds;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.time.Instant;
import java.util.Map;

import org.ddstuner.dds.internal.AddressWrites;
import org.ddstuner.dds.internal.DdsC;
import org.ddstuner.dds.internal.Retcode;
import org.ddstuner.dds.internal.WriteBatchNative;

/**
 * A data writer of a {@link StructType} topic. Values are given as a map from member name to value;
 * see {@link MemberKind} for the Java types accepted. For dispose/unregister only the key members matter.
 */
public final class Writer extends Entity {

    private final Topic topic;

    private Writer(int handle, Entity parent, Topic topic) {
        super(handle, parent);
        this.topic = topic;
    }

    static Writer create(Entity parent, Topic topic, Qos qos) {
        Participant p = parent instanceof Publisher pub ? pub.participant() : (Participant) parent;
        if (topic.participant() != p) {
            throw new IllegalArgumentException("topic " + topic.name() + " belongs to another participant");
        }
        MemorySegment q = ReaderBase.nativeQos(qos);
        try {
            int h = created(DdsC.dds_create_writer(parent.handle(), topic.handle(), q, MemorySegment.NULL),
                    "dds_create_writer(\"" + topic.name() + "\")");
            return new Writer(h, parent, topic);
        } finally {
            if (qos != null) {
                DdsC.dds_delete_qos(q);
            }
        }
    }

    public Topic topic() {
        return topic;
    }

    /** dds_write. */
    public void write(Map<String, ?> values) {
        call(values, "dds_write", (h, s) -> DdsC.dds_write(h, s));
    }

    /** dds_write_ts with an explicit source timestamp. */
    public void write(Map<String, ?> values, Instant sourceTimestamp) {
        long ts = sourceTimestamp.getEpochSecond() * 1_000_000_000L + sourceTimestamp.getNano();
        call(values, "dds_write_ts", (h, s) -> DdsC.dds_write_ts(h, s, ts));
    }

    /** dds_write of a prepared sample: no encoding, no allocation (the benchmark hot path). */
    public void write(SampleBuffer sample) {
        checkType(sample.type());
        int rc = DdsC.dds_write(handle(), sample.segment());
        if (rc < 0) {
            Retcode.check(rc, "dds_write(\"" + topic.name() + "\")");
        }
    }

    /** dds_write_ts of a prepared sample with a source timestamp in nanoseconds since the epoch. */
    public void write(SampleBuffer sample, long sourceTimestampNanos) {
        checkType(sample.type());
        int rc = DdsC.dds_write_ts(handle(), sample.segment(), sourceTimestampNanos);
        if (rc < 0) {
            Retcode.check(rc, "dds_write_ts(\"" + topic.name() + "\")");
        }
    }

    /** dds_write of a loaned sample seen in {@link Reader#take(int, SampleView.Visitor)} (an echo). */
    public void write(SampleView sample) {
        checkType(sample.type());
        int rc = AddressWrites.dds_write(handle(), sample.address());
        if (rc < 0) {
            Retcode.check(rc, "dds_write(\"" + topic.name() + "\")");
        }
    }

    /**
     * dds_write_flush: sends what write batching holds for this writer now. Call it after a latency-critical
     * write when batching is on (a no-op otherwise).
     */
    public void flush() {
        int rc = WriteBatchNative.dds_write_flush(handle());
        if (rc < 0) {
            Retcode.check(rc, "dds_write_flush(\"" + topic.name() + "\")");
        }
    }

    /**
     * dds_write_set_batch: with batching on, Cyclone packs the samples of successive writes into one RTPS
     * message until it is full or {@link #flush()} is called (Cyclone's Internal/WriteBatch; what ddsperf
     * turns on). Applies to every writer of every domain in this process, including existing ones.
     */
    public static void setWriteBatching(boolean enable) {
        DdsLibrary.get();
        WriteBatchNative.dds_write_set_batch(enable);
        batching = enable;
    }

    /** Whether {@link #setWriteBatching} turned batching on in this process (a configuration file may too). */
    public static boolean writeBatching() {
        return batching;
    }

    private static volatile boolean batching;

    private void checkType(StructType t) {
        if (t != topic.type()) {
            throw new IllegalArgumentException("sample of type " + t.typeName() + " (another StructType instance) written to topic "
                    + topic.name() + " of " + topic.type().typeName() + ": use the topic's own type");
        }
    }

    /** dds_dispose: readers see the instance as NOT_ALIVE_DISPOSED. */
    public void dispose(Map<String, ?> key) {
        call(key, "dds_dispose", (h, s) -> DdsC.dds_dispose(h, s));
    }

    /** dds_writedispose: write and dispose in one. */
    public void writeDispose(Map<String, ?> values) {
        call(values, "dds_writedispose", (h, s) -> DdsC.dds_writedispose(h, s));
    }

    /** dds_unregister_instance (with auto-dispose on, the default, readers also see it disposed). */
    public void unregister(Map<String, ?> key) {
        call(key, "dds_unregister_instance", (h, s) -> DdsC.dds_unregister_instance(h, s));
    }

    /** dds_lookup_instance: the instance handle for a key, 0 if the writer does not know it. */
    public long lookupInstance(Map<String, ?> key) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment s = topic.type().codec().encode(key, a);
            return DdsC.dds_lookup_instance(handle(), s);
        }
    }

    /** dds_get_publication_matched_status (resets the change counters). */
    public MatchedStatus publicationMatched() {
        return DataWaiter.publicationMatched(handle());
    }

    private interface SampleCall {
        int apply(int handle, MemorySegment sample);
    }

    private void call(Map<String, ?> values, String op, SampleCall c) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment s = topic.type().codec().encode(values, a);
            Retcode.check(c.apply(handle(), s), op + "(\"" + topic.name() + "\")");
        }
    }
}
