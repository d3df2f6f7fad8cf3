package org.ddstuner.dds;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.time.Duration;

import org.ddstuner.dds.internal.DdsC;
import org.ddstuner.dds.internal.Layouts;
import org.ddstuner.dds.internal.QosNative;
import org.ddstuner.dds.internal.Retcode;

/**
 * What every reader kind shares: waiting for data on a read condition (the waitset is made on first use
 * and deleted with the reader) and reading the matched statuses. Used by {@link ReaderBase} and
 * {@link RawReader}; the publication-matched status by the writers.
 */
final class DataWaiter {

    private final Entity reader;
    private final Participant participant;
    private final int stateMask;
    private final Object lock = new Object();
    private int waitset;

    /** For {@code reader}, waking up for samples whose states match {@code stateMask}. */
    DataWaiter(Entity reader, Participant participant, int stateMask) {
        this.reader = reader;
        this.participant = participant;
        this.stateMask = stateMask;
    }

    /** Blocks until the reader holds samples matching the mask, or the timeout passes; true if there are. */
    boolean await(Duration timeout) {
        int ws;
        synchronized (lock) {
            int h = reader.handle();
            if (waitset == 0) {
                int cond = Retcode.check(DdsC.dds_create_readcondition(h, stateMask), "dds_create_readcondition");
                int w = Retcode.check(DdsC.dds_create_waitset(participant.handle()), "dds_create_waitset");
                waitset = w;
                Retcode.check(DdsC.dds_waitset_attach(w, cond, 0), "dds_waitset_attach");
            }
            ws = waitset;
        }
        int n = DdsC.dds_waitset_wait(ws, MemorySegment.NULL, 0, QosNative.toNanos(timeout));
        if (n < 0 && reader.isClosed()) {
            return false;
        }
        return Retcode.check(n, "dds_waitset_wait") > 0;
    }

    /** Deletes the waitset (after the reader is gone; the code is ignored: it may be gone with the participant). */
    void release() {
        synchronized (lock) {
            if (waitset != 0) {
                DdsC.dds_delete(waitset);
                waitset = 0;
            }
        }
    }

    /** dds_get_subscription_matched_status of a reader (resets the change counters). */
    static MatchedStatus subscriptionMatched(int reader) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment s = a.allocate(Layouts.SUBSCRIPTION_MATCHED_STATUS);
            Retcode.check(DdsC.dds_get_subscription_matched_status(reader, s), "dds_get_subscription_matched_status");
            return matched(s);
        }
    }

    /** dds_get_publication_matched_status of a writer (resets the change counters). */
    static MatchedStatus publicationMatched(int writer) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment s = a.allocate(Layouts.PUBLICATION_MATCHED_STATUS);
            Retcode.check(DdsC.dds_get_publication_matched_status(writer, s), "dds_get_publication_matched_status");
            return matched(s);
        }
    }

    /** Both status structs have the same layout (checked by the layout probe). */
    private static MatchedStatus matched(MemorySegment s) {
        return new MatchedStatus(s.get(JAVA_INT, 0), s.get(JAVA_INT, 4), s.get(JAVA_INT, 8), s.get(JAVA_INT, 12),
                s.get(JAVA_LONG, 16));
    }
    /**
     * The reader's statuses, each by its own {@code dds_get_*_status} call (plain structs of 32-bit counters and
     * 64-bit handles, laid out alike in 0.10.x and 11.x: {@link Layouts}, checked by the layout probe).
     */
    static ReaderStatuses readerStatuses(int reader) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment s = a.allocate(Layouts.REQUESTED_DEADLINE_MISSED_STATUS);
            Retcode.check(DdsC.dds_get_requested_deadline_missed_status(reader, s), "dds_get_requested_deadline_missed_status");
            var dl = new ReaderStatuses.DeadlineMissed(i(s, Layouts.REQUESTED_DEADLINE_MISSED_STATUS, "total_count"),
                    i(s, Layouts.REQUESTED_DEADLINE_MISSED_STATUS, "total_count_change"),
                    l(s, Layouts.REQUESTED_DEADLINE_MISSED_STATUS, "last_instance_handle"));
            s = a.allocate(Layouts.LIVELINESS_CHANGED_STATUS);
            Retcode.check(DdsC.dds_get_liveliness_changed_status(reader, s), "dds_get_liveliness_changed_status");
            var lv = new ReaderStatuses.LivelinessChanged(i(s, Layouts.LIVELINESS_CHANGED_STATUS, "alive_count"),
                    i(s, Layouts.LIVELINESS_CHANGED_STATUS, "not_alive_count"),
                    i(s, Layouts.LIVELINESS_CHANGED_STATUS, "alive_count_change"),
                    i(s, Layouts.LIVELINESS_CHANGED_STATUS, "not_alive_count_change"),
                    l(s, Layouts.LIVELINESS_CHANGED_STATUS, "last_publication_handle"));
            s = a.allocate(Layouts.SAMPLE_LOST_STATUS);
            Retcode.check(DdsC.dds_get_sample_lost_status(reader, s), "dds_get_sample_lost_status");
            var lost = new ReaderStatuses.SampleLost(i(s, Layouts.SAMPLE_LOST_STATUS, "total_count"),
                    i(s, Layouts.SAMPLE_LOST_STATUS, "total_count_change"));
            s = a.allocate(Layouts.SAMPLE_REJECTED_STATUS);
            Retcode.check(DdsC.dds_get_sample_rejected_status(reader, s), "dds_get_sample_rejected_status");
            var rej = new ReaderStatuses.SampleRejected(i(s, Layouts.SAMPLE_REJECTED_STATUS, "total_count"),
                    i(s, Layouts.SAMPLE_REJECTED_STATUS, "total_count_change"),
                    i(s, Layouts.SAMPLE_REJECTED_STATUS, "last_reason"),
                    l(s, Layouts.SAMPLE_REJECTED_STATUS, "last_instance_handle"));
            s = a.allocate(Layouts.REQUESTED_INCOMPATIBLE_QOS_STATUS);
            Retcode.check(DdsC.dds_get_requested_incompatible_qos_status(reader, s),
                    "dds_get_requested_incompatible_qos_status");
            var inc = new ReaderStatuses.IncompatibleQos(i(s, Layouts.REQUESTED_INCOMPATIBLE_QOS_STATUS, "total_count"),
                    i(s, Layouts.REQUESTED_INCOMPATIBLE_QOS_STATUS, "total_count_change"),
                    i(s, Layouts.REQUESTED_INCOMPATIBLE_QOS_STATUS, "last_policy_id"));
            return new ReaderStatuses(dl, lv, lost, rej, inc);
        }
    }

    private static int i(MemorySegment s, java.lang.foreign.StructLayout l, String member) {
        return s.get(JAVA_INT, Layouts.offset(l, member));
    }

    private static long l(MemorySegment s, java.lang.foreign.StructLayout l, String member) {
        return s.get(JAVA_LONG, Layouts.offset(l, member));
    }
}
