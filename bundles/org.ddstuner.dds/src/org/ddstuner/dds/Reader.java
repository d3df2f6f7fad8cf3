package org.ddstuner.dds;

import java.lang.foreign.MemorySegment;
import java.util.Map;

import org.ddstuner.dds.internal.DdsC;

/** A data reader of a {@link StructType} topic; samples come as {@code Map<String,Object>} in member order. */
public final class Reader extends ReaderBase<Map<String, Object>> {

    private final Topic topic;
    private final SampleView view;
    private SampleView.Visitor current; // guarded by fetchLock()
    private final LoanVisitor showView = this::show;

    private Reader(int handle, Entity parent, Participant participant, Topic topic) {
        super(handle, parent, participant);
        this.topic = topic;
        this.view = new SampleView(topic.type());
    }

    static Reader create(Entity parent, Topic topic, Qos qos) {
        Participant p = parent instanceof Subscriber s ? s.participant() : (Participant) parent;
        if (topic.participant() != p) {
            throw new IllegalArgumentException("topic " + topic.name() + " belongs to another participant");
        }
        MemorySegment q = nativeQos(qos);
        try {
            int h = created(DdsC.dds_create_reader(parent.handle(), topic.handle(), q, MemorySegment.NULL),
                    "dds_create_reader(\"" + topic.name() + "\")");
            return new Reader(h, parent, p, topic);
        } finally {
            if (qos != null) {
                DdsC.dds_delete_qos(q);
            }
        }
    }

    public Topic topic() {
        return topic;
    }

    /**
     * Takes up to {@code max} samples and shows each to {@code visitor} in place (deserialized by Cyclone
     * into sample memory this reader keeps and reuses, no loan, no copy, no allocation): the fast path for
     * benchmarks and echoes. The view is valid only inside the call.
     *
     * @return the number of samples taken
     */
    public int take(int max, SampleView.Visitor visitor) {
        // under the take lock (which takeInPlace re-enters: a recursive enter costs no atomic update), one
        // reusable adapter and one view serve every take: nothing is allocated per call (this runs once per
        // arriving sample from a data-available listener)
        synchronized (fetchLock()) {
            current = visitor;
            try {
                return takeInPlace(max, topic.type(), showView);
            } finally {
                current = null;
                view.clear();
            }
        }
    }

    private void show(long address, MemorySegment infos, long infoOffset) {
        view.point(address, infos, infoOffset);
        current.visit(view);
    }

    @Override
    Map<String, Object> decode(MemorySegment sample, SampleInfo info) {
        return topic.type().codec().decode(sample, !info.validData());
    }
}
