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
import org.ddstuner.pother.protocol.Role;
import org.ddstuner.pother.protocol.Target;
import org.ddstuner.pother.protocol.TestDefinition;
import org.ddstuner.pother.protocol.ThroughputPeriodReport;
import org.junit.jupiter.api.Test;

/**
 * A definition sent again with another size and rate while its test runs replaces the test (the agent's
 * "redefined" path): two real agents on loopback-only domain 195, a transmitter changed from 64 B at 500/s to
 * 1 KiB at 2000/s under a running receiver.
 */
class RedefineWhileRunningTest {

    private static final Duration WAIT = Duration.ofSeconds(30);

    @Test
    void aNewSizeAndRateSentWhileRunningTakeEffect() throws Exception {
        ReportLog log = new ReportLog();
        try (Domain domain = Domain.create(195, CycloneConfig.loopbackOnly());
                Agent tx = Agent.start(domain, 1, "", System.out::println);
                Agent rx = Agent.start(domain, 2, "", System.out::println);
                PotherController c = PotherController.open(domain)) {
            c.addListener(log);
            assertTrue(c.awaitAgents(WAIT, 1, 2));
            TestDefinition receiver = TestDefinition.receiver(Target.app(2), "rd_rx", "rd").withReportPeriodMillis(200);
            TestDefinition small = TestDefinition.transmitter(Target.app(1), "rd", 64).withRate(500, 1)
                    .withWriteBatching(false).withReportPeriodMillis(200);
            c.send(receiver);
            c.send(small);
            assertNotNull(log.await(ThroughputPeriodReport.class, r -> r.name().equals("rd_rx") && r.samples() > 0
                    && r.bytes() == 64L * r.samples(), WAIT), "64-byte samples arrive:\n" + log.dump());
            assertTrue(tx.tests().contains("transmitter:rd:running"), tx.tests().toString());
            List<ThroughputPeriodReport> before = log.all(ThroughputPeriodReport.class, r -> r.name().equals("rd")
                    && r.role() == Role.TRANSMITTER);
            assertTrue(before.stream().allMatch(r -> r.requestedSamplesPerSecond() == 500 && r.bytes() == 64 * r.samples()),
                    "the first definition's rate and size: " + before);

            TestDefinition big = small.withSize(1024).withRate(2000, 1);
            c.send(big); // same role and name, RUNNING: the running test is rebuilt with the new values
            ThroughputPeriodReport oldLast = log.await(ThroughputPeriodReport.class, r -> r.name().equals("rd")
                    && r.role() == Role.TRANSMITTER && r.last(), WAIT);
            assertNotNull(oldLast, "the old transmitter ended with its last report:\n" + log.dump());
            assertEquals(500, oldLast.requestedSamplesPerSecond());
            int lastIndex = log.all(ThroughputPeriodReport.class, r -> true).indexOf(oldLast);
            ThroughputPeriodReport fresh = log.await(ThroughputPeriodReport.class, r -> r.name().equals("rd")
                    && r.role() == Role.TRANSMITTER && r.samples() > 0
                    && log.all(ThroughputPeriodReport.class, x -> true).indexOf(r) > lastIndex, WAIT);
            assertNotNull(fresh, "the redefined transmitter sends:\n" + log.dump());
            assertEquals(2000, fresh.requestedSamplesPerSecond(), "the new rate");
            assertEquals(1024L * fresh.samples(), fresh.bytes(), "the new size");
            assertEquals(fresh.samples(), fresh.totalSamples() - log.all(ThroughputPeriodReport.class, r -> r.name()
                    .equals("rd") && r.role() == Role.TRANSMITTER && r.period() < fresh.period()
                    && log.all(ThroughputPeriodReport.class, x -> true).indexOf(r) > lastIndex).stream()
                    .mapToLong(ThroughputPeriodReport::samples).sum(), "a new test: its totals start again");
            assertNotNull(log.await(ThroughputPeriodReport.class, r -> r.name().equals("rd_rx") && r.samples() > 0
                    && r.bytes() == 1024L * r.samples(), WAIT), "1 KiB samples reach the same receiver:\n" + log.dump());
            assertEquals(List.of("transmitter:rd:running"), tx.tests(), "one transmitter, running, with the new values");
            assertEquals(List.of("receiver:rd_rx:running"), rx.tests());
            assertTrue(log.all(ErrorReport.class, e -> e.name().startsWith("rd")).isEmpty(),
                    log.all(ErrorReport.class, e -> true).toString());
            c.remove(big);
            c.remove(receiver);
        }
    }
}
