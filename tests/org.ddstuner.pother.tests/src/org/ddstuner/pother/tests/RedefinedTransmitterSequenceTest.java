package org.ddstuner.pother.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;

import org.ddstuner.dds.CycloneConfig;
import org.ddstuner.dds.Domain;
import org.ddstuner.pother.agent.Agent;
import org.ddstuner.pother.control.PotherController;
import org.ddstuner.pother.protocol.ErrorReport;
import org.ddstuner.pother.protocol.QosChange;
import org.ddstuner.pother.protocol.Role;
import org.ddstuner.pother.protocol.SenderPeriodReport;
import org.ddstuner.pother.protocol.Target;
import org.ddstuner.pother.protocol.TestDefinition;
import org.ddstuner.pother.protocol.ThroughputPeriodReport;
import org.junit.jupiter.api.Test;

/**
 * A transmitter redefined while it runs is rebuilt with a new writer whose sequence numbers start again at 0.
 * The receiver must see that as a new stream, not as hundreds of samples out of order (or, after a gap, as
 * lost): two real agents on loopback-only domain 13, the transmitter's in a process of its own (so the new
 * writer is discovered over the wire, as between the product's agents), a reliable pair redefined from 64 B at 500/s to 256 B at
 * 1000/s with a sample count, then changed once more over the QoS topic. Nothing is lost on a reliable
 * loopback pair, so the receiver's reports must show 0 lost and 0 out of order, and its theoretical rate (by
 * sequence numbers) must account for exactly what the transmitters sent: rate × period = received + newly lost.
 */
class RedefinedTransmitterSequenceTest {

    private static final Duration WAIT = Duration.ofSeconds(30);

    @Test
    void aRedefinedTransmitterIsANewStreamNotOutOfOrderOrLost() throws Exception {
        ReportLog log = new ReportLog();
        try (Domain domain = Domain.create(13, CycloneConfig.loopbackOnly());
                AgentChild tx = AgentChild.start(13, 1);
                Agent rx = Agent.start(domain, 2, "", System.out::println);
                PotherController c = PotherController.open(domain)) {
            c.addListener(log);
            assertTrue(c.awaitAgents(WAIT, 1, 2));
            TestDefinition receiver = TestDefinition.receiver(Target.app(2), "rs_rx", "rs").withReportPeriodMillis(200);
            TestDefinition small = TestDefinition.transmitter(Target.app(1), "rs", 64).withRate(500, 1)
                    .withReportPeriodMillis(200);
            c.send(receiver);
            c.send(small);
            // a few hundred samples first, so a restart at 0 is far below what the receiver expects next
            assertNotNull(log.await(ThroughputPeriodReport.class, r -> r.name().equals("rs_rx") && r.totalSamples() >= 300,
                    WAIT), "64-byte samples arrive:\n" + log.dump());

            int n = 1500;
            TestDefinition big = small.withSize(256).withRate(1000, 1).withSampleCount(n);
            c.send(big);
            ThroughputPeriodReport oldLast = log.await(ThroughputPeriodReport.class, r -> r.name().equals("rs")
                    && r.role() == Role.TRANSMITTER && r.last(), WAIT);
            assertNotNull(oldLast, "the first transmitter ended with its last report:\n" + log.dump());
            long firstSent = oldLast.totalSamples();
            int oldLastIndex = log.all(ThroughputPeriodReport.class, r -> true).indexOf(oldLast);
            ThroughputPeriodReport newLast = log.await(ThroughputPeriodReport.class, r -> r.name().equals("rs")
                    && r.role() == Role.TRANSMITTER && r.last()
                    && log.all(ThroughputPeriodReport.class, x -> true).indexOf(r) > oldLastIndex, WAIT);
            assertNotNull(newLast, "the redefined transmitter sent its " + n + " samples:\n" + log.dump());
            assertEquals(n, newLast.totalSamples(), "the new test counts from 0");

            long expected = firstSent + n;
            assertNotNull(log.await(ThroughputPeriodReport.class, r -> r.name().equals("rs_rx")
                    && r.totalSamples() >= expected, WAIT), "the receiver got all " + expected + ":\n" + log.dump());

            // a third stream without a count, then a fourth: a QoS change rebuilds the running transmitter
            TestDefinition third = big.withSampleCount(0);
            c.send(third);
            assertNotNull(log.await(ThroughputPeriodReport.class, r -> r.name().equals("rs") && r.role() == Role.TRANSMITTER
                    && !r.last() && r.totalSamples() >= 300 && r.timestampNanos() > newLast.timestampNanos(), WAIT),
                    "the third stream sends:\n" + log.dump());
            c.send(new QosChange(Target.app(1), "rs", "transport_priority", "3"));
            assertNotNull(log.await(ThroughputPeriodReport.class, r -> r.name().equals("rs") && r.role() == Role.TRANSMITTER
                    && r.last() && r.timestampNanos() > newLast.timestampNanos(), WAIT), "the third stream ended:\n"
                    + log.dump());
            long thirdEnd = log.all(ThroughputPeriodReport.class, r -> r.name().equals("rs") && r.last()).getLast()
                    .timestampNanos();
            assertNotNull(log.await(ThroughputPeriodReport.class, r -> r.name().equals("rs") && r.role() == Role.TRANSMITTER
                    && r.totalSamples() >= 300 && r.timestampNanos() > thirdEnd, WAIT), "the fourth stream sends:\n"
                    + log.dump());
            c.remove(third);
            assertNotNull(log.await(ThroughputPeriodReport.class, r -> r.name().equals("rs") && r.role() == Role.TRANSMITTER
                    && r.last() && r.timestampNanos() > thirdEnd, WAIT), "the fourth stream ended:\n" + log.dump());
            List<ThroughputPeriodReport> ends = log.all(ThroughputPeriodReport.class, r -> r.name().equals("rs")
                    && r.role() == Role.TRANSMITTER && r.last());
            assertEquals(4, ends.size(), "four transmitters, one after the other: " + ends);
            long total = ends.stream().mapToLong(ThroughputPeriodReport::totalSamples).sum();
            assertNotNull(log.await(ThroughputPeriodReport.class, r -> r.name().equals("rs_rx")
                    && r.totalSamples() >= total, WAIT), "the receiver got all " + total + ":\n" + log.dump());
            Thread.sleep(400); // a report or two more: anything extra or late would show now
            c.remove(receiver);
            assertNotNull(log.await(ThroughputPeriodReport.class, r -> r.name().equals("rs_rx") && r.last(), WAIT));

            List<ThroughputPeriodReport> periods = log.all(ThroughputPeriodReport.class, r -> r.name().equals("rs_rx"));
            ThroughputPeriodReport last = periods.get(periods.size() - 1);
            assertEquals(total, last.totalSamples(), "every sample of the four streams arrived once:\n" + log.dump());
            for (ThroughputPeriodReport r : periods) {
                assertEquals(0, r.lostTotal(), "nothing is lost on a reliable loopback pair: " + r.format());
                assertEquals(0, r.outOfOrderTotal(), "a new writer's 0, 1, 2 … is not out of order: " + r.format());
            }
            double accounted = 0;
            for (ThroughputPeriodReport r : periods) {
                double bySequence = r.sequenceSamplesPerSecond() * r.periodNanos() / 1e9;
                assertEquals(r.samples(), bySequence, 1e-6 * Math.max(1, r.samples()), "nothing newly lost: " + r.format());
                accounted += bySequence;
            }
            assertEquals(total, accounted, 1e-3, "the theoretical rate accounts for exactly what was sent");
            List<SenderPeriodReport> bySender = log.all(SenderPeriodReport.class, r -> r.name().equals("rs_rx"));
            SenderPeriodReport lastOfSender = bySender.get(bySender.size() - 1);
            assertEquals(1, lastOfSender.sender(), "one sender, agent 1, through all its writers");
            assertEquals(total, lastOfSender.totalSamples());
            assertEquals(0, lastOfSender.lostTotal());
            assertEquals(0, lastOfSender.outOfOrderTotal());
            assertTrue(log.all(ErrorReport.class, e -> e.name().startsWith("rs")).isEmpty(),
                    log.all(ErrorReport.class, e -> true).toString());
        }
    }
}
