package org.ddstuner.dds;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.time.Instant;
import java.util.Map;

import org.ddstuner.dds.internal.DdsC;
import org.ddstuner.dds.internal.Layouts;
import org.ddstuner.dds.internal.Retcode;

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
        try (Arena a = Arena.ofConfined()) {
            MemorySegment s = a.allocate(Layouts.PUBLICATION_MATCHED_STATUS);
            Retcode.check(DdsC.dds_get_publication_matched_status(handle(), s), "dds_get_publication_matched_status");
            return new MatchedStatus(s.get(JAVA_INT, 0), s.get(JAVA_INT, 4), s.get(JAVA_INT, 8), s.get(JAVA_INT, 12),
                    s.get(JAVA_LONG, 16));
        }
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
