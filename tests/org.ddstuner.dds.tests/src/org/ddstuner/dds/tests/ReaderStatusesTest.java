package org.ddstuner.dds.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;

import org.ddstuner.dds.Participant;
import org.ddstuner.dds.Qos;
import org.ddstuner.dds.Reader;
import org.ddstuner.dds.ReaderStatuses;
import org.ddstuner.dds.Writer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** A reader's statuses through dds_get_*_status: deadline missed, incompatible QoS with the policy, liveliness. */
class ReaderStatusesTest {

    private static final int DOMAIN = 59;

    @RegisterExtension
    static final LoopbackDomain domain = new LoopbackDomain(DOMAIN);

    @Test
    void deadlineMissedAndLiveliness() {
        try (Participant pub = domain.createParticipant(); Participant sub = domain.createParticipant()) {
            Qos q = Qos.EMPTY.withReliable().with(new Qos.Deadline(Duration.ofMillis(100)));
            Writer w = pub.createWriter(pub.createTopic("StatusDeadline", RoundTripTest.ALL_KINDS, null), q);
            Reader r = sub.createReader(sub.createTopic("StatusDeadline", RoundTripTest.ALL_KINDS, null), q);
            assertTrue(Poll.until(() -> r.subscriptionMatched().currentCount() == 1));
            w.write(RoundTripTest.sample(1, "k"));
            assertTrue(Poll.until(() -> r.readerStatuses().deadlineMissed().totalCount() >= 2),
                    "the instance gets no sample for two deadlines");
            ReaderStatuses s = r.readerStatuses();
            assertEquals(1, s.liveliness().aliveCount());
            assertEquals(0, s.liveliness().notAliveCount());
            assertEquals(0, s.lost().totalCount());
            assertEquals(0, s.rejected().totalCount());
            assertEquals(0, s.incompatibleQos().totalCount());
        }
    }

    @Test
    void incompatibleQosNamesThePolicy() {
        try (Participant pub = domain.createParticipant(); Participant sub = domain.createParticipant()) {
            pub.createWriter(pub.createTopic("StatusIncompatible", RoundTripTest.ALL_KINDS, null), Qos.EMPTY.withBestEffort());
            Reader r = sub.createReader(sub.createTopic("StatusIncompatible", RoundTripTest.ALL_KINDS, null),
                    Qos.EMPTY.withReliable());
            assertTrue(Poll.until(() -> r.readerStatuses().incompatibleQos().totalCount() >= 1));
            assertEquals("RELIABILITY", r.readerStatuses().incompatibleQos().lastPolicyName());
            assertEquals(0, r.subscriptionMatched().currentCount());
        }
    }
}
