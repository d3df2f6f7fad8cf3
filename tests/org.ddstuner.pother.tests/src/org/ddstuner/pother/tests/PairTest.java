package org.ddstuner.pother.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;

import org.ddstuner.dds.CycloneConfig;
import org.ddstuner.dds.Domain;
import org.ddstuner.dds.Participant;
import org.ddstuner.dds.Qos;
import org.ddstuner.pother.BestFraction;
import org.ddstuner.pother.LatencyColumn;
import org.ddstuner.pother.LatencyReport;
import org.ddstuner.pother.Receiver;
import org.ddstuner.pother.ReceiverDefinition;
import org.ddstuner.pother.StatSummary;
import org.ddstuner.pother.Transceiver;
import org.ddstuner.pother.TransceiverDefinition;
import org.ddstuner.pother.Transmitter;
import org.ddstuner.pother.TransmitterDefinition;
import org.ddstuner.pother.Transponder;
import org.ddstuner.pother.TransponderDefinition;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Real pairs on real libddsc participants (two per test, as two processes would have), loopback only. */
class PairTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(20);
    private static Domain domain;

    @BeforeAll
    static void open() {
        domain = Domain.create(73, CycloneConfig.loopbackOnly());
    }

    @AfterAll
    static void close() {
        domain.close();
    }

    @Test
    void transceiverAndTransponderExchangeEverySample() {
        int n = 500;
        try (Participant a = domain.createParticipant(Qos.EMPTY); Participant b = domain.createParticipant(Qos.EMPTY);
                Transponder echo = new Transponder(b, TransponderDefinition.of("pair"));
                Transceiver t = new Transceiver(a, TransceiverDefinition.pingPong("pair", 64))) {
            assertTrue(t.awaitTransponder(TIMEOUT), "transceiver matched the transponder");
            t.start(n);
            assertTrue(t.awaitEchoes(n, TIMEOUT), "all echoes back, got " + t.echoes());
            LatencyReport r = t.report();
            assertEquals(n, t.sent());
            assertEquals(n, r.sent());
            assertEquals(n, r.received());
            assertEquals(1, t.warmupPings(), "ping-pong: the first ping, sent before any echo, is warm-up");
            assertEquals(n + 1, echo.echoed(), "the warm-up ping is echoed too, just not measured");
            StatSummary trip = r.column(LatencyColumn.TRIP).rows().get(BestFraction.ALL);
            assertEquals(n, trip.count());
            assertTrue(trip.min() > 0, "round trip > 0: " + trip.min());
            assertTrue(trip.min() <= trip.avg() && trip.avg() <= trip.max());
            StatSummary arrival = r.column(LatencyColumn.SEND_ARRIVAL).rows().get(BestFraction.ALL);
            assertTrue(arrival.min() > 0 && arrival.max() <= trip.max(), "the transponder saw the sample before it came back");
            assertEquals(n - 1, r.column(LatencyColumn.INTER_ARRIVAL).rows().get(BestFraction.ALL).count());
            assertTrue(r.format().contains("trip latency"));
        }
    }

    @Test
    void transceiverAtARateSendsOnSchedule() {
        try (Participant a = domain.createParticipant(Qos.EMPTY); Participant b = domain.createParticipant(Qos.EMPTY);
                Transponder echo = new Transponder(b, TransponderDefinition.of("rated"));
                Transceiver t = new Transceiver(a, TransceiverDefinition.pingPong("rated", 256).withRate(200))) {
            assertTrue(t.awaitTransponder(TIMEOUT));
            long start = System.nanoTime();
            t.start(40);
            assertTrue(t.awaitEchoes(40, TIMEOUT));
            double seconds = (System.nanoTime() - start) / 1e9;
            assertTrue(seconds > 0.15, "40 samples at 200/s take about 0.2 s, not " + seconds);
        }
    }

    @Test
    void receiverCountsAnInjectedGapAsLost() {
        try (Participant a = domain.createParticipant(Qos.EMPTY); Participant b = domain.createParticipant(Qos.EMPTY);
                Receiver rx = new Receiver(b, ReceiverDefinition.of("gap"));
                Transmitter tx = new Transmitter(a, TransmitterDefinition.flatOut("gap", 1024).withWriteBatching(false))) {
            assertTrue(tx.awaitReceiver(TIMEOUT));
            for (int seq : new int[] { 0, 1, 2, 4, 5 }) { // 3 is skipped
                tx.send(seq);
            }
            tx.flush();
            assertTrue(rx.awaitSamples(5, TIMEOUT), "received " + rx.received());
            assertEquals(1, rx.lost());
            assertEquals(0, rx.outOfOrder());
            assertEquals(5 * 1024, rx.bytesReceived());
            assertEquals(5, rx.report().samples());
        }
    }

    @Test
    void receiverDetectsReordering() {
        try (Participant a = domain.createParticipant(Qos.EMPTY); Participant b = domain.createParticipant(Qos.EMPTY);
                Receiver rx = new Receiver(b, ReceiverDefinition.of("order").triggeredBy(ReceiverDefinition.Trigger.LISTENER));
                Transmitter tx = new Transmitter(a, TransmitterDefinition.flatOut("order", 100).withWriteBatching(false))) {
            assertTrue(tx.awaitReceiver(TIMEOUT));
            for (int seq : new int[] { 0, 1, 3, 2, 4 }) {
                tx.send(seq);
            }
            assertTrue(rx.awaitSamples(5, TIMEOUT), "received " + rx.received());
            assertEquals(1, rx.outOfOrder());
            assertEquals(0, rx.lost(), "the late sample filled its gap");
        }
    }

    @Test
    void flatOutTransmitterStopsAtItsCountInsideABurst() {
        // 1000 = 15 bursts of 64 and one of 40; batching on (as flatOut does), listener receiver as ddsperf sub
        try (Domain d = Domain.create(91, CycloneConfig.loopbackOnly());
                Participant a = d.createParticipant(Qos.EMPTY); Participant b = d.createParticipant(Qos.EMPTY);
                Receiver rx = new Receiver(b, ReceiverDefinition.of("count").triggeredBy(ReceiverDefinition.Trigger.LISTENER));
                Transmitter tx = new Transmitter(a, TransmitterDefinition.flatOut("count", 1024))) {
            assertTrue(tx.awaitReceiver(TIMEOUT));
            tx.start(1000);
            assertTrue(rx.awaitSamples(1000, TIMEOUT), "received " + rx.received());
            assertEquals(1000, tx.sent());
            assertEquals(1000, rx.received());
            assertEquals(0, rx.lost());
            assertEquals(0, rx.outOfOrder());
            assertEquals(1000 * 1024, rx.bytesReceived());
            assertTrue(tx.failure() == null, "no failure: " + tx.failure());
        } finally {
            org.ddstuner.dds.Writer.setWriteBatching(false); // process-wide: the other tests write without it
        }
    }

    @Test
    void transmitterLoopDeliversEverythingReliably() throws Exception {
        try (Participant a = domain.createParticipant(Qos.EMPTY); Participant b = domain.createParticipant(Qos.EMPTY);
                Receiver rx = new Receiver(b, ReceiverDefinition.of("loop").expecting(2000));
                Transmitter tx = new Transmitter(a, TransmitterDefinition.flatOut("loop", 512).withRate(200, 10)
                        .withWriteBatching(false))) {
            assertTrue(tx.awaitReceiver(TIMEOUT));
            long started = System.nanoTime();
            tx.start();
            Thread.sleep(300);
            tx.stop();
            double seconds = (System.nanoTime() - started) / 1e9; // a starved test thread sleeps longer than 300 ms
            long sent = tx.sent();
            assertTrue(sent > 0);
            assertTrue(rx.awaitSamples(sent, TIMEOUT), "received " + rx.received() + " of " + sent);
            assertEquals(0, rx.lost());
            assertEquals(sent, rx.received());
            assertTrue(sent <= 2000 * seconds + 200, "rate held near 200 bursts of 10 per second: " + sent + " in "
                    + seconds + " s");
        }
    }
}
