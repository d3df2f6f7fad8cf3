package org.ddstuner.dds.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

import org.ddstuner.dds.ConfigRejectedException;
import org.ddstuner.dds.CycloneConfig;
import org.ddstuner.dds.DdsLog;
import org.ddstuner.dds.Domain;
import org.ddstuner.dds.LogMessage;
import org.junit.jupiter.api.Test;

/**
 * Cyclone's real log reaches Java listeners: a configuration with an unknown element makes libddsc
 * log an error (and refuse the domain), which must arrive with its text, category and domain id.
 * Domains 69 and 70.
 */
class DdsLogTest {

    /** Well-formed XML (so the binding passes it on) that Cyclone rejects in its log. */
    private static String withUnknownElement(String name) {
        return CycloneConfig.loopbackOnly().replace("<General>", "<General><" + name + ">1</" + name + ">");
    }

    private static List<LogMessage> about(List<LogMessage> all, int domain, String text) {
        return all.stream().filter(m -> m.domainId() == domain && m.message().contains(text)).toList();
    }

    @Test
    void configErrorArrivesWithTextCategoryAndDomain() {
        List<LogMessage> got = new CopyOnWriteArrayList<>();
        try (DdsLog.Subscription s = DdsLog.addListener(got::add)) {
            assertThrows(ConfigRejectedException.class, () -> Domain.create(69, withUnknownElement("TunerLogProbe")));
            assertTrue(Poll.until(() -> !about(got, 69, "TunerLogProbe").isEmpty()), "log messages: " + got);
        }
        LogMessage m = about(got, 69, "TunerLogProbe").get(0);
        assertEquals("config: //CycloneDDS/Domain/General: TunerLogProbe: unknown element (CYCLONEDDS_URI+0 line 3)",
                m.message(), "the text without Cyclone's header and newline");
        assertEquals(LogMessage.ERROR, m.priority());
        assertEquals("error", m.categoryName());
        assertTrue(m.isError());
        assertEquals(69, m.domainId(), "domain id from Cyclone's header (0.10 leaves dds_log_data_t.domid unset)");
        assertTrue(m.file() != null && m.file().endsWith(".c"), "C source file: " + m.file());
        assertTrue(m.line() > 0, "line " + m.line());
        assertTrue(m.function() != null && !m.function().isBlank(), "function: " + m.function());
        assertTrue(DdsLog.forwardsToStderr(), "Cyclone's lines still reach stderr by default");
        assertEquals(0, DdsLog.failures(), "every message decoded");
    }

    @Test
    void lateListenerGetsRecentMessagesItAsksForThenNewOnes() {
        assertThrows(ConfigRejectedException.class, () -> Domain.create(70, withUnknownElement("TunerEarly")));
        assertTrue(Poll.until(() -> !about(DdsLog.recent(), 70, "TunerEarly").isEmpty()),
                "kept in recent(): " + DdsLog.recent());

        List<LogMessage> replayed = new CopyOnWriteArrayList<>();
        List<LogMessage> live = new CopyOnWriteArrayList<>();
        try (DdsLog.Subscription a = DdsLog.addListener(replayed::add, m -> m.domainId() == 70);
                DdsLog.Subscription b = DdsLog.addListener(live::add)) {
            assertThrows(ConfigRejectedException.class, () -> Domain.create(70, withUnknownElement("TunerLate")));
            assertTrue(Poll.until(() -> !about(replayed, 70, "TunerLate").isEmpty() && !about(live, 70, "TunerLate")
                    .isEmpty()));
        }
        assertEquals(1, about(replayed, 70, "TunerEarly").size(), "replayed once: " + replayed);
        assertTrue(replayed.indexOf(about(replayed, 70, "TunerEarly").get(0))
                < replayed.indexOf(about(replayed, 70, "TunerLate").get(0)), "in Cyclone's order");
        assertEquals(1, about(replayed, 70, "TunerLate").size(), "no duplicates");
        assertTrue(about(live, 70, "TunerEarly").isEmpty(), "no replay unless asked");
    }

    @Test
    void throwingListenerDoesNotStopOthersAndClosedOnesHearNothing() {
        AtomicInteger thrower = new AtomicInteger();
        List<LogMessage> other = new CopyOnWriteArrayList<>();
        List<LogMessage> closed = new CopyOnWriteArrayList<>();
        DdsLog.Subscription gone = DdsLog.addListener(closed::add);
        gone.close();
        try (DdsLog.Subscription bad = DdsLog.addListener(m -> {
            thrower.incrementAndGet();
            throw new IllegalStateException("listener bug");
        }); DdsLog.Subscription good = DdsLog.addListener(other::add)) {
            for (String name : List.of("TunerOne", "TunerTwo")) {
                assertThrows(ConfigRejectedException.class, () -> Domain.create(69, withUnknownElement(name)));
            }
            assertTrue(Poll.until(() -> !about(other, 69, "TunerTwo").isEmpty()), "other listener: " + other);
        }
        assertTrue(thrower.get() >= 2, "the throwing listener keeps being called: " + thrower.get());
        assertFalse(about(other, 69, "TunerOne").isEmpty());
        assertTrue(closed.isEmpty(), "closed before any message: " + closed);
    }
}
