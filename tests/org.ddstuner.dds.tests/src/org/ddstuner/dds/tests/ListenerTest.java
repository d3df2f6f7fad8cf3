package org.ddstuner.dds.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import org.ddstuner.dds.Participant;
import org.ddstuner.dds.Qos;
import org.ddstuner.dds.Reader;
import org.ddstuner.dds.Topic;
import org.ddstuner.dds.Writer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

class ListenerTest {

    private static final int DOMAIN = 65;

    @RegisterExtension
    static final LoopbackDomain domain = new LoopbackDomain(DOMAIN);

    @Test
    void listenerIsCalledAndNeverAfterClose() {
        try (Participant pub = domain.createParticipant(); Participant sub = domain.createParticipant()) {
            Topic tp = pub.createTopic("Listen", RoundTripTest.ALL_KINDS, null);
            Writer w = pub.createWriter(tp, Qos.EMPTY.withReliable());
            Reader r = sub.createReader(sub.createTopic("Listen", RoundTripTest.ALL_KINDS, null), Qos.EMPTY.withReliable());
            AtomicInteger calls = new AtomicInteger();
            AtomicInteger taken = new AtomicInteger();
            r.setListener(() -> {
                calls.incrementAndGet();
                taken.addAndGet(r.take(16).size()); // taking inside the listener is fine
            });
            assertTrue(Poll.until(() -> w.publicationMatched().currentCount() == 1));
            for (int i = 0; i < 5; i++) {
                w.write(RoundTripTest.sample(i, "k"));
            }
            assertTrue(Poll.until(() -> taken.get() == 5), "listener took all 5, took " + taken.get());
            assertTrue(calls.get() >= 1);

            r.close();
            int before = calls.get();
            // a second reader on the same participant keeps the writer matched, so data still flows
            Reader other = sub.createReader(sub.createTopic("Listen", RoundTripTest.ALL_KINDS, null), Qos.EMPTY.withReliable());
            assertTrue(Poll.until(() -> other.subscriptionMatched().currentCount() == 1));
            for (int i = 0; i < 5; i++) {
                w.write(RoundTripTest.sample(100 + i, "k"));
            }
            assertTrue(other.waitForData(Poll.TIMEOUT));
            Poll.sleep(50);
            assertEquals(before, calls.get(), "the closed reader's listener is not called");
        }
    }

    @Test
    void removingTheListenerStopsCalls() {
        try (Participant p = domain.createParticipant()) {
            Topic t = p.createTopic("Unlisten", RoundTripTest.ALL_KINDS, null);
            Writer w = p.createWriter(t, Qos.EMPTY.withReliable());
            Reader r = p.createReader(t, Qos.EMPTY.withReliable());
            AtomicInteger calls = new AtomicInteger();
            r.setListener(calls::incrementAndGet);
            assertTrue(Poll.until(() -> w.publicationMatched().currentCount() == 1));
            w.write(RoundTripTest.sample(1, "a"));
            assertTrue(Poll.until(() -> calls.get() > 0));
            r.setListener(null);
            int before = calls.get();
            w.write(RoundTripTest.sample(2, "a"));
            assertTrue(r.waitForData(Poll.TIMEOUT));
            assertEquals(before, calls.get());
        }
    }

    @Test
    void closingFromInsideTheListenerIsRefusedNotDeadlocked() {
        try (Participant p = domain.createParticipant()) {
            Topic t = p.createTopic("SelfClose", RoundTripTest.ALL_KINDS, null);
            Writer w = p.createWriter(t, Qos.EMPTY.withReliable());
            Reader r = p.createReader(t, Qos.EMPTY.withReliable());
            AtomicReference<Throwable> thrown = new AtomicReference<>();
            r.setListener(() -> {
                try {
                    r.close();
                } catch (Throwable e) {
                    thrown.compareAndSet(null, e);
                }
            });
            assertTrue(Poll.until(() -> w.publicationMatched().currentCount() == 1));
            w.write(RoundTripTest.sample(1, "a"));
            assertTrue(Poll.until(() -> thrown.get() != null));
            assertTrue(thrown.get() instanceof IllegalStateException, String.valueOf(thrown.get()));
            r.close(); // from here it works
        }
    }

    @Test
    void anExceptionInTheListenerDoesNotKillTheProcess() {
        try (Participant p = domain.createParticipant()) {
            Topic t = p.createTopic("Throwing", RoundTripTest.ALL_KINDS, null);
            Writer w = p.createWriter(t, Qos.EMPTY.withReliable());
            Reader r = p.createReader(t, Qos.EMPTY.withReliable());
            AtomicInteger calls = new AtomicInteger();
            r.setListener(() -> {
                calls.incrementAndGet();
                throw new IllegalStateException("expected by the test: thrown inside a listener");
            });
            assertTrue(Poll.until(() -> w.publicationMatched().currentCount() == 1));
            w.write(RoundTripTest.sample(1, "a"));
            w.write(RoundTripTest.sample(2, "a"));
            assertTrue(Poll.until(() -> calls.get() >= 1));
        }
    }
}
