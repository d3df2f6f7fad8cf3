package org.ddstuner.dds;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BOOLEAN;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.MemorySegment;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import org.ddstuner.dds.SampleInfo.InstanceState;
import org.ddstuner.dds.SampleInfo.SampleState;
import org.ddstuner.dds.SampleInfo.ViewState;
import org.ddstuner.dds.internal.CriticalCalls;
import org.ddstuner.dds.internal.DdsC;
import org.ddstuner.dds.internal.Layouts;
import org.ddstuner.dds.internal.LoanBuffers;
import org.ddstuner.dds.internal.NativeConstants;
import org.ddstuner.dds.internal.QosNative;
import org.ddstuner.dds.internal.Retcode;
import org.ddstuner.dds.internal.SampleSlots;

/**
 * What every data reader can do: take/read loaned samples (copied to Java, loan returned at once), a
 * data-available listener, waiting for data, and the subscription-matched status.
 *
 * <p>The listener's upcall stub lives in an arena owned by this reader. Closing the reader (or its
 * participant) first detaches the listener (Cyclone waits for a running callback), then deletes the
 * reader, then frees the stub: a listener never runs after {@link #close()} returns.
 */
public abstract sealed class ReaderBase<T> extends Entity permits Reader, BuiltinReader {

    private final Participant participant;
    /** Serializes take/read on this reader: guards {@link #loans} and Cyclone's one cached loan. */
    private final Object fetchLock = new Object();
    private final LoanBuffers loans = new LoanBuffers();
    /** Samples of our own for {@link #takeInPlace}, created on its first call; guarded by {@link #fetchLock}. */
    private SampleSlots slots;
    private final DataListener listener = new DataListener(this);
    private final DataWaiter waiter;

    ReaderBase(int handle, Entity parent, Participant participant) {
        super(handle, parent);
        this.participant = participant;
        this.waiter = new DataWaiter(this, participant, NativeConstants.DDS_NOT_READ_SAMPLE_STATE
                | NativeConstants.DDS_ANY_VIEW_STATE | NativeConstants.DDS_ANY_INSTANCE_STATE);
    }

    static MemorySegment nativeQos(Qos qos) {
        return QosNative.toNative(qos);
    }

    public Participant participant() {
        return participant;
    }

    /** Converts one loaned sample; {@code sample} may hold only the key when {@code info.validData()} is false. */
    abstract T decode(MemorySegment sample, SampleInfo info);

    /** The lock that serializes takes on this reader (a subclass holding it around {@link #takeInPlace} re-enters it cheaply). */
    final Object fetchLock() {
        return fetchLock;
    }

    /** Takes up to {@code max} samples (removing them from the reader cache); empty if there are none. */
    public List<Sample<T>> take(int max) {
        return fetch(max, true, 0);
    }

    /** Reads up to {@code max} samples (they stay in the cache, marked READ). */
    public List<Sample<T>> read(int max) {
        return fetch(max, false, 0);
    }

    /** Takes only samples whose states match {@code stateMask} (DDS_*_STATE bits, e.g. not-read only). */
    public List<Sample<T>> take(int max, int stateMask) {
        return fetch(max, true, stateMask);
    }

    /**
     * One take/read with loans. Hot path of discovery: the loan buffers are the reader's own and reused
     * (no native allocation per call), SampleInfo offsets are constants, and the loan goes back to Cyclone
     * once per batch. Calls on one reader are serialized by {@link #fetchLock} because the buffers (and
     * Cyclone's single cached loan per reader) can serve only one take at a time.
     */
    private List<Sample<T>> fetch(int max, boolean take, int mask) {
        if (max <= 0) {
            throw new IllegalArgumentException("max must be positive: " + max);
        }
        synchronized (fetchLock) {
            int h = handle();
            loans.ensureCapacity(max);
            MemorySegment buf = loans.samplesForLoan();
            MemorySegment infos = loans.infos();
            int n;
            String op = take ? "dds_take" : "dds_read";
            if (mask == 0) {
                n = take ? DdsC.dds_take(h, buf, infos, max, max) : DdsC.dds_read(h, buf, infos, max, max);
            } else {
                n = take ? DdsC.dds_take_mask(h, buf, infos, max, max, mask) : DdsC.dds_read_mask(h, buf, infos, max, max, mask);
            }
            if (n == NativeConstants.DDS_RETCODE_NO_DATA) {
                return List.of();
            }
            Retcode.check(n, op);
            List<Sample<T>> out = new ArrayList<>(n);
            try {
                for (int i = 0; i < n; i++) {
                    SampleInfo info = info(infos, LoanBuffers.infoOffset(i));
                    out.add(new Sample<>(decode(buf.getAtIndex(ADDRESS, i), info), info));
                }
            } finally {
                if (n > 0) {
                    DdsC.dds_return_loan(h, buf, n);
                }
            }
            return out;
        }
    }

    /**
     * Receives each loaned sample of {@link #takeLoaned}: the sample's address (a plain long, so nothing
     * is allocated per sample) and its info at {@code infoOffset} of {@code infos}.
     */
    interface LoanVisitor {
        void visit(long sampleAddress, MemorySegment infos, long infoOffset);
    }

    /**
     * dds_take into this reader's own {@link SampleSlots} (no loan), handing every taken sample to
     * {@code visitor} in place: no decoding and no allocation besides what the visitor does. Serialized with
     * {@link #take(int)} by {@link #fetchLock}; the slots are freed once the native reader is deleted.
     *
     * @return the number of samples taken (0 if there were none)
     */
    int takeInPlace(int max, StructType type, LoanVisitor visitor) {
        if (max <= 0) {
            throw new IllegalArgumentException("max must be positive: " + max);
        }
        synchronized (fetchLock) {
            int h = handle();
            if (slots == null) {
                slots = slotsFor(type);
            }
            slots.ensureCapacity(max);
            MemorySegment buf = slots.pointers();
            MemorySegment infos = slots.infos();
            // by address: these slots live until the reader is deleted and are freed under fetchLock (see released())
            int n = CriticalCalls.dds_take(h, buf.address(), infos.address(), max, max);
            if (n == NativeConstants.DDS_RETCODE_NO_DATA || n == 0) {
                return 0;
            }
            Retcode.check(n, "dds_take");
            for (int i = 0; i < n; i++) {
                visitor.visit(buf.getAtIndex(JAVA_LONG, i), infos, LoanBuffers.infoOffset(i));
            }
            return n;
        }
    }

    private static SampleSlots slotsFor(StructType type) {
        long[] strings = type.members().stream().filter(m -> m.kind() == MemberKind.STRING).mapToLong(StructType.Member::offset).toArray();
        long[] sequences = type.members().stream().filter(m -> m.kind() == MemberKind.OCTET_SEQUENCE)
                .mapToLong(StructType.Member::offset).toArray();
        return new SampleSlots(type.size(), strings, sequences);
    }

    // dds_sample_info_t member offsets, resolved once (a layout path lookup per field per sample was a
    // measurable part of discovery time)
    private static final long SI_SAMPLE_STATE = off("sample_state");
    private static final long SI_VIEW_STATE = off("view_state");
    private static final long SI_INSTANCE_STATE = off("instance_state");
    private static final long SI_VALID_DATA = off("valid_data");
    private static final long SI_SOURCE_TIMESTAMP = off("source_timestamp");
    private static final long SI_INSTANCE_HANDLE = off("instance_handle");
    private static final long SI_PUBLICATION_HANDLE = off("publication_handle");
    private static final long SI_DISPOSED_GENERATION_COUNT = off("disposed_generation_count");
    private static final long SI_NO_WRITERS_GENERATION_COUNT = off("no_writers_generation_count");
    private static final long SI_SAMPLE_RANK = off("sample_rank");
    private static final long SI_GENERATION_RANK = off("generation_rank");
    private static final long SI_ABSOLUTE_GENERATION_RANK = off("absolute_generation_rank");

    /** The dds_sample_info_t at byte offset {@code base} of {@code s}. */
    static SampleInfo info(MemorySegment s, long base) {
        int ss = s.get(JAVA_INT, base + SI_SAMPLE_STATE);
        int vs = s.get(JAVA_INT, base + SI_VIEW_STATE);
        int is = s.get(JAVA_INT, base + SI_INSTANCE_STATE);
        long ts = s.get(JAVA_LONG, base + SI_SOURCE_TIMESTAMP);
        return new SampleInfo(s.get(JAVA_BOOLEAN, base + SI_VALID_DATA),
                ss == NativeConstants.DDS_READ_SAMPLE_STATE ? SampleState.READ : SampleState.NOT_READ,
                vs == NativeConstants.DDS_NEW_VIEW_STATE ? ViewState.NEW : ViewState.NOT_NEW,
                is == NativeConstants.DDS_ALIVE_INSTANCE_STATE ? InstanceState.ALIVE
                        : is == NativeConstants.DDS_NOT_ALIVE_DISPOSED_INSTANCE_STATE ? InstanceState.NOT_ALIVE_DISPOSED
                                : InstanceState.NOT_ALIVE_NO_WRITERS,
                Instant.ofEpochSecond(0, ts), s.get(JAVA_LONG, base + SI_INSTANCE_HANDLE),
                s.get(JAVA_LONG, base + SI_PUBLICATION_HANDLE), s.get(JAVA_INT, base + SI_DISPOSED_GENERATION_COUNT),
                s.get(JAVA_INT, base + SI_NO_WRITERS_GENERATION_COUNT), s.get(JAVA_INT, base + SI_SAMPLE_RANK),
                s.get(JAVA_INT, base + SI_GENERATION_RANK), s.get(JAVA_INT, base + SI_ABSOLUTE_GENERATION_RANK));
    }

    private static long off(String m) {
        return Layouts.offset(Layouts.SAMPLE_INFO, m);
    }

    /**
     * Calls {@code onDataAvailable} on a Cyclone thread whenever data arrives ({@code null} removes it).
     * Keep it short and never block in it; exceptions it throws are printed and swallowed (an exception
     * escaping an upcall would kill the JVM). Closing entities from inside it is refused.
     */
    public void setListener(Runnable onDataAvailable) {
        listener.set(onDataAvailable);
    }

    /**
     * Blocks until the reader holds samples it has not read yet, or the timeout passes.
     *
     * @return true if unread data is there
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

    @Override
    void beforeDelete() {
        listener.detach(super.rawHandle());
    }

    @Override
    void released() {
        waiter.release();
        listener.free();
        synchronized (fetchLock) {
            if (slots != null) {
                slots.free(); // after dds_delete: no take can write into them any more
            }
        }
    }
}
