package org.ddstuner.dds.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;

import org.ddstuner.dds.BadParameterException;
import org.ddstuner.dds.DdsException;
import org.ddstuner.dds.ImmutablePolicyException;
import org.ddstuner.dds.InconsistentPolicyException;
import org.ddstuner.dds.Participant;
import org.ddstuner.dds.Qos;
import org.ddstuner.dds.Topic;
import org.ddstuner.dds.Writer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Negative return codes arrive as typed exceptions carrying Cyclone's own text. */
class ErrorTest {

    private static final int DOMAIN = 66;

    @RegisterExtension
    static final LoopbackDomain domain = new LoopbackDomain(DOMAIN);

    @Test
    void inconsistentQosIsReportedWithCyclonesText() {
        try (Participant p = domain.createParticipant()) {
            Topic t = p.createTopic("Errors", RoundTripTest.ALL_KINDS, null);
            // history depth larger than max samples per instance
            Qos bad = Qos.EMPTY.withKeepLast(10).with(new Qos.ResourceLimits(5, 1, 5));
            InconsistentPolicyException e = assertThrows(InconsistentPolicyException.class, () -> p.createWriter(t, bad));
            assertEquals(-8, e.retcode());
            assertEquals("Inconsistent Policy", e.text());
            assertTrue(e.operation().contains("dds_create_writer") && e.getMessage().contains("Inconsistent Policy"),
                    e.getMessage());
        }
    }

    @Test
    void badParameterAndImmutablePolicy() {
        try (Participant p = domain.createParticipant()) {
            Topic t = p.createTopic("Errors2", RoundTripTest.ALL_KINDS, null);
            DdsException e = assertThrows(DdsException.class,
                    () -> p.createWriter(t, Qos.EMPTY.with(new Qos.History(Qos.HistoryKind.KEEP_LAST, 0))));
            assertTrue(e instanceof BadParameterException || e instanceof InconsistentPolicyException, e.toString());
            Writer w = p.createWriter(t, Qos.EMPTY.withReliable());
            ImmutablePolicyException im = assertThrows(ImmutablePolicyException.class,
                    () -> w.setQos(Qos.EMPTY.withBestEffort()));
            assertEquals("Immutable Policy", im.text());
        }
    }

    @Test
    void useAfterCloseIsAClearError() {
        Participant p = domain.createParticipant();
        p.close();
        DdsException e = assertThrows(DdsException.class, p::guid);
        assertTrue(e.getMessage().contains("after close"), e.getMessage());
    }

    @Test
    void invalidDurationsAndNamesAreCaught() {
        try (Participant p = domain.createParticipant()) {
            assertThrows(IllegalArgumentException.class, () -> p.createTopic("", RoundTripTest.ALL_KINDS, null));
            assertThrows(DdsException.class, () -> p.createTopic("Neg", RoundTripTest.ALL_KINDS,
                    Qos.EMPTY.with(new Qos.Deadline(Duration.ofSeconds(-1)))));
        }
    }
}
