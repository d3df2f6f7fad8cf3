package org.ddstuner.dds;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.ddstuner.dds.internal.DdsC;
import org.ddstuner.dds.internal.Layouts;
import org.ddstuner.dds.internal.NativeConstants;
import org.ddstuner.dds.internal.QosNative;
import org.ddstuner.dds.internal.Retcode;

/**
 * A reader that takes samples as serialized bytes ({@code dds_takecdr}): for types the tool learned at
 * run time and has no C layout for. The caller supplies the QoS; to match a discovered writer it must be
 * compatible with the writer's (partition — set it on a {@link Subscriber} —, reliability, durability…).
 */
public final class RawReader extends Entity {

    private static final long INFO_SIZE = Layouts.SAMPLE_INFO.byteSize();

    private final RawTopic topic;
    private final Object lock = new Object();
    private final DataWaiter waiter;

    private RawReader(int handle, Entity parent, RawTopic topic) {
        super(handle, parent);
        this.topic = topic;
        this.waiter = new DataWaiter(this, topic.participant(), NativeConstants.DDS_ANY_STATE);
    }

    /** A reader on the participant's implicit subscriber, or on {@code parent} if it is a {@link Subscriber}. */
    public static RawReader create(Entity parent, RawTopic topic, Qos qos) {
        if (!(parent instanceof Participant) && !(parent instanceof Subscriber)) {
            throw new IllegalArgumentException("a reader belongs to a participant or a subscriber, not " + parent);
        }
        if (DdsC.DDS_TAKECDR == null || DdsC.DDSI_SERDATA_SIZE == null || DdsC.DDSI_SERDATA_TO_SER == null
                || DdsC.DDSI_SERDATA_UNREF == null) {
            throw new UnsupportedOperationException("this libddsc cannot hand out serialized samples (dds_takecdr)");
        }
        MemorySegment q = QosNative.toNative(qos);
        try {
            int h = created(DdsC.dds_create_reader(parent.handle(), topic.handle(), q, MemorySegment.NULL),
                    "dds_create_reader(\"" + topic.name() + "\", raw)");
            return new RawReader(h, parent, topic);
        } finally {
            if (qos != null) {
                DdsC.dds_delete_qos(q);
            }
        }
    }

    public RawTopic topic() {
        return topic;
    }

    /** Takes up to {@code max} samples; empty if there are none. */
    public List<RawSample> take(int max) {
        if (max <= 0) {
            throw new IllegalArgumentException("max must be positive: " + max);
        }
        synchronized (lock) {
            int h = handle();
            try (Arena a = Arena.ofConfined()) {
                MemorySegment serdatas = a.allocate(ADDRESS, max);
                MemorySegment infos = a.allocate(INFO_SIZE * max, 8);
                int n = DdsC.dds_takecdr(h, serdatas, max, infos, NativeConstants.DDS_ANY_STATE);
                if (n == NativeConstants.DDS_RETCODE_NO_DATA || n == 0) {
                    return List.of();
                }
                Retcode.check(n, "dds_takecdr(\"" + topic.name() + "\")");
                List<RawSample> out = new ArrayList<>(n);
                RuntimeException failure = null;
                for (int i = 0; i < n; i++) {
                    MemorySegment sd = serdatas.getAtIndex(ADDRESS, i);
                    try {
                        if (failure == null) {
                            out.add(new RawSample(serialized(a, sd), ReaderBase.info(infos, i * INFO_SIZE)));
                        }
                    } catch (RuntimeException e) {
                        failure = e;
                    } finally {
                        DdsC.ddsi_serdata_unref(sd); // every taken serdata holds a reference: release all
                    }
                }
                if (failure != null) {
                    throw failure;
                }
                return out;
            }
        }
    }

    private static byte[] serialized(Arena a, MemorySegment serdata) {
        long size = Integer.toUnsignedLong(DdsC.ddsi_serdata_size(serdata));
        if (size == 0) {
            return new byte[0];
        }
        MemorySegment buf = a.allocate(size);
        DdsC.ddsi_serdata_to_ser(serdata, 0, size, buf);
        return buf.toArray(JAVA_BYTE);
    }

    /**
     * Blocks until the reader holds samples it has not taken yet, or the timeout passes.
     *
     * @return true if data is there
     */
    public boolean waitForData(Duration timeout) {
        return waiter.await(timeout);
    }

    /** dds_get_subscription_matched_status (resets the change counters). */
    public MatchedStatus subscriptionMatched() {
        return DataWaiter.subscriptionMatched(handle());
    }

    @Override
    void released() {
        waiter.release();
    }
}
