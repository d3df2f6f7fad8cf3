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
 * A reader that takes or reads samples as serialized bytes ({@code dds_takecdr}, {@code dds_readcdr}): for types the tool learned at
 * run time and has no C layout for. The caller supplies the QoS; to match a discovered writer it must be
 * compatible with the writer's (partition — set it on a {@link Subscriber} —, reliability, durability…).
 */
public final class RawReader extends Entity {

    private static final long INFO_SIZE = Layouts.SAMPLE_INFO.byteSize();

    private final RawTopic topic;
    /** Samples neither read nor taken yet, in any view and instance state. */
    private static final int NOT_READ = NativeConstants.DDS_NOT_READ_SAMPLE_STATE | NativeConstants.DDS_ANY_VIEW_STATE
            | NativeConstants.DDS_ANY_INSTANCE_STATE;

    /** Guards {@link #scratch}: one take or read at a time. */
    private final Object lock = new Object();
    private final Scratch scratch = new Scratch();
    private final DataWaiter waiter;
    private final DataListener listener = new DataListener(this);

    /**
     * Receives the samples of one take or read, in order, on the calling thread. {@code data} is the
     * serialized sample (encapsulation header included) in an array of its own that the sink may keep: the
     * bytes are copied once from Cyclone's sample into it.
     */
    @FunctionalInterface
    public interface SampleSink {
        void accept(byte[] data, SampleInfo info);
    }

    private RawReader(int handle, Entity parent, RawTopic topic) {
        super(handle, parent);
        this.topic = topic;
        this.waiter = new DataWaiter(this, topic.participant(), NOT_READ);
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

    /** Takes up to {@code max} samples (removing them from the reader's cache); empty if there are none. */
    public List<RawSample> take(int max) {
        List<RawSample> out = new ArrayList<>();
        fetch(max, true, (data, info) -> out.add(new RawSample(data, info)));
        return out;
    }

    /**
     * Takes up to {@code max} samples into {@code sink} without building a list or a {@link RawSample} per
     * sample (a drain at tens of thousands of samples a second).
     *
     * @return how many samples the sink got (0 if there were none)
     */
    public int take(int max, SampleSink sink) {
        return fetch(max, true, sink);
    }

    /** {@link #read(int)} into a sink, like {@link #take(int, SampleSink)}. */
    public int read(int max, SampleSink sink) {
        requireReadCdr();
        return fetch(max, false, sink);
    }

    /**
     * Reads up to {@code max} samples not read before ({@code dds_readcdr}): they stay in the reader's cache,
     * marked READ (so the history QoS, not this call, decides when they go), and the next call returns only
     * newer ones. Empty if there are none.
     *
     * @throws UnsupportedOperationException when this libddsc has no {@code dds_readcdr}
     */
    public List<RawSample> read(int max) {
        requireReadCdr();
        List<RawSample> out = new ArrayList<>();
        fetch(max, false, (data, info) -> out.add(new RawSample(data, info)));
        return out;
    }

    private static void requireReadCdr() {
        if (DdsC.DDS_READCDR == null) {
            throw new UnsupportedOperationException("this libddsc cannot read serialized samples (dds_readcdr)");
        }
    }

    private int fetch(int max, boolean take, SampleSink sink) {
        if (max <= 0) {
            throw new IllegalArgumentException("max must be positive: " + max);
        }
        synchronized (lock) {
            int h = handle();
            MemorySegment serdatas = scratch.serdatas(max);
            MemorySegment infos = scratch.infos(max);
            int n = take ? DdsC.dds_takecdr(h, serdatas, max, infos, NativeConstants.DDS_ANY_STATE)
                    : DdsC.dds_readcdr(h, serdatas, max, infos, NOT_READ);
            if (n == NativeConstants.DDS_RETCODE_NO_DATA || n == 0) {
                return 0;
            }
            Retcode.check(n, (take ? "dds_takecdr" : "dds_readcdr") + "(\"" + topic.name() + "\")");
            RuntimeException failure = null;
            for (int i = 0; i < n; i++) {
                MemorySegment sd = serdatas.getAtIndex(ADDRESS, i);
                try {
                    if (failure == null) {
                        sink.accept(serialized(sd), ReaderBase.info(infos, i * INFO_SIZE));
                    }
                } catch (RuntimeException e) {
                    failure = e;
                } finally {
                    DdsC.ddsi_serdata_unref(sd); // every serdata handed out holds a reference: release all
                }
            }
            if (failure != null) {
                throw failure;
            }
            return n;
        }
    }

    /** The serialized bytes of one sample, copied through the reader's scratch buffer. */
    private byte[] serialized(MemorySegment serdata) {
        long size = Integer.toUnsignedLong(DdsC.ddsi_serdata_size(serdata));
        if (size == 0) {
            return new byte[0];
        }
        MemorySegment buf = scratch.bytes(size);
        DdsC.ddsi_serdata_to_ser(serdata, 0, size, buf);
        return buf.asSlice(0, size).toArray(JAVA_BYTE);
    }

    /**
     * Blocks until the reader holds samples not read or taken yet, or the timeout passes.
     *
     * @return true if data is there
     */
    public boolean waitForData(Duration timeout) {
        return waiter.await(timeout);
    }

    /** The deadline, liveliness, sample lost/rejected and incompatible-QoS statuses (resets their change counters). */
    public ReaderStatuses readerStatuses() {
        return DataWaiter.readerStatuses(handle());
    }

    /** dds_get_subscription_matched_status (resets the change counters). */
    public MatchedStatus subscriptionMatched() {
        return DataWaiter.subscriptionMatched(handle());
    }

    /**
     * Calls {@code onDataAvailable} on Cyclone's delivering thread for every arriving sample ({@code null}
     * removes it). It may take or read (the samples are stored before the call); keep it short, never block
     * for long in it (it holds up delivery) and never close entities in it. Exceptions are printed and
     * swallowed.
     */
    public void setListener(Runnable onDataAvailable) {
        listener.set(onDataAvailable);
    }

    @Override
    void beforeDelete() {
        listener.detach(rawHandle());
    }

    @Override
    void released() {
        waiter.release();
        listener.free();
    }

    /**
     * Native buffers reused by every take/read of this reader (a 50,000 samples/s drain should not allocate
     * and free an arena per call); grown on demand, freed by the GC with the reader.
     */
    private static final class Scratch {
        private final Arena arena = Arena.ofAuto();
        private MemorySegment serdatas = MemorySegment.NULL;
        private MemorySegment infos = MemorySegment.NULL;
        private MemorySegment bytes = MemorySegment.NULL;

        MemorySegment serdatas(int n) {
            if (serdatas.byteSize() < ADDRESS.byteSize() * n) {
                serdatas = arena.allocate(ADDRESS, n);
            }
            return serdatas;
        }

        MemorySegment infos(int n) {
            if (infos.byteSize() < INFO_SIZE * n) {
                infos = arena.allocate(INFO_SIZE * n, 8);
            }
            return infos;
        }

        MemorySegment bytes(long n) {
            if (bytes.byteSize() < n) {
                bytes = arena.allocate(Math.max(n, 2 * bytes.byteSize()), 8);
            }
            return bytes;
        }
    }
}
