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
import org.ddstuner.pother.protocol.Target;
import org.ddstuner.pother.protocol.TestDefinition;
import org.ddstuner.pother.protocol.ThroughputPeriodReport;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A receiver whose transmitter does not exist ends with an error report after its partner timeout, as transceivers
 * and relays do (it used to report 0 samples for ever); one whose transmitter is there keeps running past that
 * timeout. Two real agents and a controller on loopback-only domain 142; the timeout travels in the receiver's
 * definition (protocol 3), so the message's "0.5 s" also shows the member arrived.
 */
class ReceiverPartnerTimeoutTest {

    private static final int DOMAIN = 142;
    private static final Duration WAIT = Duration.ofSeconds(20);
    private static Domain domain;
    private static Agent one;
    private static Agent two;
    private static PotherController controller;
    private static final ReportLog log = new ReportLog();

    @BeforeAll
    static void start() {
        domain = Domain.create(DOMAIN, CycloneConfig.loopbackOnly());
        one = Agent.start(domain, 1, "", System.out::println);
        two = Agent.start(domain, 2, "", System.out::println);
        controller = PotherController.open(domain);
        controller.addListener(log);
        assertTrue(controller.awaitAgents(WAIT, 1, 2), "both agents announced: " + controller.agents());
    }

    @AfterAll
    static void stop() {
        controller.close();
        two.close();
        one.close();
        domain.close();
    }

    @Test
    void aReceiverWithoutItsTransmitterFailsAfterItsPartnerTimeout() throws Exception {
        controller.send(TestDefinition.receiver(Target.app(2), "orphan_rx", "nobody").withPartnerTimeoutMillis(500)
                .withReportPeriodMillis(200));
        ErrorReport e = log.await(ErrorReport.class, r -> r.name().equals("orphan_rx"), WAIT);
        assertNotNull(e, "an error report for the orphan receiver:\n" + log.dump());
        assertEquals(2, e.appId());
        assertTrue(e.message().contains("no transmitter or relay named 'nobody' appeared within 0.5 s"), e.message());
        assertTrue(e.message().contains("Pother_nobody_Data"), e.message());
        assertTrue(waitUntil(() -> !two.tests().toString().contains("orphan_rx")), "the failed test is gone: " + two.tests());
        assertEquals(1, log.all(ErrorReport.class, r -> r.name().equals("orphan_rx")).size(), "one error, not one a period");
    }

    @Test
    void aReceiverWhoseTransmitterIsThereOutlivesTheTimeout() throws Exception {
        TestDefinition rx = TestDefinition.receiver(Target.app(2), "paired_rx", "paired").withPartnerTimeoutMillis(500)
                .withReportPeriodMillis(200);
        TestDefinition tx = TestDefinition.transmitter(Target.app(1), "paired", 128).withRate(200, 1)
                .withReportPeriodMillis(200);
        controller.send(rx);
        controller.send(tx);
        ThroughputPeriodReport later = log.await(ThroughputPeriodReport.class,
                r -> r.name().equals("paired_rx") && r.period() >= 10 && r.totalSamples() > 0, WAIT);
        assertNotNull(later, "the receiver reported 2 s of samples, 4 partner timeouts:\n" + log.dump());
        List<ErrorReport> errors = log.all(ErrorReport.class, r -> r.name().equals("paired_rx"));
        assertTrue(errors.isEmpty(), "no partner error for a receiver that has its transmitter: " + errors);
        controller.remove(tx);
        controller.remove(rx);
    }

    private static boolean waitUntil(java.util.function.BooleanSupplier condition) throws InterruptedException {
        long end = System.nanoTime() + WAIT.toNanos();
        while (System.nanoTime() < end) {
            if (condition.getAsBoolean()) {
                return true;
            }
            Thread.sleep(50);
        }
        return false;
    }
}
