package org.ddstuner.pother.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.time.Duration;
import java.util.List;

import org.ddstuner.dds.CycloneConfig;
import org.ddstuner.dds.Domain;
import org.ddstuner.pother.agent.Agent;
import org.ddstuner.pother.control.PotherController;
import org.ddstuner.pother.protocol.TestQos;
import org.ddstuner.pother.runs.AgentReportSource;
import org.ddstuner.pother.runs.BenchmarkRun;
import org.ddstuner.pother.runs.DiscoveryResult;
import org.ddstuner.pother.runs.EndpointQos;
import org.ddstuner.pother.runs.Points;
import org.ddstuner.pother.runs.RunDefinition;
import org.ddstuner.pother.runs.RunEnvironment;
import org.ddstuner.pother.runs.RunStore;
import org.ddstuner.pother.runs.ScenarioRunner;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Samples missed to discovery, measured by the discovery benchmark between a writer agent in a process of its
 * own and a reader agent here (loopback-only domain 14): a reader joining a writer that sends at 5000/s misses what
 * was sent before it was discovered when volatile (reliable or best effort), and nothing when the pair is
 * transient local with a history deep enough for everything sent. The fresh writer against a waiting reader is
 * matched at creation on one host (Cyclone already knows the reader), so, reliable, it misses nothing.
 */
@Timeout(value = 240, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class DiscoveryMissedTest {

    private static final int DOMAIN = 14;
    private static Domain domain;
    private static AgentChild writerAgent;
    private static Agent readerAgent;
    private static PotherController controller;
    private static RunStore store;

    @BeforeAll
    static void start() throws Exception {
        store = new RunStore(Files.createTempDirectory("ddstuner-missed"));
        domain = Domain.create(DOMAIN, CycloneConfig.loopbackOnly());
        writerAgent = AgentChild.start(DOMAIN, 1);
        readerAgent = Agent.start(domain, 2, "", System.out::println);
        controller = PotherController.open(domain);
        assertTrue(controller.awaitAgents(Duration.ofSeconds(30), 1, 2), "agents: " + controller.agents());
    }

    @AfterAll
    static void stop() throws Exception {
        controller.close();
        readerAgent.close();
        writerAgent.close();
        domain.close();
    }

    private static List<DiscoveryResult> run(RunDefinition d) throws Exception {
        AgentReportSource source = AgentReportSource.of(controller, RunDefinition.Transport.UDP, List.of(1, 2));
        BenchmarkRun run = store.create(d, RunEnvironment.capture(CycloneConfig.loopbackOnly()));
        ScenarioRunner r = ScenarioRunner.start(source, run, List.of(d));
        assertTrue(r.await(Duration.ofSeconds(120)), "the run ended");
        assertEquals(BenchmarkRun.State.FINISHED, run.state(), run.endMessage() + " " + run.messages()
                + "\n" + writerAgent.output());
        List<DiscoveryResult> results = run.discovery().stream().map(Points.Discovery::result).toList();
        assertFalse(results.isEmpty(), "measured: " + run.messages());
        results.forEach(x -> System.out.println(d.label() + ": " + x));
        BenchmarkRun loaded = store.load(run.id());
        assertEquals(d, loaded.definition(), "the definition (durability included) saved and loaded back");
        assertEquals(results, loaded.discovery().stream().map(Points.Discovery::result).toList(),
                "saved and loaded back unchanged");
        return results;
    }

    private static RunDefinition discovery(boolean reliable, EndpointQos qos) {
        return RunDefinition.discovery(64, Duration.ofSeconds(2)).withRate(5000, 1).withReliable(reliable)
                .withPeriod(Duration.ofMillis(100)).withEndpointQos(qos);
    }

    @Test
    void aVolatileReaderJoiningARunningWriterMissesWhatWasSentBeforeIt() throws Exception {
        for (boolean reliable : new boolean[] { true, false }) {
            for (DiscoveryResult x : run(discovery(reliable, EndpointQos.DEFAULTS))) {
                assertTrue(x.lateReaderMissed() > 0, "a volatile late reader misses the samples sent before it: " + x);
                assertTrue(x.lateReaderMatchNanos() > 0 && x.lateReaderFirstSampleNanos() >= x.lateReaderMatchNanos()
                        - 1_000_000, "created → match → first sample: " + x);
                assertTrue(x.writtenBeforeMatch() >= 0, x.toString());
                if (reliable && x.writtenBeforeMatch() == 0) {
                    // matched before its first write: what the reader dropped before it knew the writer is repaired
                    assertEquals(0, x.samplesMissed(), x.toString());
                }
            }
        }
    }

    @Test
    void aTransientLocalPairWithEnoughHistoryMissesNothing() throws Exception {
        // keep last 50,000: more than the writer sends (5000/s) before the late reader joins
        EndpointQos tl = new EndpointQos(50_000, 0, 0).withDurability(TestQos.TRANSIENT_LOCAL);
        RunDefinition d = discovery(true, tl);
        assertTrue(d.label().contains("transient local"), d.label());
        for (DiscoveryResult x : run(d)) {
            assertEquals(0, x.lateReaderMissed(), "the writer's history reaches the late reader from sample 0: " + x);
            assertEquals(0, x.samplesMissed(), "and the waiting one: " + x);
        }
    }
}
