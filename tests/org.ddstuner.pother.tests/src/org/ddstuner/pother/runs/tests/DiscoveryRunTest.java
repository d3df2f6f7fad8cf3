package org.ddstuner.pother.runs.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.time.Duration;
import java.util.List;

import org.ddstuner.dds.CycloneConfig;
import org.ddstuner.dds.Domain;
import org.ddstuner.pother.agent.Agent;
import org.ddstuner.pother.control.PotherController;
import org.ddstuner.pother.runs.AgentReportSource;
import org.ddstuner.pother.runs.BenchmarkRun;
import org.ddstuner.pother.runs.DiscoveryResult;
import org.ddstuner.pother.runs.LocalPairRunner;
import org.ddstuner.pother.runs.Points;
import org.ddstuner.pother.runs.RunDefinition;
import org.ddstuner.pother.runs.RunEnvironment;
import org.ddstuner.pother.runs.RunStore;
import org.ddstuner.pother.runs.ScenarioRunner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The discovery benchmark as the desktop runs it: two real agents (loopback-only domain 196), fresh writers
 * discovering a waiting reader again and again, every measurement saved in the run and loaded back unchanged.
 */
@Timeout(value = 240, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class DiscoveryRunTest {

    @Test
    void freshReadersReportMatchFirstSampleAndSamplesMissedAndTheRunKeepsThem() throws Exception {
        RunStore store = new RunStore(Files.createTempDirectory("ddstuner-discovery"));
        try (Domain domain = Domain.create(196, CycloneConfig.loopbackOnly());
                Agent tx = Agent.start(domain, 1, "", System.out::println);
                Agent rx = Agent.start(domain, 2, "", System.out::println);
                PotherController c = PotherController.open(domain)) {
            AgentReportSource source = AgentReportSource.of(c, RunDefinition.Transport.UDP, List.of(1, 2));
            RunDefinition d = RunDefinition.discovery(64, Duration.ofSeconds(2)).withRate(2000, 1)
                    .withPeriod(Duration.ofMillis(200));
            assertEquals(RunDefinition.Kind.DISCOVERY, d.kind());
            assertEquals(2, d.agentsNeeded());
            assertNotNull(new LocalPairRunner(196).unsupported(d), "the in-process pair says it cannot run it");
            BenchmarkRun run = store.create(d, RunEnvironment.capture(CycloneConfig.loopbackOnly()));
            ScenarioRunner r = ScenarioRunner.start(source, run, List.of(d));
            assertTrue(r.await(Duration.ofSeconds(120)), "the run ended");
            assertEquals(BenchmarkRun.State.FINISHED, run.state(), run.endMessage() + " " + run.messages());

            List<Points.Discovery> points = run.discovery();
            assertTrue(points.size() >= 2, "several fresh writers in 2 s: " + points.size() + " " + run.messages());
            for (int i = 0; i < points.size(); i++) {
                Points.Discovery p = points.get(i);
                DiscoveryResult m = p.result();
                assertEquals(AgentReportSource.agentName(1), p.agent(), "the writer's agent");
                assertEquals(i, m.iteration());
                assertEquals(i % 2 == 0, m.ownParticipant(), "own participants and the agent's take turns");
                assertTrue(m.createToMatchNanos() > 0 && m.createToMatchNanos() < 30_000_000_000L, m.toString());
                // a writer sends to matched readers only: its agent polls for the match every 200 µs, and where a
                // busy machine ran that poll late, the reader's first sample is the match
                assertTrue(m.createToFirstSampleNanos() > m.createToMatchNanos() - 1_000_000, "first sample after the match: "
                        + m);
                assertTrue(m.samplesMissed() >= 0 && m.samplesMissed() < 2000L * 30, "written before the match: " + m);
            }
            for (int app : List.of(1, 2)) {
                assertTrue(run.resources().stream().anyMatch(x -> x.agent().equals(AgentReportSource.agentName(app))
                        && x.resources().rssBytes() > 10 << 20), "CPU/RSS of agent " + app + ": " + run.resources());
            }
            assertTrue(tx.tests().isEmpty() && rx.tests().isEmpty(), "every test removed: " + tx.tests() + rx.tests());

            BenchmarkRun loaded = store.load(run.id());
            assertEquals(d, loaded.definition());
            assertEquals(points, loaded.discovery(), "saved and loaded back unchanged");
        }
    }
}
