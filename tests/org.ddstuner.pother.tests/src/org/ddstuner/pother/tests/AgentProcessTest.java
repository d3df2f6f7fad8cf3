package org.ddstuner.pother.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.ddstuner.dds.CycloneConfig;
import org.ddstuner.dds.Domain;
import org.ddstuner.pother.agent.Agent;
import org.ddstuner.pother.control.AgentStatus;
import org.ddstuner.pother.control.PotherController;
import org.ddstuner.pother.protocol.AgentAnnouncement;
import org.ddstuner.pother.protocol.LatencyPeriodReport;
import org.ddstuner.pother.protocol.Target;
import org.ddstuner.pother.protocol.TestDefinition;
import org.junit.jupiter.api.Test;

/**
 * An agent in a separate JVM, started the way the product's start script starts the CLI ({@code java -cp
 * <the headless jars> org.ddstuner.cli.Main pother --app-id 5}), driven from this JVM over loopback-only
 * domain 224 against an in-process transponder agent.
 */
class AgentProcessTest {

    private static final int DOMAIN = 224;
    private static final Duration WAIT = Duration.ofSeconds(30);

    @Test
    void anAgentProcessStartedByTheCliRunsATransceiverDefinedOverDds() throws Exception {
        AgentChild child = AgentChild.start(DOMAIN, 5, "--group-id", "proc");
        Process p = child.process();
        ReportLog log = new ReportLog();
        try (Domain domain = Domain.create(DOMAIN, CycloneConfig.loopbackOnly());
                Agent echo = Agent.start(domain, 6, "proc", System.out::println);
                PotherController c = PotherController.open(domain)) {
            c.addListener(log);
            assertTrue(c.awaitAgents(WAIT, 5, 6), "both agents announced: " + c.agents() + "\n" + child.output());
            AgentAnnouncement five = c.agents().get(5);
            assertEquals(p.pid(), five.pid(), "agent 5 is the child process");
            assertEquals("proc", five.groupId());
            assertTrue(five.usage().rssBytes() > 10 << 20, five.toString());

            int n = 300;
            c.send(TestDefinition.transponder(Target.app(6), "proc_rtt"));
            c.send(TestDefinition.transceiver(Target.app(5), "proc_tx", "proc_rtt", 100).withSampleCount(n)
                    .withReportPeriodMillis(250));
            LatencyPeriodReport last = log.await(LatencyPeriodReport.class, r -> r.name().equals("proc_tx") && r.last(), WAIT);
            assertNotNull(last, "the child's transceiver finished:\n" + log.dump() + child.output());
            List<LatencyPeriodReport> all = log.all(LatencyPeriodReport.class, r -> r.name().equals("proc_tx"));
            assertEquals(n, all.stream().mapToLong(r -> r.report().sent()).sum());
            assertEquals(n, all.stream().mapToLong(r -> r.report().received()).sum());
            assertTrue(all.stream().allMatch(r -> r.appId() == 5 && r.usage().rssBytes() > 10 << 20));

            p.destroy(); // SIGTERM: the agent stops its tests and says so before the JVM ends
            assertNotNull(log.await(AgentAnnouncement.class, a -> a.appId() == 5 && !a.running(), WAIT),
                    "the agent announced that it stopped:\n" + child.output());
            assertTrue(p.waitFor(20, TimeUnit.SECONDS), "the agent process ended");
            assertTrue(child.output().contains("transceiver proc_tx: transponder proc_rtt matched"), child.output());
            Thread.sleep(1000); // its participant left too (deleted, with a dispose): still "stopped", not "gone"
            AgentStatus stopped = c.status(5);
            assertEquals(AgentStatus.Liveness.STOPPED, stopped.liveness(), "a clean stop is not 'gone': " + stopped);
            assertEquals("stopped", stopped.describe());
            c.remove(TestDefinition.transponder(Target.app(6), "proc_rtt"));
        } finally {
            child.close();
        }
    }
}
